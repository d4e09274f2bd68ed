/** An institution's logo (spec 3 §3): JPG or PNG, up to 2 MB, its bytes what its name says. */
import { IMAGE_UPLOAD_MAX_BYTES, imageUploadBody } from '../images/uploaded-image';
import { type AttachmentCheck, checkAttachment } from '../attachments/attachments';

export const LOGO_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

export const UploadLogoBody = imageUploadBody(LOGO_MAX_BYTES);

export type LogoCheck =
  | { ok: true; mime: string }
  | { ok: false; code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED' | 'INSTITUTION_LOGO_TOO_LARGE' | 'ATTACHMENT_UPLOAD_FAILED' };

export function checkLogo(fileName: string, bytes: Uint8Array): LogoCheck {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, code: 'INSTITUTION_LOGO_TOO_LARGE' };
  const check: AttachmentCheck = checkAttachment(fileName, bytes, LOGO_EXTENSIONS);
  if (!check.ok) return { ok: false, code: check.code === 'ATTACHMENT_TOO_LARGE' ? 'INSTITUTION_LOGO_TOO_LARGE' : check.code };
  return { ok: true, mime: check.mime };
}
