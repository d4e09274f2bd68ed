import { z } from 'zod';
import { DicomTag, SeriesPreview, ViewerStudy, type KeyImageBody } from '../../../../domain/studies/viewer';

export { DicomTag, SeriesPreview };
import { apiRequest } from '../../lib/api';

/**
 * The frame reads with the image token it was given (spec 3 §2), the page with the session's.
 * A refused image token is the frame's problem (it renews), never a reason to log out.
 */
const as = (imageToken?: string) => (imageToken ? { headers: { access_token: imageToken }, endSessionOnAuthError: false } : {});

export async function fetchViewerStudy(studyId: string, signal?: AbortSignal, imageToken?: string): Promise<ViewerStudy> {
  const schema = z.object({ study: ViewerStudy });
  const path = `/studies/${encodeURIComponent(studyId)}/viewer?viewerType=general`;
  return (await apiRequest(path, { schema, signal, ...as(imageToken) })).study;
}

export function fetchSeriesPreview(studyId: string, signal?: AbortSignal, imageToken?: string): Promise<SeriesPreview> {
  return apiRequest(`/studies/${encodeURIComponent(studyId)}/series-preview`, {
    schema: SeriesPreview,
    signal,
    ...as(imageToken),
  });
}

type MetadataItem = Record<string, { Value?: unknown[] }>;

/** Frames per second a multi-frame instance was acquired at: CineRate, else 1000 / FrameTime. */
export function cineRateOf(item: MetadataItem): number | null {
  const rate = Number(item['00180040']?.Value?.[0]);
  if (Number.isFinite(rate) && rate > 0) return Math.min(60, Math.max(1, Math.round(rate)));
  const frameTime = Number(item['00181063']?.Value?.[0]);
  if (Number.isFinite(frameTime) && frameTime > 0) return Math.min(60, Math.max(1, Math.round(1000 / frameTime)));
  return null;
}

/** Default window center/width and cine rate of each instance of a series, from its WADO-RS metadata. */
export async function fetchSeriesWindows(
  seriesUrl: string,
  imageToken: string,
  signal?: AbortSignal,
): Promise<{ windows: Map<string, { center: number; width: number }>; cineRates: Map<string, number> }> {
  const res = await fetch(`${seriesUrl}/metadata`, {
    headers: { Accept: 'application/dicom+json', Authorization: `Bearer ${imageToken}` },
    signal,
  });
  if (!res.ok) throw new Error(`metadata ${res.status}`);
  const items = (await res.json()) as MetadataItem[];
  const out = new Map<string, { center: number; width: number }>();
  const cineRates = new Map<string, number>();
  for (const item of items) {
    const sop = item['00080018']?.Value?.[0];
    const cine = cineRateOf(item);
    if (typeof sop === 'string' && cine) cineRates.set(sop, cine);
    const center = Number(item['00281050']?.Value?.[0]);
    const width = Number(item['00281051']?.Value?.[0]);
    if (typeof sop === 'string' && Number.isFinite(center) && Number.isFinite(width) && width > 0)
      out.set(sop, { center, width });
  }
  return { windows: out, cineRates };
}

export function fetchTags(studyId: string, signal?: AbortSignal): Promise<DicomTag[]> {
  return apiRequest(`/studies/${encodeURIComponent(studyId)}/tags`, { schema: z.array(DicomTag), signal });
}

/** A write: with the session's header (the frame is of the same origin), never a URL token. */
export async function setKeyImage(studyId: string, key: Required<KeyImageBody>, marked: boolean): Promise<void> {
  const path = `/studies/${encodeURIComponent(studyId)}/key-image`;
  if (marked) await apiRequest(path, { method: 'POST', body: key });
  else {
    const q = new URLSearchParams({ seriesId: key.seriesId, imageKey: key.imageKey, frame: String(key.frame) });
    await apiRequest(`${path}?${q.toString()}`, { method: 'DELETE' });
  }
}
