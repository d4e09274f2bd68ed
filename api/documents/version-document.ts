/**
 * A report version's document, as `reports/download?version` and `reports/share` give it:
 * the signed PDF from laudo_documents, else the text the version was concluded with, rendered.
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { LaudoState as S } from '../../domain/laudo/states';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ReportContext } from '../reports/run-action';
import { loadReportDocument } from './document-data';
import { laudoFolder, renderStored } from './report-files';

export interface VersionDocument {
  version: number;
  /** Object storage key of the PDF. */
  key: string;
  filename: string;
  signed: boolean;
}

const versionFilename = (rc: ReportContext, version: number) =>
  `laudo-${rc.study.patientId ?? rc.study.id}-v${version}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');

/** The document of `version`: NOT_FOUND without such a version, REPORT_PDF_UNAVAILABLE before it concluded. */
export async function versionDocument(
  deps: { knex: Knex; storage: ObjectStorage },
  rc: ReportContext,
  version: number,
  lang: string | undefined,
): Promise<VersionDocument> {
  const { knex, storage } = deps;
  const where = { laudo_id: rc.record.laudoId, account_id: rc.access.accountId, version };
  const row = await knex('laudo_versions').where(where).first('state', 'cancelled', 'content_id');
  if (!row) throw new AppError('NOT_FOUND');
  const filename = versionFilename(rc, version);
  const signed = await knex('laudo_documents').where(where).first('storage_key');
  if (signed) return { version, key: signed.storage_key, filename, signed: true };
  // Only a concluded text is a document; an archived version keeps the text it had.
  const concluded = row.state === S.CONCLUDED || row.state === S.SIGNED || row.cancelled;
  if (!concluded || !row.content_id) throw new AppError('REPORT_PDF_UNAVAILABLE');
  const doc = await loadReportDocument(knex, rc, { version, lang });
  const { key } = await renderStored(storage, `${laudoFolder(rc.access.accountId, rc.record.laudoId)}/documents`, doc);
  return { version, key, filename, signed: false };
}

/**
 * The version a share sends: the current one when concluded (2) or signed (3), else the latest
 * earlier version that has a document (archived by a reopen). REPORT_PDF_UNAVAILABLE when none.
 */
export async function latestDocumentVersion(knex: Knex, rc: ReportContext): Promise<number> {
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
          void q2.whereNotNull('v.content_id').where((q3) => {
            void q3.whereIn('v.state', [S.CONCLUDED, S.SIGNED]).orWhere('v.cancelled', true);
          });
        });
    })
    .orderBy('v.version', 'desc')
    .first('v.version');
  if (!row) throw new AppError('REPORT_PDF_UNAVAILABLE');
  return row.version as number;
}
