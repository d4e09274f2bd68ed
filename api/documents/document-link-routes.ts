/**
 * The report-document calls spec 2 §7 names besides the byte downloads, over the same logic
 * (ADR 006, "Calls that answer links"): they answer short-lived `/api/files/{token}` links
 * (api/files/download-links, as attachments do) instead of the PDF itself.
 *
 * - GET {studies|scheduledExam}/{id}/reports/{reportId}/download[?version] → { downloadUrl }:
 *   the version's document (versionPdf: its signed PDF, else its text rendered).
 * - POST /digitalSignature/sign { studyId, personalKeyPassword } → { report }: reports/sign.
 * - POST /digitalSignature/getSignedUrl { studyId, version? } → { signedUrl }: the signed PDF
 *   only (REPORT_PDF_UNAVAILABLE while the version is not signed).
 *
 * `reportId` must be the study's report; another report's id, like another tenant's study,
 * answers NOT_FOUND.
 */
import { audit } from '../access/audit';
import Router from '@koa/router';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { createDownloadLink } from '../../services/files/download-links';
import { body, query } from '../http/validate';
import { loadReportContext, loadReportContextOf } from '../reports/run-action';
import { assertMayReadReport } from '../reports/read-access';
import type { ExamKind } from '../studies/study-queries';
import { DownloadQuery } from './routes';
import { PersonalKeyPassword, signWithPassword } from './sign-report';
import { versionFilename, versionPdf } from '../../services/documents/version-pdf';

/** A study or a scheduled exam: the body names either. */
const EXAM_KINDS: readonly ExamKind[] = ['study', 'scheduled'];

export const SignBody = z.object({ studyId: z.string().uuid(), personalKeyPassword: PersonalKeyPassword.optional() }).strict();
export const SignedUrlBody = z
  .object({ studyId: z.string().uuid(), version: z.number().int().min(1).max(100_000).optional() })
  .strict();

export function documentLinkRoutes(deps: ApiDeps): Router {
  const { knex, storage } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  for (const kind of EXAM_KINDS) {
    const P = kind === 'study' ? '/studies' : '/scheduledExam';
    router.get(`${P}/:id/reports/:reportId/download`, async (ctx) => {
      const q = query(ctx, DownloadQuery);
      const rc = await loadReportContext(ctx, deps, kind);
      if (ctx.params.reportId !== rc.record.laudoId) throw new AppError('NOT_FOUND');
      assertMayReadReport(rc);
      const version = q.version ?? rc.record.version;
      const { key: objectKey } = await versionPdf(knex, storage, rc, version, ctx.get('accept-language'));
      const downloadUrl = await createDownloadLink(knex, {
        accountId: rc.access.accountId,
        objectKey,
        filename: versionFilename(rc.study, version),
        contentType: 'application/pdf',
      });
      await audit(knex, rc.access, 'report.download', rc.study.id, ctx.ip, { laudoId: rc.record.laudoId, version, link: true });
      ctx.body = { downloadUrl };
    });
  }

  router.post('/digitalSignature/sign', async (ctx) => {
    const b = body(ctx, SignBody);
    const rc = await loadReportContextOf(ctx, deps, EXAM_KINDS, b.studyId);
    ctx.body = { report: await signWithPassword(ctx, deps, rc, b.personalKeyPassword) };
  });

  router.post('/digitalSignature/getSignedUrl', async (ctx) => {
    const b = body(ctx, SignedUrlBody);
    const rc = await loadReportContextOf(ctx, deps, EXAM_KINDS, b.studyId);
    assertMayReadReport(rc);
    const version = b.version ?? rc.record.version;
    const signed = await knex('laudo_documents')
      .where({ laudo_id: rc.record.laudoId, account_id: rc.access.accountId, version })
      .first('storage_key');
    if (!signed) throw new AppError('REPORT_PDF_UNAVAILABLE');
    const signedUrl = await createDownloadLink(knex, {
      accountId: rc.access.accountId,
      objectKey: signed.storage_key as string,
      filename: versionFilename(rc.study, version),
      contentType: 'application/pdf',
    });
    ctx.body = { signedUrl };
  });

  return router;
}
