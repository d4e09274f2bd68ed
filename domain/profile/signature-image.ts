/**
 * The signature image a user draws in their signed PDFs (spec 3 §5/§9): JPG or PNG, at most
 * 2 MB, its type read from its bytes (a PDF named .png is refused).
 */
import { IMAGE_UPLOAD_MAX_BYTES, type ImageMime, imageMimeOf, imageUploadBody } from '../images/uploaded-image';

export const SIGNATURE_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;

export const UploadSignatureBody = imageUploadBody(SIGNATURE_MAX_BYTES);

/** The largest stored image, in pixels: enough for print, small enough for every PDF. */
export const SIGNATURE_STORED_BOX = { width: 1200, height: 400 } as const;

export type SignatureCheck =
  { ok: true; mime: ImageMime } | { ok: false; code: 'SIGNATURE_IMAGE_TYPE_NOT_ALLOWED' | 'SIGNATURE_IMAGE_TOO_LARGE' };

export function checkSignatureImage(bytes: Uint8Array): SignatureCheck {
  if (bytes.length > SIGNATURE_MAX_BYTES) return { ok: false, code: 'SIGNATURE_IMAGE_TOO_LARGE' };
  const mime = imageMimeOf(bytes);
  return mime ? { ok: true, mime } : { ok: false, code: 'SIGNATURE_IMAGE_TYPE_NOT_ALLOWED' };
}
