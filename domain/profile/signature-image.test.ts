import { SIGNATURE_MAX_BYTES, checkSignatureImage } from './signature-image';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('signature image (spec 3 §5/§9: JPG or PNG up to 2 MB, by content)', () => {
  it('takes PNG and JPEG by their bytes', () => {
    expect(checkSignatureImage(png)).toEqual({ ok: true, mime: 'image/png' });
    expect(checkSignatureImage(jpg)).toEqual({ ok: true, mime: 'image/jpeg' });
  });
  it('refuses other bytes whatever they are called, and more than 2 MB', () => {
    expect(checkSignatureImage(Buffer.from('%PDF-1.7\n'))).toEqual({ ok: false, code: 'SIGNATURE_IMAGE_TYPE_NOT_ALLOWED' });
    expect(checkSignatureImage(Buffer.from('GIF89a'))).toEqual({ ok: false, code: 'SIGNATURE_IMAGE_TYPE_NOT_ALLOWED' });
    expect(checkSignatureImage(Buffer.alloc(0))).toEqual({ ok: false, code: 'SIGNATURE_IMAGE_TYPE_NOT_ALLOWED' });
    const exact = Buffer.concat([png, Buffer.alloc(SIGNATURE_MAX_BYTES - png.length)]);
    expect(checkSignatureImage(exact).ok).toBe(true);
    expect(checkSignatureImage(Buffer.concat([exact, Buffer.alloc(1)]))).toEqual({
      ok: false,
      code: 'SIGNATURE_IMAGE_TOO_LARGE',
    });
  });
});
