/**
 * The print workflow's I/O: the selected series' images (every frame of a multi-frame
 * instance) and the key images rendered as JPEG, laid out in the PDF, stored; the job's live document published.
 */
import { buffer } from 'node:stream/consumers';
import { accountSetting } from '../domain/accounts/settings';
import { ApplicationFailure } from '@temporalio/common';
import type { Knex } from 'knex';
import { createDownloadLink } from '../services/files/download-links';
import { type PrintPdfImage, renderPrintPdf } from '../documents/print-pdf/render';
import { labelsFor, pdfLang } from '../documents/report-pdf/labels';
import { formatDateTime } from '../domain/dates';
import { printObjectKey, printStudyTopic } from '../domain/print/job';
import { RenderError, openImage } from '../imaging/render';
import type { LivePublisher } from '../live/publisher';
import type { ObjectStorage } from '../storage/object-storage';
import type { PrintActivities } from '../workflows/print/messages';

/** Bounds one job's work: pixels per image and images per job. */
export const PRINT_IMAGE_SIZE = 1024;
export const PRINT_MAX_IMAGES = 400;

export function createPrintActivities(deps: { knex: Knex; publisher: LivePublisher; storage: ObjectStorage }): PrintActivities {
  const { knex, publisher, storage } = deps;
  return {
    async publishPrintStatus({ accountId, key, doc }) {
      await publisher.publishRetained(printStudyTopic(accountId, key), JSON.stringify(doc));
    },

    async linkPrintFile({ accountId, objectKey, filename, ttlMs }) {
      const downloadUrl = await createDownloadLink(
        knex,
        { accountId, objectKey, filename, contentType: 'application/pdf' },
        ttlMs,
      );
      return { downloadUrl };
    },

    async cleanupPrint({ accountId, key }) {
      const objectKey = printObjectKey(accountId, key);
      await storage.delete(objectKey);
      await knex('download_links').where({ account_id: accountId, object_key: objectKey }).delete();
      // An empty retained message removes the retained document (MQTT 3.3.1.3).
      await publisher.publishRetained(printStudyTopic(accountId, key), '');
    },

    async renderPrintStudy({ accountId, studyId, key, options, lang }) {
      const study = await knex('studies as s')
        .join('patients as p', function () {
          this.on('p.id', 's.patient_ref').andOn('p.account_id', 's.account_id');
        })
        .leftJoin('accounts as a', 'a.id', 's.account_id')
        .where({ 's.id': studyId, 's.account_id': accountId })
        .first('p.name', 'p.patient_id', 's.accession_number', 's.exam_type', 's.exam_date', 'a.config');
      if (!study) throw ApplicationFailure.nonRetryable('study not found', 'PrintRenderError');

      // Key images first (their own group), then the chosen series (all when none chosen).
      const wanted: { object_key: string; series_uid: string; frame: number; label: string }[] = [];
      // Each image is labelled as the viewer and the report name it: 'Série 2 · Imagem 3'.
      const L = labelsFor(pdfLang(lang));
      const labelOf = (series: number | null, instance: number | null, frame: number, frames: number) =>
        `${L.imageCaption(String(series ?? '—'), String(instance ?? '—'))}${frames > 1 ? ` (${frame + 1}/${frames})` : ''}`;
      if (options.includeKeyImages) {
        const keys = await knex('study_key_images as k')
          .join('dicom_instances as i', function () {
            this.on('i.sop_instance_uid', 'k.sop_instance_uid').andOn('i.account_id', 'k.account_id');
          })
          .where({ 'k.study_id': studyId, 'k.account_id': accountId })
          .join('dicom_series as se', 'se.id', 'i.series_id')
          .orderBy('k.created_at')
          .select('i.object_key', 'k.frame', 'se.series_number', 'i.instance_number', 'i.number_of_frames');
        wanted.push(
          ...keys.map(
            (k: {
              object_key: string;
              frame: number;
              series_number: number | null;
              instance_number: number | null;
              number_of_frames: number;
            }) => ({
              object_key: k.object_key,
              series_uid: 'key-images',
              frame: k.frame - 1,
              label: labelOf(k.series_number, k.instance_number, k.frame - 1, k.number_of_frames),
            }),
          ),
        );
      }
      let series = knex('dicom_series as se')
        .join('dicom_instances as i', 'i.series_id', 'se.id')
        .where({ 'se.study_id': studyId, 'se.account_id': accountId });
      if (options.seriesIds.length > 0) series = series.whereIn('se.series_instance_uid', options.seriesIds);
      else if (options.includeKeyImages) series = series.whereRaw('false');
      const instances: {
        object_key: string;
        series_uid: string;
        number_of_frames: number;
        series_number: number | null;
        instance_number: number | null;
      }[] = await series
        .orderByRaw('se.series_number NULLS LAST, se.series_instance_uid, i.instance_number NULLS LAST, i.created_at')
        .select(
          'i.object_key',
          'se.series_instance_uid as series_uid',
          'i.number_of_frames',
          'se.series_number',
          'i.instance_number',
        );
      // Every frame of a multi-frame instance is an image of its own, in frame order.
      for (const i of instances)
        for (let frame = 0; frame < Math.max(1, i.number_of_frames) && wanted.length < PRINT_MAX_IMAGES; frame++)
          wanted.push({
            object_key: i.object_key,
            series_uid: i.series_uid,
            frame,
            label: labelOf(i.series_number, i.instance_number, frame, i.number_of_frames),
          });

      const images: PrintPdfImage[] = [];
      // The frames of one instance come together: its file is read and parsed once for all.
      let opened = null as { key: string; render: ReturnType<typeof openImage> } | null;
      for (const w of wanted.slice(0, PRINT_MAX_IMAGES)) {
        if (opened?.key !== w.object_key) {
          const render = openImage(await buffer(await storage.get(w.object_key)));
          render.catch(() => undefined); // awaited below; a file without pixels fails each of its frames
          opened = { key: w.object_key, render };
        }
        try {
          const r = await (await opened.render)({ frame: w.frame, maxSize: PRINT_IMAGE_SIZE, format: 'jpeg', quality: 90 });
          images.push({ seriesId: w.series_uid, jpeg: r.body, width: r.width, height: r.height, label: w.label });
        } catch (err) {
          // SR, PR, KO… have no pixels: left out of the print, as from the viewer.
          if (!(err instanceof RenderError)) throw err;
        }
      }
      if (images.length === 0) throw ApplicationFailure.nonRetryable('no image to print', 'PrintRenderError');

      const customHeader = accountSetting(study.config, 'PRINT_CUSTOM_HEADER');
      const pdf = await renderPrintPdf({
        options,
        header: {
          customHeader: customHeader || null,
          patientName: String(study.name).replace(/\^/g, ' ').trim(),
          patientId: study.patient_id,
          accessionNumber: study.accession_number,
          examType: study.exam_type,
          examDate: study.exam_date ? formatDateTime(study.exam_date, lang ?? 'pt-BR') : null,
        },
        images,
      });
      const objectKey = printObjectKey(accountId, key);
      await storage.put(objectKey, pdf, { contentType: 'application/pdf' });
      const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
      return { objectKey, pages };
    },
  };
}
