/**
 * Exams of the current account (issue 16; spec 3 'Exams by account and import of exams'): a
 * title and a modality, one by one or imported from .xlsx / .csv with a preview first.
 * Managed with EXAMS_MANAGE; every change audited; another account's ids answer 404.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { ExamBody } from '../../domain/catalog/schemas';
import { AppError } from '../../domain/errors';
import { MAX_IMPORT_BYTES, importExams, readExamFile } from '../../services/catalog/exam-import';
import { isTooLarge } from '../http/errors';
import { type Access, requireManage } from '../access/access';
import { auditAdmin, codedBody, uniqueOr } from '../admin-roles/shared';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';

const list = (knex: Knex, accountId: string) => knex('exams').where({ account_id: accountId }).select('id', 'title', 'modality');

export const ImportQuery = z.object({ filename: z.string().min(1).max(255) });

export function examRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/exams', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'EXAMS_MANAGE', 'CANNOT_MANAGE_EXAMS');
    return access;
  };
  const own = async (ctx: Context, access: Access) => {
    const id = uuidParam(ctx, 'id');
    if (!(await knex('exams').where({ id, account_id: access.accountId }).first('id'))) throw new AppError('NOT_FOUND');
    return id;
  };

  /** Any member may read the list (routine rules and masks offer these exams). */
  router.get('/exams', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { exams: await list(knex, access.accountId).orderByRaw('lower(title)') };
  });

  router.post('/exams', async (ctx) => {
    const access = await managed(ctx);
    const b = codedBody(ctx, ExamBody);
    const [row] = await uniqueOr('EXAM_TITLE_IN_USE', () =>
      knex('exams').insert({ account_id: access.accountId, title: b.title, modality: b.modality }).returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'EXAM_CREATED', { id: row.id, ...b });
    ctx.status = 201;
    ctx.body = { exam: await list(knex, access.accountId).where({ id: row.id }).first() };
  });

  /**
   * The file is the request body (its name in ?filename=, its type in Content-Type): `preview`
   * answers what would be created or changed, `import` does it. The same file imported again
   * creates and changes nothing.
   */
  for (const [path, commit] of [
    ['/exams/import/preview', false],
    ['/exams/import', true],
  ] as const) {
    router.post(path, async (ctx) => {
      const access = await managed(ctx);
      const { filename } = query(ctx, ImportQuery);
      // A JSON body was already read by the body parser: the stream is spent, the file is not there.
      const bytes = await getRawBody(ctx.req, { limit: MAX_IMPORT_BYTES }).catch((err: unknown) => {
        throw isTooLarge(err) ? err : new AppError('EXAM_IMPORT_INVALID');
      });
      const lines = await readExamFile(bytes, { name: filename, type: ctx.get('content-type') });
      const result = await importExams(knex, access.accountId, lines, commit);
      if (commit) {
        await auditAdmin(knex, ctx, access, 'EXAMS_IMPORTED', {
          filename,
          created: result.create.length,
          updated: result.update.length,
          unchanged: result.unchanged,
        });
      }
      ctx.body = result;
    });
  }

  router.put('/exams/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const b = codedBody(ctx, ExamBody);
    await uniqueOr('EXAM_TITLE_IN_USE', () =>
      knex('exams')
        .where({ id, account_id: access.accountId })
        .update({ title: b.title, modality: b.modality, updated_at: knex.fn.now() }),
    );
    await auditAdmin(knex, ctx, access, 'EXAM_UPDATED', { id, ...b });
    ctx.body = { exam: await list(knex, access.accountId).where({ id }).first() };
  });

  router.delete('/exams/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    await knex('exams').where({ id, account_id: access.accountId }).delete();
    await auditAdmin(knex, ctx, access, 'EXAM_DELETED', { id });
    ctx.status = 204;
  });

  return router;
}
