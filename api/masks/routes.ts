/**
 * Masks (templates) of the report editor (spec 2 §2 template chooser, §6, §7): the sections
 * of a study, the default mask loaded on start, a mask's content, and create/change/delete;
 * the masks administration's filtered list (issue 16).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { CreateMaskBody, MaskListQuery, UpdateMaskBody } from '../../domain/workspace/masks';
import { parseOrThrow } from '../../domain/workspace/validate';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { type ExamKind, findExam } from '../studies/study-queries';
import { createMask, defaultStudyMask, deleteMask, listMasks, listStudyMasks, readMask, updateMask } from './masks';

const requestBody = (ctx: Context): unknown => (ctx.request as { body?: unknown }).body ?? {};

export function maskRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  const examOf = async (ctx: Context, kind: ExamKind) => {
    const access = await currentAccess(ctx, knex);
    const exam = await findExam(knex, access, kind, uuidParam(ctx, 'id'));
    if (!exam) throw new AppError('NOT_FOUND');
    return { access, exam };
  };

  // Studies and scheduled exams (no institution: no 'Masks by institution' section).
  for (const [prefix, kind] of [
    ['/studies', 'study'],
    ['/scheduledExam', 'scheduled'],
  ] as const) {
    router.get(`${prefix}/:id/masks`, async (ctx) => {
      const { access, exam } = await examOf(ctx, kind);
      ctx.body = await listStudyMasks(knex, access, exam);
    });
    router.get(`${prefix}/:id/masks/default`, async (ctx) => {
      const { access, exam } = await examOf(ctx, kind);
      ctx.body = { mask: await defaultStudyMask(knex, access, exam) };
    });
  }

  router.get('/masks', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { masks: await listMasks(knex, access, query(ctx, MaskListQuery)) };
  });

  router.get('/masks/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { mask: await readMask(knex, access, uuidParam(ctx, 'id')) };
  });

  router.post('/masks', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const body = parseOrThrow(CreateMaskBody, requestBody(ctx));
    ctx.status = 201;
    ctx.body = { mask: await createMask(knex, access, body) };
  });

  router.patch('/masks/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const id = uuidParam(ctx, 'id');
    const body = parseOrThrow(UpdateMaskBody, requestBody(ctx));
    ctx.body = { mask: await updateMask(knex, access, id, body) };
  });

  router.delete('/masks/:id', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    await deleteMask(knex, access, uuidParam(ctx, 'id'));
    ctx.status = 204;
  });

  return router;
}
