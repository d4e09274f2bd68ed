/**
 * The images a report version's PDF shows (issue 6): its selection's study images rendered
 * to JPEG through the imaging code (cached in storage under the laudo, since a frame renders
 * the same every time), then its external files as stored. Numbered in print order.
 */
import { buffer } from 'node:stream/consumers';
import type { Knex } from 'knex';
import type { ReportDocumentInput } from '../../documents/report-pdf/model';
import { labelsFor } from '../../documents/report-pdf/labels';
import { RenderError, renderFrame } from '../../imaging/render';
import type { ObjectStorage } from '../../storage/object-storage';
import { laudoFolder } from '../documents/report-files';
import { selectedImages } from './selected-images';

/** Pixels of the longer side: sharp enough for a half-page cell at 150 dpi. */
export const REPORT_IMAGE_SIZE = 900;

type PdfImages = NonNullable<ReportDocumentInput['images']>;

async function readAll(storage: ObjectStorage, key: string): Promise<Buffer> {
  return buffer(await storage.get(key));
}

export async function loadDocumentImages(
  knex: Knex,
  storage: ObjectStorage,
  scope: { accountId: string; laudoId: string; studyId: string; version: number; lang: 'pt-BR' | 'en' | 'es' },
): Promise<PdfImages> {
  const selection = await selectedImages(knex, scope.accountId, scope.laudoId, scope.version);
  const L = labelsFor(scope.lang);
  const out: PdfImages = [];
  let n = 0;
  if (selection.laudoImages.length > 0) {
    const rows: { sop_instance_uid: string; object_key: string; instance_number: number | null; series_number: number | null }[] =
      await knex('dicom_instances as i')
        .join('dicom_series as se', 'se.id', 'i.series_id')
        .where({ 'i.account_id': scope.accountId, 'i.study_id': scope.studyId })
        .whereIn(
          'i.sop_instance_uid',
          selection.laudoImages.map((i) => i.imageKey),
        )
        .select('i.sop_instance_uid', 'i.object_key', 'i.instance_number', 'se.series_number');
    const byUid = new Map(rows.map((r) => [r.sop_instance_uid, r]));
    for (const img of selection.laudoImages) {
      const row = byUid.get(img.imageKey);
      if (!row) continue; // the instance was deleted since: the report prints what is left
      const cacheKey = `${laudoFolder(scope.accountId, scope.laudoId)}/images/${img.imageKey}-f${img.frame}-${REPORT_IMAGE_SIZE}.jpg`;
      let jpeg: Buffer;
      if (await storage.exists(cacheKey)) jpeg = await readAll(storage, cacheKey);
      else {
        try {
          jpeg = (
            await renderFrame(await readAll(storage, row.object_key), {
              frame: img.frame - 1,
              maxSize: REPORT_IMAGE_SIZE,
              format: 'jpeg',
              quality: 88,
            })
          ).body;
        } catch (err) {
          // An instance without pixels (SR, KO…) cannot be printed; it is left out.
          if (err instanceof RenderError) continue;
          throw err;
        }
        await storage.put(cacheKey, jpeg, { contentType: 'image/jpeg' });
      }
      n += 1;
      out.push({
        kind: 'instance',
        base64: jpeg.toString('base64'),
        caption: `${n}. ${L.imageCaption(String(row.series_number ?? '—'), String(row.instance_number ?? '—'))}`,
      });
    }
  }
  if (selection.externalImages.length > 0) {
    const files: { filename: string; object_key: string }[] = await knex('laudo_external_images')
      .where({ account_id: scope.accountId, laudo_id: scope.laudoId })
      .whereIn('filename', selection.externalImages)
      .select('filename', 'object_key');
    const byName = new Map(files.map((f) => [f.filename, f]));
    for (const name of selection.externalImages) {
      const file = byName.get(name);
      if (!file) continue;
      n += 1;
      out.push({
        kind: 'external',
        base64: (await readAll(storage, file.object_key)).toString('base64'),
        caption: `${n}. ${name}`,
      });
    }
  }
  return out;
}
