/**
 * Report images (spec 1 §7 `POST reports/images`, spec 2 §7): the selection of the version
 * being finished, read and saved under `/studies/:id/…` and `/scheduledExam/:id/…`, and the
 * external files' upload urls (`reports/external-images/{count}` → per file {url, fields}).
 * The upload url itself is public: its one-time token is the capability (uploadRoutes).
 */
import Router from '@koa/router';
import { assertMayReadReport } from '../reports/read-access';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from '../../domain/errors';
import {
  EXTERNAL_IMAGE_MAX_BYTES,
  ExternalImagesCountParam,
  SaveReportImagesBody,
} from '../../domain/report-images/report-images';
import { requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body } from '../http/validate';
import { loadReportContext } from '../reports/run-action';
import type { ExamKind } from '../studies/study-queries';
import { MalformedFormData, formDataBoundary, parseFormData } from './form-data';
import { checkUploadToken, createUploadSlots, receiveUpload, reportImagesView, saveReportImages } from './report-images';

export function reportImageRoutes(deps: ApiDeps, kind: ExamKind = 'study'): Router {
  const { knex } = deps;
  const router = new Router();
  const P = kind === 'study' ? '/studies' : '/scheduledExam';
  router.use(`${P}/:id/reports/images`, requireSession(knex));
  router.use(`${P}/:id/reports/external-images/:count`, requireSession(knex));

  router.get(`${P}/:id/reports/images`, async (ctx) => {
    const rc = await loadReportContext(ctx, deps, kind);
    assertMayReadReport(rc);
    ctx.body = await reportImagesView(knex, rc);
  });

  router.post(`${P}/:id/reports/images`, async (ctx) => {
    const input = body(ctx, SaveReportImagesBody);
    const rc = await loadReportContext(ctx, deps, kind);
    await saveReportImages(knex, rc, input, ctx.ip);
    ctx.body = await reportImagesView(knex, rc);
  });

  router.get(`${P}/:id/reports/external-images/:count`, async (ctx) => {
    const count = ExternalImagesCountParam.safeParse(ctx.params.count);
    if (!count.success) throw new AppError('MALFORMED_REQUEST');
    const rc = await loadReportContext(ctx, deps, kind);
    ctx.body = { files: await createUploadSlots(knex, rc, count.data) };
  });
  return router;
}

/** Room for the form's fields and headers around the largest file. */
const MAX_FORM_BYTES = EXTERNAL_IMAGE_MAX_BYTES + 64 * 1024;

async function readForm(ctx: Context) {
  const boundary = formDataBoundary(ctx.get('content-type'));
  if (!boundary) throw new AppError('MALFORMED_REQUEST');
  let raw: Buffer;
  try {
    raw = await getRawBody(ctx.req, { limit: MAX_FORM_BYTES });
  } catch (err) {
    if ((err as { type?: string }).type === 'entity.too.large') throw new AppError('REPORT_IMAGE_TOO_LARGE');
    throw new AppError('REPORT_IMAGES_UPLOAD_FAILED');
  }
  try {
    return parseFormData(raw, boundary);
  } catch (err) {
    if (err instanceof MalformedFormData) throw new AppError('MALFORMED_REQUEST');
    throw err;
  }
}

/** `POST /api/report-images/upload/:token` (multipart: the slot's fields, then `file`). */
export function reportImageUploadRoutes(deps: ApiDeps): Router {
  const router = new Router();
  router.post('/report-images/upload/:token', async (ctx) => {
    const token = String(ctx.params.token);
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('NOT_FOUND');
    // Refused before a byte of the body is read; receiveUpload still spends it atomically.
    await checkUploadToken(deps.knex, token);
    const parts = await readForm(ctx);
    const file = parts.find((p) => p.name === 'file' && p.filename !== null);
    if (!file) throw new AppError('MALFORMED_REQUEST');
    const uploadId = parts.find((p) => p.name === 'uploadId' && p.filename === null)?.body.toString('utf8') ?? null;
    const stored = await receiveUpload(deps.knex, deps.storage, token, {
      uploadId,
      filename: file.filename ?? '',
      bytes: Buffer.from(file.body),
    });
    ctx.status = 201;
    ctx.body = stored;
  });
  return router;
}
