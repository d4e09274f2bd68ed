import { describe, expect, it } from '@jest/globals';
import { cineRateOf } from './api';
import { frameImageUrl } from './frame-images';
import { frameVariants, needsPreview } from './use-frame-picture';

describe('frame pictures', () => {
  const image = { imageKey: '1.2.3', frame: 7, url: '', rows: 4096, columns: 3328 };

  it('asks the viewer route for one frame: a fitted JPEG first, the native PNG without a size', () => {
    const v = frameVariants({ center: 40, width: 400 }, 1024);
    expect(frameImageUrl('s-1', image, v.fast)).toBe(
      '/api/studies/s-1/viewer/images/1.2.3/frames/7?format=jpeg&window=40%2C400&size=1024',
    );
    expect(frameImageUrl('s-1', image, v.native)).toBe(
      '/api/studies/s-1/viewer/images/1.2.3/frames/7?format=png&window=40%2C400',
    );
    expect(frameImageUrl('s-1', image, frameVariants(null, 512).native)).toBe(
      '/api/studies/s-1/viewer/images/1.2.3/frames/7?format=png',
    );
  });

  it('previews only a frame larger than the screen (or of unknown size)', () => {
    expect(needsPreview(image, 1024)).toBe(true);
    expect(needsPreview({ ...image, rows: 512, columns: 512 }, 1024)).toBe(false);
    expect(needsPreview({ ...image, rows: null, columns: null }, 1024)).toBe(true);
  });

  it("plays cine at the file's rate: CineRate, else 1000 / FrameTime, within 1–60", () => {
    expect(cineRateOf({ '00180040': { Value: [30] } })).toBe(30);
    expect(cineRateOf({ '00181063': { Value: ['40'] } })).toBe(25);
    expect(cineRateOf({ '00181063': { Value: [2] } })).toBe(60);
    expect(cineRateOf({})).toBeNull();
  });
});
