/**
 * Headers dcmjs alone cannot read: ISO 2022 code extensions (decoded from the bytes, or the
 * file refused as UNSUPPORTED_CHARSET) and a file meta without its group length.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeInstance, newUid } from '../test/support/dicom-files';
import { parseHead, readDicomFile } from './dicom-header';
import { DicomInputError } from './failures';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-charset-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (bytes: Buffer) => {
  const file = path.join(dir, `${newUid()}.dcm`);
  fs.writeFileSync(file, bytes);
  return readDicomFile(file, bytes.length);
};
const instance = (specificCharacterSet: string[], patientName: string, studyDescription = 'CT') =>
  makeInstance({ studyUid: newUid(), seriesUid: newUid(), specificCharacterSet, patientName, studyDescription });

it('decodes a Japanese (ISO 2022 IR 87) person name into its three groups', async () => {
  const h = await read(
    instance(['', 'ISO 2022 IR 87'], 'Yamada^Tarou=\x1b$B;3ED\x1b(B^\x1b$BB@O:\x1b(B=\x1b$B$d$^$@\x1b(B^\x1b$B$?$m$&\x1b(B'),
  );
  expect(h.metadata['00100010']).toEqual({
    vr: 'PN',
    Value: [{ Alphabetic: 'Yamada^Tarou', Ideographic: '山田^太郎', Phonetic: 'やまだ^たろう' }],
  });
  expect(h.patientName).toBe('Tarou Yamada');
  expect(h.metadata['00080005']).toEqual({ vr: 'CS', Value: ['', 'ISO 2022 IR 87'] });
});

it('refuses a character set it cannot decode, and bytes the declared sets cannot hold, as UNSUPPORTED_CHARSET', async () => {
  for (const bytes of [instance(['', 'ISO 2022 IR 159'], 'A^B'), instance(['', 'ISO 2022 IR 87'], 'A^B', 'TC de tórax')]) {
    const err = await read(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DicomInputError);
    expect((err as DicomInputError).reason).toBe('UNSUPPORTED_CHARSET');
  }
});

it('reads a file whose meta has no group length (0002,0000)', () => {
  const bytes = makeInstance({ studyUid: newUid(), seriesUid: newUid(), patientName: 'Sem^Grupo' });
  expect(bytes.readUInt16LE(132)).toBe(0x0002);
  expect(bytes.readUInt16LE(134)).toBe(0x0000);
  const without = Buffer.concat([bytes.subarray(0, 132), bytes.subarray(144)]);
  const h = parseHead(without, without.length, without.subarray(without.length - 8));
  expect(h.patientName).toBe('Grupo Sem');
});
