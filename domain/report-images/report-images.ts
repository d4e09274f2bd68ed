/**
 * Report images (spec 2 §2 'Selecionar Imagens', §3, §7, §9; issue 6): the selection saved
 * with a report version — study instances by imageKey in their order, then external jpg/png
 * files by name — and the pure rules the API and the dialog share.
 */
import { z } from 'zod';
import { ACCOUNT_SETTINGS, accountSetting } from '../accounts/settings';

/** External image files: jpg, jpeg, png (spec 2 §3), at most 10MB each (our limit). */
export const EXTERNAL_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const EXTERNAL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Bounds of one selection: a report page holds 6 images; 60 is ten pages of them. */
export const MAX_LAUDO_IMAGES = 60;
export const MAX_EXTERNAL_IMAGES = 20;
/** External files one report may hold (every version's): bounds storage per report. */
export const MAX_EXTERNAL_IMAGES_PER_REPORT = 30;
/** Upload urls live one hour (spec 2 §7 'timeout 1 hour'). */
export const UPLOAD_URL_TTL_MS = 60 * 60_000;
/** Spec 2 §9: maxAdjacentImages default 12. */
export const DEFAULT_MAX_ADJACENT_IMAGES = ACCOUNT_SETTINGS.maxAdjacentImages.default;

const ImageKey = z.string().regex(/^[0-9.]{1,64}$/);
export const ExternalName = z.string().min(1).max(200);

export const LaudoImage = z
  .object({
    imageKey: ImageKey,
    order: z.number().int().min(0).max(10_000),
    /** 1-based frame of a multi-frame instance (the first when absent). */
    frame: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();
export type LaudoImage = z.infer<typeof LaudoImage>;

export const SaveReportImagesBody = z
  .object({
    laudoImages: z.array(LaudoImage).max(MAX_LAUDO_IMAGES).default([]),
    externalImages: z.array(ExternalName).max(MAX_EXTERNAL_IMAGES).default([]),
  })
  .strict();
export type SaveReportImagesBody = z.input<typeof SaveReportImagesBody>;

export const ExternalImagesCountParam = z.coerce.number().int().min(1).max(MAX_EXTERNAL_IMAGES);

/** One upload slot: POST multipart/form-data to `url` with `fields` and then the `file`. */
export const UploadSlot = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type UploadSlot = z.infer<typeof UploadSlot>;
/** `GET …/reports/external-images/:count`: one upload slot per file. */
export const UploadSlotsAnswer = z.object({ files: z.array(UploadSlot) });
/** What an upload to its slot answers (201): the name the file is stored under. */
export const UploadedImage = z.object({ filename: z.string() });

export const ReportImagesSettings = z.object({
  maxAdjacentImages: z.number().int(),
  allowSelectAllImagesReport: z.boolean(),
});
export type ReportImagesSettings = z.infer<typeof ReportImagesSettings>;

/** What the dialog opens with (`GET …/reports/images`). */
export const ReportImagesView = z.object({
  version: z.number().int(),
  /** saved: this version's; previous: a reopened report's earlier one; keyImages: none saved yet. */
  source: z.enum(['saved', 'previous', 'keyImages']),
  laudoImages: z.array(LaudoImage),
  externalImages: z.array(ExternalName),
  /** The external files uploaded for this report, to pick from. */
  uploadedExternalImages: z.array(ExternalName),
  settings: ReportImagesSettings,
});
export type ReportImagesView = z.infer<typeof ReportImagesView>;

/**
 * Accents stripped (spec 2 §3: 'Coração.JPG' → 'Coracao.JPG'), path parts dropped, and only
 * letters, digits, spaces, dots, dashes, underscores and parentheses kept.
 */
export function sanitizeImageName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const plain = base
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return plain.slice(-120) || 'imagem';
}

export function imageExtension(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** What the bytes are (an extension alone proves nothing). */
export function sniffImage(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

export type ExternalImageCheck =
  | { ok: true; contentType: 'image/jpeg' | 'image/png' }
  | { ok: false; code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED' | 'REPORT_IMAGE_TOO_LARGE' };

/** jpg/jpeg/png by extension AND by content, at most EXTERNAL_IMAGE_MAX_BYTES. */
export function checkExternalImage(name: string, bytes: Uint8Array): ExternalImageCheck {
  const ext = imageExtension(name);
  if (!(EXTERNAL_IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return { ok: false, code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED' };
  if (bytes.length > EXTERNAL_IMAGE_MAX_BYTES) return { ok: false, code: 'REPORT_IMAGE_TOO_LARGE' };
  const sniffed = sniffImage(bytes);
  const expected = ext === 'png' ? 'image/png' : 'image/jpeg';
  if (sniffed !== expected) return { ok: false, code: 'REPORT_IMAGE_TYPE_NOT_ALLOWED' };
  return { ok: true, contentType: sniffed };
}

/**
 * The selection in print order: by `order`, ties kept in the order sent; an image listed
 * twice (same key and frame) is kept once. Positions are renumbered 1..n.
 */
export function orderLaudoImages(images: readonly LaudoImage[]): (LaudoImage & { position: number; frame: number })[] {
  const seen = new Set<string>();
  return images
    .map((img, i) => ({ img, i }))
    .sort((a, b) => a.img.order - b.img.order || a.i - b.i)
    .filter(({ img }) => {
      const k = `${img.imageKey}#${img.frame ?? 1}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .map(({ img }, i) => ({ ...img, frame: img.frame ?? 1, position: i + 1, order: i + 1 }));
}

/** External names, sanitized as stored, each once, in the order sent. */
export function orderExternalImages(names: readonly string[]): string[] {
  return [...new Set(names.map(sanitizeImageName))];
}

/** Account settings (spec 2 §3): maxAdjacentImages (default 12), allowSelectAllImagesReport ('true'/'false'). */
export function reportImagesSettings(config: Record<string, unknown> | null | undefined): ReportImagesSettings {
  return {
    maxAdjacentImages: accountSetting(config, 'maxAdjacentImages'),
    allowSelectAllImagesReport: accountSetting(config, 'allowSelectAllImagesReport'),
  };
}

/**
 * Spec 2 §9: when the study's images are at most maxAdjacentImages in all, they are offered as
 * one group 'Todas as imagens' instead of series by series.
 */
export function groupAllImages(totalImages: number, maxAdjacentImages: number): boolean {
  return totalImages > 0 && totalImages <= maxAdjacentImages;
}

/** Spec 2 §2: the dialog opens on finish unless the user turned it off or the study has no image. */
export function shouldOfferImageSelection(userConfig: readonly { key: string; value: string }[], totalImages: number): boolean {
  const disabled = userConfig.find((c) => c.key === 'DISABLE_LAUDO_IMAGE_SELECTOR')?.value;
  return totalImages > 0 && disabled?.trim().toLowerCase() !== 'true';
}
