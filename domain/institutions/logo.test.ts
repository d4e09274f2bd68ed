import { LOGO_MAX_BYTES, checkLogo } from './logo';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe('institution logo (spec 3 §3: JPG or PNG, up to 2 MB)', () => {
  it('accepts PNG and JPG whose bytes match the name', () => {
    expect(checkLogo('logo.PNG', png)).toEqual({ ok: true, mime: 'image/png' });
    expect(checkLogo('marca.jpeg', jpg)).toEqual({ ok: true, mime: 'image/jpeg' });
  });
  it('refuses other types, bytes that are not the named type, and more than 2 MB', () => {
    expect(checkLogo('logo.gif', Buffer.from('GIF89a'))).toEqual({ ok: false, code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED' });
    expect(checkLogo('logo.png', jpg)).toEqual({ ok: false, code: 'ATTACHMENT_UPLOAD_FAILED' });
    const big = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]);
    expect(checkLogo('logo.png', big)).toEqual({ ok: false, code: 'INSTITUTION_LOGO_TOO_LARGE' });
    expect(checkLogo('logo.png', Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES - png.length)])).ok).toBe(true);
  });
});
