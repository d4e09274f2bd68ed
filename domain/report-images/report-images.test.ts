import {
  DEFAULT_MAX_ADJACENT_IMAGES,
  EXTERNAL_IMAGE_MAX_BYTES,
  checkExternalImage,
  groupAllImages,
  orderExternalImages,
  orderLaudoImages,
  reportImagesSettings,
  sanitizeImageName,
  shouldOfferImageSelection,
} from './report-images';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('sanitizeImageName', () => {
  it.each([
    ['Coração.JPG', 'Coracao.JPG'],
    ['Ação Pulmão ÁÉÍÓÚ çãõ ñ.png', 'Acao Pulmao AEIOU cao n.png'],
    ['C:\\fotos\\Tórax (1).jpeg', 'Torax (1).jpeg'],
    ['../../etc/passwd.jpg', 'passwd.jpg'],
    ['a/b/.hidden.png', 'hidden.png'],
    ['emoji 😀 e "aspas".jpg', 'emoji __ e _aspas_.jpg'],
    ['', 'imagem'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeImageName(input)).toBe(expected);
  });
});

describe('checkExternalImage', () => {
  it('accepts jpg, jpeg and png whose bytes say so', () => {
    expect(checkExternalImage('a.jpg', JPEG)).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkExternalImage('a.JPEG', JPEG)).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkExternalImage('a.png', PNG)).toEqual({ ok: true, contentType: 'image/png' });
  });
  it('refuses other extensions, a name that lies about the content, and files over the limit', () => {
    expect(checkExternalImage('a.gif', JPEG)).toMatchObject({ ok: false, code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED' });
    expect(checkExternalImage('a.jpg', PNG)).toMatchObject({ ok: false, code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED' });
    expect(checkExternalImage('a.png', Buffer.from('%PDF-1.7'))).toMatchObject({
      ok: false,
      code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED',
    });
    const big = Buffer.concat([JPEG, Buffer.alloc(EXTERNAL_IMAGE_MAX_BYTES)]);
    expect(checkExternalImage('a.jpg', big)).toMatchObject({ ok: false, code: 'REPORT_IMAGE_TOO_LARGE' });
  });
});

describe('orderLaudoImages', () => {
  it('sorts by order, keeps ties in the order sent, drops repeats and renumbers 1..n', () => {
    const ordered = orderLaudoImages([
      { imageKey: '1.3', order: 5 },
      { imageKey: '1.1', order: 2 },
      { imageKey: '1.2', order: 5 },
      { imageKey: '1.1', order: 9 },
      { imageKey: '1.1', order: 10, frame: 2 },
    ]);
    expect(ordered.map((i) => [i.imageKey, i.frame, i.position])).toEqual([
      ['1.1', 1, 1],
      ['1.3', 1, 2],
      ['1.2', 1, 3],
      ['1.1', 2, 4],
    ]);
    expect(ordered.map((i) => i.order)).toEqual([1, 2, 3, 4]);
  });
  it('keeps external names once, sanitized, in the order sent', () => {
    expect(orderExternalImages(['b.png', 'Coração.jpg', 'b.png'])).toEqual(['b.png', 'Coracao.jpg']);
  });
});

describe('adjacency rule and settings', () => {
  it('offers every image as one group when the study has at most maxAdjacentImages', () => {
    expect(groupAllImages(12, DEFAULT_MAX_ADJACENT_IMAGES)).toBe(true);
    expect(groupAllImages(1, 12)).toBe(true);
    expect(groupAllImages(13, 12)).toBe(false);
    expect(groupAllImages(0, 12)).toBe(false);
    expect(groupAllImages(5, 0)).toBe(false);
  });
  it('reads maxAdjacentImages (default 12) and allowSelectAllImagesReport (string, default false)', () => {
    expect(reportImagesSettings(null)).toEqual({ maxAdjacentImages: 12, allowSelectAllImagesReport: false });
    expect(reportImagesSettings({ maxAdjacentImages: '20', allowSelectAllImagesReport: 'true' })).toEqual({
      maxAdjacentImages: 20,
      allowSelectAllImagesReport: true,
    });
    expect(reportImagesSettings({ maxAdjacentImages: 'x', allowSelectAllImagesReport: 'false' })).toEqual({
      maxAdjacentImages: 12,
      allowSelectAllImagesReport: false,
    });
  });
  it('skips the dialog when the user turned it off or the study has no image', () => {
    expect(shouldOfferImageSelection([], 3)).toBe(true);
    expect(shouldOfferImageSelection([], 0)).toBe(false);
    expect(shouldOfferImageSelection([{ key: 'DISABLE_LAUDO_IMAGE_SELECTOR', value: 'true' }], 3)).toBe(false);
    expect(shouldOfferImageSelection([{ key: 'DISABLE_LAUDO_IMAGE_SELECTOR', value: 'false' }], 3)).toBe(true);
  });
});
