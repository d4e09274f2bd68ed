import sharp from 'sharp';
import { demoLogo } from './demo';

// Issue 12: the demo logos spelled the institution's name, which the PDF header also writes
// beside the logo, so the name showed twice. A logo here is the mark alone.
it('the demo logo is a square mark, without the name the header writes beside it', async () => {
  const meta = await sharp(await demoLogo('#1565c0')).metadata();
  expect(meta.format).toBe('png');
  expect(meta.width).toBe(meta.height);
});
