/**
 * The PDF of one report version, in one place for the editor's download and the study zip:
 * its signed PDF when there is one, else the text it was concluded with rendered (an
 * archived version keeps the text it had). Anything else has no document yet.
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { hasVersionDocument as versionHasDocument } from '../../domain/laudo/version-document';
import type { ObjectStorage } from '../../storage/object-storage';
import { type DocumentContext, loadReportDocument } from './document-data';
import { laudoFolder, renderStored } from './report-files';

/** Whether an unsigned version row has a document (the domain's rule, domain/laudo/version-document.ts). */
export const hasVersionDocument = (row: { state: number; cancelled: boolean; content_id: string | null }) =>
  versionHasDocument({ state: row.state, cancelled: row.cancelled, hasContent: Boolean(row.content_id), signed: false });

/**
 * The storage key of the version's PDF. NOT_FOUND for a version that does not exist,
 * REPORT_PDF_UNAVAILABLE for one that has no document yet.
 */
export async function versionPdfKey(
  knex: Knex,
  storage: ObjectStorage,
  rc: DocumentContext,
  version: number,
  lang: string | undefined,
): Promise<string> {
  const where = { laudo_id: rc.record.laudoId, account_id: rc.access.accountId, version };
  const signed = await knex('laudo_documents').where(where).first('storage_key');
  if (signed) return signed.storage_key as string;
  const row = await knex('laudo_versions').where(where).first('state', 'cancelled', 'content_id');
  if (!row) throw new AppError('NOT_FOUND');
  if (!hasVersionDocument(row)) throw new AppError('REPORT_PDF_UNAVAILABLE');
  const doc = await loadReportDocument(knex, rc, { version, lang });
  return (await renderStored(storage, `${laudoFolder(rc.access.accountId, rc.record.laudoId)}/documents`, doc)).key;
}

/** The name a version's PDF is downloaded under (ASCII only). */
export const versionPdfFilename = (rc: { study: { id: string; patientId?: string | null } }, version: number): string =>
  `laudo-${rc.study.patientId ?? rc.study.id}-v${version}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
