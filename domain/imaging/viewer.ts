import { z } from 'zod';

/**
 * What the viewer reads of a study (spec 3 §3 'Study as used by the viewer', plus the series
 * and their instances for the stack): `GET /api/studies/{id}/viewer?viewerType=general|mpr`.
 */
export const ViewerSeries = z.object({
  seriesId: z.string(),
  description: z.string(),
  modality: z.string(),
  instanceCount: z.number().int(),
  /** Thumbnail URL under /dicomweb (add ?token=). */
  image: z.string(),
  instanceId: z.string().nullable(),
  /** The window the middle image's header suggests (WindowCenter/WindowWidth), if any. */
  window: z.object({ center: z.number(), width: z.number() }).nullable(),
  /** Instances in order, each with its frame count: the stack the viewer scrolls through. */
  instances: z.array(z.object({ instanceId: z.string(), frames: z.number().int() })),
});
export type ViewerSeries = z.infer<typeof ViewerSeries>;

export const ViewerStudy = z.object({
  id: z.string().uuid(),
  studyInstanceUid: z.string(),
  institutionId: z.string().uuid().nullable(),
  accountId: z.string().uuid(),
  patientId: z.string(),
  patientName: z.string(),
  examType: z.string().nullable(),
  createdAt: z.string(),
  modalities: z.array(z.string()),
  storageClass: z.string(),
  /** STANDARD / GLACIER_IR (domain/imaging/storage-class.ts). */
  storageAvailable: z.boolean(),
  isStoredS3: z.boolean(),
  accessionNumber: z.string().nullable(),
  laudoState: z.number().int(),
  attachments: z.number().int(),
  printStatus: z.string().nullable(),
  series: z.array(ViewerSeries),
});
export type ViewerStudy = z.infer<typeof ViewerStudy>;

export type PresetKey = 'brain' | 'abdomen' | 'lung' | 'bone' | 'soft' | 'bright';
export interface WindowPreset {
  key: PresetKey;
  center: number;
  width: number;
}

/** Window/level presets by modality (center, width); 'Padrão' (the file's own window) comes first in the UI. */
export const WINDOW_PRESETS: Record<string, WindowPreset[]> = {
  CT: [
    { key: 'brain', center: 40, width: 80 },
    { key: 'abdomen', center: 40, width: 400 },
    { key: 'lung', center: -600, width: 1500 },
    { key: 'bone', center: 400, width: 1800 },
  ],
  MR: [
    { key: 'soft', center: 600, width: 1200 },
    { key: 'bright', center: 300, width: 600 },
  ],
};

export function presetsFor(modality: string): WindowPreset[] {
  return WINDOW_PRESETS[modality] ?? [];
}
