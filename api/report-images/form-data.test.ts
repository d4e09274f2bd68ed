import { MalformedFormData, formDataBoundary, parseFormData } from './form-data';

const B = '----laudos123';
function form(parts: { name: string; filename?: string; body: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const fn = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    chunks.push(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${p.name}"${fn}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${B}--\r\n`));
  return Buffer.concat(chunks);
}

it('reads fields and a binary file with its UTF-8 name', () => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x00]);
  const parts = parseFormData(
    form([
      { name: 'uploadId', body: 'abc' },
      { name: 'file', filename: 'Coração.jpg', body: bytes },
    ]),
    B,
  );
  expect(parts).toHaveLength(2);
  expect(parts[0]).toMatchObject({ name: 'uploadId', filename: null });
  expect(parts[0]!.body.toString()).toBe('abc');
  expect(parts[1]).toMatchObject({ name: 'file', filename: 'Coração.jpg' });
  expect(Buffer.compare(parts[1]!.body, bytes)).toBe(0);
});

it('finds the boundary only in a multipart/form-data type, and refuses broken bodies', () => {
  expect(formDataBoundary(`multipart/form-data; boundary=${B}`)).toBe(B);
  expect(formDataBoundary('multipart/form-data; boundary="x y"')).toBe('x y');
  expect(formDataBoundary('application/json')).toBeNull();
  expect(() => parseFormData(Buffer.from('nothing'), B)).toThrow(MalformedFormData);
  expect(() => parseFormData(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end`), B)).toThrow(
    MalformedFormData,
  );
});
