/**
 * The calls of the 'Selecionar Imagens' dialog (spec 2 §7, issue 6): the study's series and
 * images, the version's selection, saving it, and the external files' url + fields upload.
 */
import { examPath } from '../../lib/exam-path';
import {
  ReportImagesView,
  type SaveReportImagesBody,
  type UploadSlot,
  UploadSlotsAnswer,
  UploadedImage,
} from '../../../../domain/report-images/report-images';
import { PreviewSeries, SeriesPreview } from '../../../../domain/studies/viewer';
import i18n from '../../i18n';
import { apiRequest } from '../../lib/api';
import { errorFromResponse } from '../../lib/errors';

export { PreviewSeries };

const studyPath = examPath;

export const fetchSeriesPreview = (studyId: string) =>
  apiRequest(`${studyPath(studyId)}/series-preview`, { schema: SeriesPreview });

export const fetchReportImages = (studyId: string) =>
  apiRequest(`${studyPath(studyId)}/reports/images`, { schema: ReportImagesView });

export const saveReportImages = (studyId: string, body: SaveReportImagesBody) =>
  apiRequest(`${studyPath(studyId)}/reports/images`, { method: 'POST', body, schema: ReportImagesView });

/** An instance's thumbnail: the rendered image url with the thumbnail size. */
export const instanceThumbnail = (renderedUrl: string) => renderedUrl.replace(/\/rendered$/, '/thumbnail');

/** The upload runs up to an hour (spec 2 §7). */
const UPLOAD_TIMEOUT_MS = 60 * 60_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One file to its url with the slot's fields (XHR: fetch reports no upload progress). */
function postFile(slot: UploadSlot, file: File, onProgress: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(slot.fields)) form.append(k, v);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', slot.url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept-Language', i18n.language);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status !== 201) return reject(errorFromResponse(xhr.status, parseJson(xhr.responseText)));
      const parsed = UploadedImage.safeParse(parseJson(xhr.responseText));
      if (parsed.success) resolve(parsed.data.filename);
      else reject(new Error('unexpected upload answer'));
    };
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.ontimeout = () => reject(new Error('upload timed out'));
    xhr.send(form);
  });
}

/** Sends the files (one url each) and answers their stored names; progress is 0..1 over all bytes. */
export async function uploadExternalImages(
  studyId: string,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<string[]> {
  const { files: slots } = await apiRequest(`${studyPath(studyId)}/reports/external-images/${files.length}`, {
    schema: UploadSlotsAnswer,
  });
  const total = files.reduce((n, f) => n + f.size, 0) || 1;
  const loaded = files.map(() => 0);
  const names: string[] = [];
  for (const [i, file] of files.entries()) {
    names.push(
      await postFile(slots[i]!, file, (n) => {
        loaded[i] = n;
        onProgress(loaded.reduce((a, b) => a + b, 0) / total);
      }),
    );
  }
  return names;
}
