import { ATTACHMENT_MAX_BYTES, checkAttachment, cleanFilename, extensionOf } from './attachments';

const pdf = Buffer.from('%PDF-1.7\n...');
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('attachments (spec 2 §5)', () => {
  it('accepts a file whose extension its type allows and whose bytes match', () => {
    expect(checkAttachment('pedido.PDF', pdf, ['pdf', 'jpg'])).toEqual({ ok: true, mime: 'application/pdf', preview: 'PDF' });
    expect(checkAttachment('foto.jpeg', jpg, ['.jpeg'])).toMatchObject({ ok: true, preview: 'IMAGE' });
    expect(checkAttachment('x.png', png, ['png'])).toMatchObject({ ok: true, mime: 'image/png' });
  });
  it('refuses another extension, more than 4MB, or bytes that are not what the name says', () => {
    expect(checkAttachment('a.exe', pdf, ['pdf'])).toEqual({ ok: false, code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED' });
    expect(checkAttachment('sem-extensao', pdf, ['pdf'])).toEqual({ ok: false, code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED' });
    const big = Buffer.concat([pdf, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    expect(checkAttachment('a.pdf', big, ['pdf'])).toEqual({ ok: false, code: 'ATTACHMENT_TOO_LARGE' });
    expect(checkAttachment('a.pdf', png, ['pdf'])).toEqual({ ok: false, code: 'ATTACHMENT_UPLOAD_FAILED' });
  });
  it('cleans names and reads extensions', () => {
    expect(cleanFilename('C:\\docs\\pedido médico<1>.pdf')).toBe('pedido médico_1_.pdf');
    expect(extensionOf('a.tar.GZ')).toBe('gz');
  });
});
