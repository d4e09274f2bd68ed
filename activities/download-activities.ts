/**
 * The download workflow's I/O: a zip streamed with yazl into object storage, one source at
 * a time (memory stays flat whatever the study's size), progress heartbeated and published
 * on the download's live topic, then a short-lived link.
 */
import { type Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Context, log } from '@temporalio/activity';
import type { Knex } from 'knex';
import { ZipFile } from 'yazl';
import { markConnectDownloadReady, failConnectDownload } from '../services/connects/connect-downloads';
import { hasVersionDocument, versionPdf } from '../services/documents/version-pdf';
import { createDownloadLink } from '../services/files/download-links';
import { loadLaudoRecord } from '../services/reports/laudo-record';
import { joinPath, safeSegment, studyFolder } from '../domain/download/zip-paths';
import { type DownloadDocument, downloadTopic } from '../domain/live/download-document';
import { RenderError, openImage } from '../imaging/render';
import type { LivePublisher } from '../live/publisher';
import type { ObjectStorage } from '../storage/object-storage';
import type { DownloadActivities, DownloadInput } from '../workflows/download/messages';
import type { LaudoRecord } from '../workflows/laudo/messages';

/** Uncompressed DICOM transfer syntaxes deflate well; everything else is stored as is. */
const UNCOMPRESSED = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.2']);
const PROGRESS_EVERY_MS = 500;

export type Entry =
  | { kind: 'object'; path: string; key: string; compress: boolean; size: number }
  /** Rendered to JPEG: one file per frame (`-f0001.jpg`…) for a multi-frame instance. */
  | { kind: 'jpeg'; path: string; key: string; size: number; frames: number };

export const downloadZipKey = (accountId: string, shortKey: string) => `accounts/${accountId}/downloads/${shortKey}.zip`;

/**
 * The study's report PDFs: the active version's and/or the archived ones', each its signed
 * PDF or, when concluded but not signed, its text rendered (versionPdf, as the editor's
 * download does). Versions without a document (drafts) have none.
 */
async function reportEntries(
  knex: Knex,
  storage: ObjectStorage,
  input: DownloadInput,
  study: { id: string; laudoId: string },
  folder: string,
): Promise<Entry[]> {
  const where = { laudo_id: study.laudoId, account_id: input.accountId };
  const [laudo, signed, versions] = await Promise.all([
    knex('laudos').where({ id: study.laudoId, account_id: input.accountId }).first('version'),
    knex('laudo_documents').where(where).select('version'),
    knex('laudo_versions').where(where).select('version', 'state', 'cancelled', 'content_id'),
  ]);
  const numbers = new Set<number>(signed.map((d: { version: number }) => d.version));
  for (const v of versions) if (hasVersionDocument(v)) numbers.add(v.version);
  let record: LaudoRecord | undefined;
  const entries: Entry[] = [];
  for (const version of [...numbers].sort((a, b) => a - b)) {
    const active = laudo && version === laudo.version;
    if (active ? !input.activeReport : !input.inactiveReports) continue;
    record ??= (await loadLaudoRecord(knex, input.accountId, study.laudoId)).record;
    const { key } = await versionPdf(knex, storage, { access: { accountId: input.accountId }, study: { id: study.id }, record }, version, input.lang);
    const name = active ? 'laudo.pdf' : `laudo-v${version}-inativo.pdf`;
    entries.push({ kind: 'object', path: joinPath(folder, 'Laudos', name), key, compress: false, size: 0 });
  }
  return entries;
}

/** Every file of the zip, in order, from the index (no bytes read yet; unsigned report PDFs rendered). */
async function planEntries(knex: Knex, storage: ObjectStorage, input: DownloadInput): Promise<Entry[]> {
  const studies = await knex('studies as s')
    .join('patients as p', function () {
      this.on('p.id', 's.patient_ref').andOn('p.account_id', 's.account_id');
    })
    .where('s.account_id', input.accountId)
    .whereIn('s.id', input.studyIds)
    .orderBy('s.exam_date')
    .select('s.id', 's.laudo_id', 's.accession_number', 's.exam_date', 'p.patient_id', 'p.name as patient_name');
  const entries: Entry[] = [];
  for (const s of studies) {
    const folder = studyFolder(
      { studyId: s.id, patientId: s.patient_id, patientName: s.patient_name, accessionNumber: s.accession_number, examDate: s.exam_date },
      input.folders,
      studies.length > 1,
    );
    if (input.dicom || input.jpeg) {
      const q = knex('dicom_instances as i')
        .join('dicom_series as se', 'se.id', 'i.series_id')
        .where({ 'i.account_id': input.accountId, 'i.study_id': s.id })
        .orderBy([{ column: 'se.series_number' }, { column: 'se.series_instance_uid' }, { column: 'i.instance_number' }, { column: 'i.created_at' }])
        .select('se.id as series_id', 'se.series_number', 'se.description', 'i.instance_number', 'i.sop_instance_uid', 'i.object_key', 'i.transfer_syntax_uid', 'i.size', 'i.number_of_frames');
      if (input.seriesIds.length) q.whereIn('se.id', input.seriesIds);
      const rows = await q;
      const seen = new Set<string>();
      for (const r of rows) {
        const series = safeSegment(`${r.series_number ?? 0}-${r.description ?? 'serie'}`, 'serie');
        // Instance numbers repeat in some studies; the SOP UID then keeps names unique.
        let base = r.instance_number != null ? String(r.instance_number).padStart(4, '0') : r.sop_instance_uid;
        if (seen.has(`${series}/${base}`)) base = r.sop_instance_uid;
        seen.add(`${series}/${base}`);
        if (input.dicom) {
          entries.push({ kind: 'object', path: joinPath(folder, 'DICOM', series, `${base}.dcm`), key: r.object_key, compress: UNCOMPRESSED.has(r.transfer_syntax_uid), size: Number(r.size) });
        }
        if (input.jpeg) entries.push({ kind: 'jpeg', path: joinPath(folder, 'JPEG', series, `${base}.jpg`), key: r.object_key, size: Number(r.size), frames: Math.max(1, Number(r.number_of_frames ?? 1)) });
      }
    }
    if ((input.activeReport || input.inactiveReports) && s.laudo_id) {
      entries.push(...(await reportEntries(knex, storage, input, { id: s.id, laudoId: s.laudo_id }, folder)));
    }
    if (input.attachments) {
      const atts = await knex('study_attachments').where({ account_id: input.accountId, study_id: s.id }).orderBy('created_at').select('filename', 'object_key', 'size_in_bytes');
      const names = new Set<string>();
      for (const a of atts) {
        let name = safeSegment(a.filename, 'anexo');
        for (let n = 2; names.has(name); n++) name = name.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
        names.add(name);
        entries.push({ kind: 'object', path: joinPath(folder, 'Anexos', name), key: a.object_key, compress: false, size: a.size_in_bytes });
      }
    }
  }
  return entries;
}

/** Resolves when the source has been read to its end (yazl then moves to the next entry). */
function ended(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('end', resolve);
    stream.once('error', reject);
  });
}

/**
 * Streams the entries, one source at a time, into a zip stored at `objectKey`; calls
 * `onProgress` at most every PROGRESS_EVERY_MS and once at the end. Only the current
 * source's buffers (or one instance being rendered) are in memory.
 */
export async function writeZip(
  storage: ObjectStorage,
  objectKey: string,
  entries: Entry[],
  onProgress: (p: { done: number; bytes: number }) => Promise<void>,
): Promise<{ size: number }> {
  const zip = new ZipFile();
  const stored = storage.put(objectKey, zip.outputStream as Readable, { contentType: 'application/zip' });
  // If the upload fails, stop feeding the zip (its error surfaces from `stored`).
  let storeFailed: unknown;
  stored.catch((err: unknown) => {
    storeFailed = err;
  });
  const progress = { done: 0, bytes: 0 };
  let lastReport = Date.now();
  for (const e of entries) {
    if (storeFailed) break;
    if (e.kind === 'object') {
      const source = await storage.get(e.key);
      // Counted as yazl pulls it (a 'data' listener on the source would make it flow early).
      const counted = source.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, cb) {
            progress.bytes += chunk.length;
            cb(null, chunk);
          },
        }),
      );
      source.once('error', (err) => counted.destroy(err));
      const done = ended(counted);
      zip.addReadStream(counted, e.path, { compress: e.compress });
      await Promise.race([done, stored.then(() => undefined)]);
    } else {
      // One instance in memory at a time: the renderer needs the whole Part-10 file.
      try {
        const render = await openImage(await buffer(await storage.get(e.key)));
        for (let frame = 0; frame < e.frames; frame++) {
          const image = await render({ frame, format: 'jpeg', quality: 90 });
          const name = e.frames > 1 ? e.path.replace(/\.jpg$/, `-f${String(frame + 1).padStart(4, '0')}.jpg`) : e.path;
          zip.addBuffer(image.body, name, { compress: false });
        }
      } catch (err) {
        // SR, PR, KO… have no pixels: no JPEG for them, as for thumbnails.
        if (!(err instanceof RenderError)) throw err;
      }
      progress.bytes += e.size;
    }
    progress.done++;
    if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = Date.now();
      await onProgress(progress);
    }
  }
  zip.end();
  const { size } = await stored;
  await onProgress(progress);
  return { size };
}

export function createDownloadActivities(deps: { knex: Knex; publisher: LivePublisher; storage: ObjectStorage }): DownloadActivities {
  const { knex, publisher, storage } = deps;
  const publish = (accountId: string, doc: DownloadDocument) => publisher.publishRetained(downloadTopic(accountId, doc.shortKey), JSON.stringify(doc));

  return {
    async buildDownloadZip(input) {
      const entries = await planEntries(knex, storage, input);
      const objectKey = downloadZipKey(input.accountId, input.shortKey);
      const progress: DownloadDocument = { shortKey: input.shortKey, finished: false, done: 0, total: entries.length, bytes: 0 };
      await publish(input.accountId, progress);
      const { size } = await writeZip(storage, objectKey, entries, async (p) => {
        Object.assign(progress, p);
        Context.current().heartbeat({ done: p.done });
        await publish(input.accountId, progress);
      });
      return { objectKey, size, entries: entries.length, bytes: progress.bytes };
    },

    async finishDownload({ accountId, shortKey, objectKey, entries = 0, bytes = 0 }) {
      // A Connect request becomes fetchable by its agent before anyone is told it is finished.
      await markConnectDownloadReady(knex, accountId, shortKey, objectKey);
      // The link outlives the dialog a little: the browser opens it as soon as it is told.
      const downloadUrl = await createDownloadLink(knex, { accountId, objectKey, filename: `estudo-${shortKey.slice(0, 8)}.zip`, contentType: 'application/zip' }, 30 * 60_000);
      // The retained last document keeps the final counts: a late subscriber sees only this one.
      await publish(accountId, { shortKey, finished: true, done: entries, total: entries, bytes, downloadUrl });
      return { downloadUrl };
    },

    async failDownload({ accountId, shortKey, reason }) {
      if (reason) log.warn('study download failed', { shortKey, reason });
      await failConnectDownload(knex, accountId, shortKey, 'Erro ao gerar download');
      await publish(accountId, { shortKey, finished: false, error: true, errorMessage: reason, done: 0, total: 0, bytes: 0 });
    },
  };
}
