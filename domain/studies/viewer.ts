/** The multi-study viewer (spec 3 §2–§3): the study as the viewer uses it, key images. */
import { z } from 'zod';

export const VIEWER_TYPES = ['general', 'mpr'] as const;
/** `GET /studies/:id/viewer?viewerType=`. */
export const ViewerQuery = z.object({ viewerType: z.enum(VIEWER_TYPES).default('general') });
export type ViewerType = (typeof VIEWER_TYPES)[number];

/** Report states whose report may not be edited from the viewer (spec 3 §3). */
export const VIEWER_LOCKED_STATES: readonly number[] = [20, 21];

export const ViewerThumbnail = z.object({
  seriesId: z.string(),
  description: z.string(),
  modality: z.string(),
  instanceId: z.string().nullable(),
  instanceCount: z.number().int(),
  image: z.string(),
});

/** One of the patient's other studies (`GET /studies/patient`, the viewer's history). */
export const PatientStudy = z.object({
  id: z.string().uuid(),
  createdAt: z.string().nullable(),
  examType: z.string().nullable(),
});
export type PatientStudy = z.infer<typeof PatientStudy>;

export const ViewerStudy = z.object({
  id: z.string().uuid(),
  studyInstanceUid: z.string(),
  institutionId: z.string().uuid().nullable(),
  accountId: z.string().uuid(),
  patientId: z.string(),
  patientName: z.string(),
  examType: z.string().nullable(),
  createdAt: z.string().nullable(),
  modalities: z.array(z.string()),
  storageClass: z.string(),
  /** STANDARD / GLACIER_IR (domain/imaging/storage-class.ts): pixels can be read. */
  storageAvailable: z.boolean(),
  isStoredS3: z.boolean(),
  printStatus: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  laudoState: z.number().int(),
  /** By series instance UID (spec 3 §3 thumbnails). */
  thumbnails: z.record(z.string(), ViewerThumbnail),
  attachments: z.number().int(),
  keyImages: z.array(z.object({ seriesId: z.string(), imageKey: z.string(), frame: z.number().int() })),
  /** The patient's other studies (spec 3 §2 patient exam history), newest first. */
  history: z.array(PatientStudy),
  /** The caller may write reports here (the side strip's editor toggle). */
  canSaveReports: z.boolean(),
});
export type ViewerStudy = z.infer<typeof ViewerStudy>;

/** One series of `GET /studies/:id/series-preview`, with its instances and their DICOMweb addresses. */
export const PreviewSeries = z.object({
  seriesId: z.string(),
  seriesNumber: z.number().int().nullable(),
  studyId: z.string().uuid(),
  description: z.string(),
  modality: z.string(),
  instanceCount: z.number().int(),
  /** The middle instance (the series' thumbnail), null for an empty series. */
  instanceId: z.string().nullable(),
  url: z.string(),
  instances: z.array(
    z.object({
      imageKey: z.string(),
      frames: z.number().int(),
      instanceNumber: z.number().int().nullable(),
      rows: z.number().int().nullable(),
      columns: z.number().int().nullable(),
      url: z.string(),
    }),
  ),
});
export type PreviewSeries = z.infer<typeof PreviewSeries>;
export const SeriesPreview = z.array(PreviewSeries);
export type SeriesPreview = z.infer<typeof SeriesPreview>;

/** One element of the DICOM tags dialog (spec 2 'Tag: code, Name, Value'). */
export const DicomTag = z.object({ code: z.string(), Name: z.string(), Value: z.string() });
export type DicomTag = z.infer<typeof DicomTag>;

const Uid = z.string().regex(/^[0-9.]{1,64}$/);
export const KeyImageBody = z.object({ seriesId: Uid, imageKey: Uid, frame: z.number().int().min(1).default(1) }).strict();
export type KeyImageBody = z.input<typeof KeyImageBody>;
export const KeyImageQuery = z.object({ seriesId: Uid, imageKey: Uid, frame: z.coerce.number().int().min(1).default(1) });

export type PresetName = 'brain' | 'subdural' | 'lung' | 'mediastinum' | 'abdomen' | 'liver' | 'bone' | 'soft' | 'high';
type Preset = readonly [PresetName, number, number];

/** Window/level presets by modality: [label key, center, width]. */
export const WINDOW_PRESETS: Record<string, readonly Preset[]> = {
  CT: [
    ['brain', 40, 80],
    ['subdural', 75, 215],
    ['lung', -600, 1500],
    ['mediastinum', 50, 350],
    ['abdomen', 40, 400],
    ['liver', 60, 160],
    ['bone', 400, 1800],
  ],
  MR: [
    ['soft', 600, 1200],
    ['high', 1000, 2000],
  ],
  CR: [
    ['soft', 2048, 4096],
    ['bone', 2500, 2000],
  ],
  DX: [
    ['soft', 2048, 4096],
    ['bone', 2500, 2000],
  ],
};

export function windowPresets(modality: string): readonly Preset[] {
  return WINDOW_PRESETS[modality.toUpperCase()] ?? [];
}

/** The grid of opened studies: one fills, two side by side, three or more in 2x2 pages. */
export function viewerGrid(count: number): { columns: number; rows: number } {
  if (count <= 1) return { columns: 1, rows: 1 };
  if (count === 2) return { columns: 2, rows: 1 };
  return { columns: 2, rows: 2 };
}

/**
 * One frame of an instance as the viewer shows it (issue 15): `size` fits the picture in that
 * many pixels (a fast preview); without it the frame comes at its native Rows × Columns.
 * PNG is lossless (the full-resolution picture of a diagnostic read), JPEG smaller (cine).
 */
export const FrameImageQuery = z.object({
  window: z
    .string()
    .regex(/^-?\d+(\.\d+)?,\d+(\.\d+)?$/)
    .optional(),
  size: z.coerce.number().int().min(16).max(8192).optional(),
  format: z.enum(['jpeg', 'png']).default('jpeg'),
  quality: z.coerce.number().int().min(1).max(100).optional(),
});
export type FrameImageQuery = z.infer<typeof FrameImageQuery>;
