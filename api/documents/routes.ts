/**
 * Report documents (spec 1 §7, spec 2 §7): the editor's preview file and the download of a
 * version's PDF (the signed one once signed) and its sharing by e-mail, all scoped to the
 * caller's study.
 */
import Router from '@koa/router';
import { assertMayReadReport } from '../reports/read-access';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { LaudoState as S } from '../../domain/laudo/states';
import { check } from '../../domain/laudo/transitions';
import { actorFor } from '../access/access';
import { audit } from '../access/audit';
import { requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { isEmptyReport } from '../../services/reports/contents';
import { loadReportContext, type ReportContext } from '../reports/run-action';
import type { ExamKind } from '../studies/study-queries';
import { loadReportDocument } from '../../services/documents/document-data';
import { laudoFolder, previewKey, prunePreviews, renderStored } from '../../services/documents/report-files';
import { shareReport } from './share-report';
import { versionFilename, versionPdf } from '../../services/documents/version-pdf';

/** Spec 2 §3: the editor previews in states 1, 12 and 25. */
export const PREVIEW_STATES: readonly number[] = [S.IN_PROGRESS, S.REVIEWING, S.REVIEWING_TYPED];

export const DownloadQuery = z.object({ version: z.coerce.number().int().min(1).max(100_000).optional() }).strict();

/**
 * Previews are made in 1/12/25 and only by who may save the report's text there (a preview
 * also prunes the report's older previews): the domain's save rule — the executor (or an
 * admin) in 1/25, the responsible reviewer in 12.
 */
export function assertMayPreview(rc: ReportContext, contentHtml = ''): void {
  if (!PREVIEW_STATES.includes(rc.record.state)) throw new AppError('REPORT_ACTION_NOT_ALLOWED');
  const actor = actorFor(rc.access, rc.study.institutionId);
  const may = check(rc.record, 'save', actor, { contentEmpty: isEmptyReport(contentHtml) });
  if (!may.ok) throw new AppError(may.code);
}

/** Renders the editor's current text as a preview PDF and answers where to fetch it. */
export async function previewReport(
  ctx: Context,
  deps: ApiDeps,
  rc: ReportContext,
  contentHtml: string,
  lang: string | undefined,
  kind: ExamKind,
): Promise<{ previewUrl: string }> {
  assertMayPreview(rc, contentHtml);
  const doc = await loadReportDocument(deps.knex, deps.storage, rc, {
    contentHtml,
    lang: lang ?? ctx.get('accept-language'),
    preview: true,
  });
  const folder = `${laudoFolder(rc.access.accountId, rc.record.laudoId)}/previews`;
  const { key, file } = await renderStored(deps.storage, folder, doc);
  // Housekeeping only: a failure here must not fail the preview the user asked for.
  await prunePreviews(deps.storage, folder, key, deps.config.PREVIEW_FILES_KEPT).catch((err: unknown) =>
    deps.logger.warn({ err, folder }, 'preview cleanup failed'),
  );
  const base = kind === 'study' ? 'studies' : 'scheduledExam';
  return { previewUrl: `/api/${base}/${rc.study.id}/reports/preview/${file}` };
}

function sendPdf(ctx: Context, body: unknown, filename: string, inline: boolean): void {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = body;
}

export function documentRoutes(deps: ApiDeps, kind: ExamKind = 'study'): Router {
  const { knex, storage } = deps;
  const router = new Router();
  router.use(requireSession(deps.knex));
  const P = kind === 'study' ? '/studies' : '/scheduledExam';

  router.get(`${P}/:id/reports/preview/:file`, async (ctx) => {
    const rc = await loadReportContext(ctx, deps, kind);
    assertMayReadReport(rc);
    const key = previewKey(rc.access.accountId, rc.record.laudoId, ctx.params.file ?? '');
    if (!key || !(await storage.exists(key))) throw new AppError('NOT_FOUND');
    sendPdf(ctx, await storage.get(key), 'pre-visualizacao.pdf', true);
  });

  // A version's document: its signed PDF, or the text it was concluded with rendered.
  router.get(`${P}/:id/reports/download`, async (ctx) => {
    const q = DownloadQuery.safeParse(ctx.query);
    if (!q.success) throw new AppError('MALFORMED_REQUEST');
    const rc = await loadReportContext(ctx, deps, kind);
    assertMayReadReport(rc);
    const version = q.data.version ?? rc.record.version;
    const { key } = await versionPdf(knex, storage, rc, version, ctx.get('accept-language'));
    await audit(knex, rc.access, 'report.download', rc.study.id, ctx.ip, { laudoId: rc.record.laudoId, version });
    sendPdf(ctx, await storage.get(key), versionFilename(rc.study, version), false);
  });

  router.post(`${P}/:id/reports/share`, async (ctx) => {
    ctx.body = await shareReport(ctx, deps, kind);
  });

  return router;
}
