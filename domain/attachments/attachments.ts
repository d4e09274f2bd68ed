/** Study attachments (spec 2 §3, §5, §6, §7): types, size, extension and content checks. */
import { z } from 'zod';

/** Spec 2 §5/§9: at most 4MB. */
export const ATTACHMENT_MAX_BYTES = 4 * 1024 * 1024;

/** What the platform can recognise by content (an extension alone proves nothing). */
const SIGNATURES: Record<string, { mime: string; preview: 'PDF' | 'IMAGE'; test: (b: Uint8Array) => boolean }> = {
  pdf: { mime: 'application/pdf', preview: 'PDF', test: (b) => ascii(b, 0, '%PDF-') },
  jpg: { mime: 'image/jpeg', preview: 'IMAGE', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  jpeg: { mime: 'image/jpeg', preview: 'IMAGE', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  png: { mime: 'image/png', preview: 'IMAGE', test: (b) => ascii(b, 1, 'PNG') && b[0] === 0x89 },
};
export const KNOWN_EXTENSIONS = Object.keys(SIGNATURES);

function ascii(b: Uint8Array, at: number, text: string): boolean {
  return [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
}

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim());
  return m ? m[1]!.toLowerCase() : '';
}

export type AttachmentCheck =
  | { ok: true; mime: string; preview: 'PDF' | 'IMAGE' }
  | { ok: false; code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED' | 'ATTACHMENT_TOO_LARGE' | 'ATTACHMENT_UPLOAD_FAILED' };

/**
 * The file's extension must be one its type allows ('Extensão não permitida'), it must be at
 * most 4MB, and its bytes must be what the extension says.
 */
export function checkAttachment(filename: string, bytes: Uint8Array, allowed: readonly string[]): AttachmentCheck {
  const ext = extensionOf(filename);
  if (!ext || !allowed.map((e) => e.toLowerCase().replace(/^\./, '')).includes(ext)) {
    return { ok: false, code: 'ATTACHMENT_EXTENSION_NOT_ALLOWED' };
  }
  if (bytes.length > ATTACHMENT_MAX_BYTES) return { ok: false, code: 'ATTACHMENT_TOO_LARGE' };
  const sig = SIGNATURES[ext];
  if (!sig || bytes.length === 0 || !sig.test(bytes)) return { ok: false, code: 'ATTACHMENT_UPLOAD_FAILED' };
  return { ok: true, mime: sig.mime, preview: sig.preview };
}

/** File names keep letters, digits, spaces, dots, dashes and underscores. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200) || 'anexo';
}

export const UploadAttachmentBody = z
  .object({
    studyId: z.string().uuid(),
    accessionNumber: z.string().max(64).nullable().optional(),
    accountId: z.string().uuid().optional(),
    attachmentExtensionsId: z.string().uuid(),
    attachment: z.object({
      name: z.string().min(1).max(255),
      mimetype: z.string().max(100).optional(),
      size: z.number().int().min(0).optional(),
      /** Base64 of the file (a data: URL prefix is accepted). */
      data: z.string().min(1),
    }),
  })
  .strict();
export type UploadAttachmentBody = z.input<typeof UploadAttachmentBody>;

export const AttachmentRef = z.object({
  attachmentId: z.string().uuid(),
  studyId: z.string().uuid(),
  accessionNumber: z.string().max(64).optional(),
  accountId: z.string().uuid().optional(),
});

export const Attachment = z.object({
  id: z.string().uuid(),
  attachmentType: z.string(),
  filename: z.string(),
  sizeInBytes: z.number().int(),
  previewType: z.enum(['PDF', 'IMAGE']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;

export const AttachmentType = z.object({ id: z.string().uuid(), title: z.string(), extensionsAllowed: z.array(z.string()) });
export type AttachmentType = z.infer<typeof AttachmentType>;

/** `GET /studies/attachments`: the exam's attachments and what the caller may do with them. */
export const AttachmentList = z.object({
  attachments: z.array(Attachment),
  can: z.object({ create: z.boolean(), download: z.boolean(), delete: z.boolean() }),
});
export type AttachmentList = z.infer<typeof AttachmentList>;

/** `GET /studies/attachments/download`: a download link (/api/files/:token) to the file. */
export const AttachmentLink = z.object({ downloadUrl: z.string(), filename: z.string(), previewType: z.enum(['PDF', 'IMAGE']) });
export type AttachmentLink = z.infer<typeof AttachmentLink>;
