import { z } from 'zod';
import { ConnectCheck, ConnectDownloadRequest } from '../../../../domain/connect/download-request';
import { PreparedDownload } from '../../../../domain/download/prepare';
import { apiRequest } from '../../lib/api';

export { ConnectCheck, ConnectDownloadRequest };

/** Saved as the user setting DOWNLOAD_OPTIONS (spec 2 §3). */
export const DownloadOptions = z.object({
  folderPath: z.string().default(''),
  includePatientId: z.boolean().default(false),
  includeAccessionNumber: z.boolean().default(false),
  includeDate: z.boolean().default(false),
  includePatientName: z.boolean().default(false),
  imageFormats: z.array(z.enum(['JPEG', 'DICOM'])).default(['DICOM']),
  includeLaudoAtivo: z.boolean().default(true),
  includeLaudosInativos: z.boolean().default(false),
  includeAnexos: z.boolean().default(false),
});
export type DownloadOptions = z.infer<typeof DownloadOptions>;
export const DEFAULT_DOWNLOAD_OPTIONS: DownloadOptions = DownloadOptions.parse({});

export async function loadDownloadOptions(): Promise<DownloadOptions> {
  const res = await apiRequest<{ value: string | null }>('/users/config/DOWNLOAD_OPTIONS');
  if (!res.value) return DEFAULT_DOWNLOAD_OPTIONS;
  try {
    const parsed = DownloadOptions.safeParse(JSON.parse(res.value));
    return parsed.success ? parsed.data : DEFAULT_DOWNLOAD_OPTIONS;
  } catch {
    return DEFAULT_DOWNLOAD_OPTIONS;
  }
}

export function saveDownloadOptions(value: DownloadOptions): Promise<unknown> {
  return apiRequest('/users/config', { method: 'POST', body: { key: 'DOWNLOAD_OPTIONS', value } });
}

/** What the download button and dialog need of the study (the viewer's study context). */
export const DownloadStudy = z.object({
  storageAvailable: z.boolean(),
  thumbnails: z.record(
    z.string(),
    z.object({ seriesId: z.string(), description: z.string(), instanceCount: z.number(), image: z.string() }),
  ),
});
export type DownloadStudy = z.infer<typeof DownloadStudy>;

export const downloadStudy = async (studyId: string): Promise<DownloadStudy> =>
  (await apiRequest(`/studies/${encodeURIComponent(studyId)}/viewer`, { schema: z.object({ study: DownloadStudy }) })).study;

/** GET /studies/{id}/connect/check: whether the study's Connect can take a download now. */
export const checkConnect = (studyId: string): Promise<ConnectCheck> =>
  apiRequest(`/studies/${encodeURIComponent(studyId)}/connect/check`, { schema: ConnectCheck });

export const connectDownloads = async (studyId: string): Promise<ConnectDownloadRequest[]> =>
  (
    await apiRequest(`/medicalRecords/connectDownloads?studyId=${encodeURIComponent(studyId)}`, {
      schema: z.object({ requests: z.array(ConnectDownloadRequest) }),
    })
  ).requests;

const flag = (b: boolean) => (b ? '1' : '0');
/** With `connect`, the zip is queued for the study's Connect, which writes it under folderPath. */
export function prepareDownload(
  studyId: string,
  o: DownloadOptions,
  seriesIds: string[],
  connect = false,
): Promise<PreparedDownload> {
  const q = new URLSearchParams({
    studyIds: studyId,
    dicomSeries: flag(o.imageFormats.includes('DICOM')),
    imageSeries: flag(o.imageFormats.includes('JPEG')),
    activeLaudos: flag(o.includeLaudoAtivo),
    inactiveLaudos: flag(o.includeLaudosInativos),
    attachments: flag(o.includeAnexos),
    includePatientId: flag(o.includePatientId),
    includePatientName: flag(o.includePatientName),
    includeAccessionNumber: flag(o.includeAccessionNumber),
    includeDate: flag(o.includeDate),
    seriesIds: seriesIds.join(','),
  });
  if (connect) {
    q.set('mode', 'connect');
    q.set('fullPath', o.folderPath.trim());
  }
  return apiRequest(`/medicalRecords/prepareDownload?${q}`, { schema: PreparedDownload });
}
