/**
 * An image sent to the platform as base64 JSON (institution logo, signature image): the body
 * schema, and the type read from the bytes themselves (a name or extension proves nothing).
 */
import { z } from 'zod';

/** Spec 3 §5/§9: logo and signature image up to 2 MB. */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export type ImageMime = 'image/png' | 'image/jpeg';

/** The body of an image upload: its name and its bytes in base64 (2 MB of file ≈ 2.7 MB of text). */
export function imageUploadBody(maxBytes: number) {
  return z
    .object({
      fileName: z.string().trim().min(1).max(200),
      // A little over the limit is let through so the size check can say 'too large'.
      file: z
        .string()
        .min(4)
        .max(Math.ceil((maxBytes * 4) / 3) + 4096),
    })
    .strict();
}

/** PNG or JPEG by their magic bytes; null for anything else. */
export function imageMimeOf(bytes: Uint8Array): ImageMime | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
