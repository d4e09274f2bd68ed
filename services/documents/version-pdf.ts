/**
 * The PDF of one report version, in one place for the editor's download, the share by e-mail
 * and the study zip: its signed PDF when there is one, else the text it was concluded with
 * rendered (an archived version keeps the text it had). Anything else has no document yet.
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { LaudoState as S } from '../../domain/laudo/states';
import { RENDERED_STATES, hasVersionDocument as versionHasDocument } from '../../domain/laudo/version-document';
import type { ObjectStorage } from '../../storage/object-storage';
import { type DocumentContext, loadReportDocument } from './document-data';
import { laudoFolder, renderStored } from './report-files';

/** Whether an unsigned version row has a document (the domain's rule, domain/laudo/version-document.ts). */
export const hasVersionDocument = (row: { state: number; cancelled: boolean; content_id: string | null }) =>
  versionHasDocument({ state: row.state, cancelled: row.cancelled, hasContent: Boolean(row.content_id), signed: false });

export interface VersionPdf {
  version: number;
  /** Object storage key of the PDF. */
  key: string;
  signed: boolean;
}

/**
 * The version's PDF. NOT_FOUND for a version that does not exist, REPORT_PDF_UNAVAILABLE for
 * one that has no document yet.
 */
export async function versionPdf(
  knex: Knex,
  storage: ObjectStorage,
  rc: DocumentContext,
  version: number,
  lang: string | undefined,
): Promise<VersionPdf> {
  const where = { laudo_id: rc.record.laudoId, account_id: rc.access.accountId, version };
  const signed = await knex('laudo_documents').where(where).first('storage_key');
  if (signed) return { version, key: signed.storage_key as string, signed: true };
  const row = await knex('laudo_versions').where(where).first('state', 'cancelled', 'content_id');
  if (!row) throw new AppError('NOT_FOUND');
  if (!hasVersionDocument(row)) throw new AppError('REPORT_PDF_UNAVAILABLE');
  const doc = await loadReportDocument(knex, storage, rc, { version, lang });
  const { key } = await renderStored(storage, `${laudoFolder(rc.access.accountId, rc.record.laudoId)}/documents`, doc);
  return { version, key, signed: false };
}

/** The name a version's PDF is downloaded under (ASCII only). */
export const versionFilename = (study: { id: string; patientId?: string | null }, version: number) =>
  `laudo-${study.patientId ?? study.id}-v${version}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The version a share sends: the current one when concluded (2) or signed (3), else the latest
 * version that has a document (archived by a reopen, or an external report's text).
 * REPORT_PDF_UNAVAILABLE when none.
 */
export async function latestDocumentVersion(knex: Knex, rc: DocumentContext): Promise<number> {
  const { record } = rc;
  if (record.state === S.CONCLUDED || record.state === S.SIGNED) return record.version;
  const row = await knex('laudo_versions as v')
    .where({ 'v.laudo_id': record.laudoId, 'v.account_id': rc.access.accountId })
    .where((q) => {
      void q
        .whereExists(
          knex('laudo_documents as d').whereRaw('d.laudo_id = v.laudo_id and d.version = v.version').select(knex.raw('1')),
        )
        .orWhere((q2) => {
          // the SQL form of hasVersionDocument
          void q2.whereNotNull('v.content_id').where((q3) => {
            void q3.whereIn('v.state', [...RENDERED_STATES]).orWhere('v.cancelled', true);
          });
        });
    })
    .orderBy('v.version', 'desc')
    .first('v.version');
  if (!row) throw new AppError('REPORT_PDF_UNAVAILABLE');
  return row.version as number;
}
