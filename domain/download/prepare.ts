/**
 * `GET /medicalRecords/prepareDownload` query (spec 2 §7): 0/1 flags, comma lists. The
 * subfolder flags carry the DOWNLOAD_OPTIONS names (includePatientId…).
 */
import { z } from 'zod';

const flag = z
  .enum(['0', '1'])
  .default('0')
  .transform((v) => v === '1');
const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
const uuidList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().uuid()).max(200));

export const PrepareDownloadQuery = z
  .object({
    studyIds: uuidList.pipe(z.array(z.string()).min(1).max(50)),
    /** SeriesInstanceUIDs (the keys of the study's thumbnails). */
    seriesIds: list.pipe(
      z
        .array(
          z
            .string()
            .regex(/^[0-9]+(\.[0-9]+)*$/)
            .max(64),
        )
        .max(500),
    ),
    cpf: z.string().max(20).optional(),
    activeLaudos: flag,
    inactiveLaudos: flag,
    attachments: flag,
    dicomSeries: flag,
    imageSeries: flag,
    includePatientId: flag,
    includePatientName: flag,
    includeAccessionNumber: flag,
    includeDate: flag,
  })
  .refine((q) => q.activeLaudos || q.inactiveLaudos || q.attachments || q.dicomSeries || q.imageSeries, 'nothing to download');
export type PrepareDownloadQuery = z.infer<typeof PrepareDownloadQuery>;

/**
 * What prepareDownload answers: the live topic to watch for the zip (`finished`, then its
 * downloadUrl there); in Connect mode the request queued for the clinic's agent.
 */
export const PreparedDownload = z.object({
  finished: z.boolean(),
  shortKey: z.string(),
  topic: z.string(),
  /** The zip's address when `finished` (the api answers before the zip exists: it comes on the topic). */
  downloadUrl: z.string().optional(),
  /** Connect mode: the request is queued for the clinic's agent (nothing to open here). */
  queued: z.literal(true).optional(),
  requestId: z.string().optional(),
});
export type PreparedDownload = z.infer<typeof PreparedDownload>;
