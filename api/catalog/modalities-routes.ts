/**
 * Modalities of the current account (issue 16; spec 3 'Modalities by account and institution'):
 * a code (CT, MR, US…) and a description, for the whole account or one of its institutions.
 * Managed with MODALITIES_MANAGE; every change audited; another account's ids answer 404.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { ModalityBody, ModalityListQuery } from '../../domain/catalog/schemas';
import { AppError } from '../../domain/errors';
import { type Access, requireManage } from '../access/access';
import { auditAdmin, codedBody, uniqueOr } from '../admin-roles/shared';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';

const list = (knex: Knex, accountId: string) =>
  knex('modalities as m')
    .leftJoin('institutions as i', 'i.id', 'm.institution_id')
    .where('m.account_id', accountId)
    .select('m.id', 'm.code', 'm.description', 'm.institution_id as institutionId', 'i.name as institutionName');

export function modalityRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/modalities', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'MODALITIES_MANAGE', 'CANNOT_MANAGE_MODALITIES');
    return access;
  };
  const own = async (ctx: Context, access: Access) => {
    const id = uuidParam(ctx, 'id');
    if (!(await knex('modalities').where({ id, account_id: access.accountId }).first('id'))) throw new AppError('NOT_FOUND');
    return id;
  };
  /** The body, with its institution checked to be the account's (else 404, as any foreign id). */
  const input = async (ctx: Context, access: Access) => {
    const b = codedBody(ctx, ModalityBody);
    if (
      b.institutionId &&
      !(await knex('institutions').where({ id: b.institutionId, account_id: access.accountId }).first('id'))
    ) {
      throw new AppError('NOT_FOUND');
    }
    return b;
  };

  /**
   * Any member may read the list (the routine rules, filters and masks offer these codes);
   * `institutionId` narrows it to what applies there (the account's and that institution's).
   */
  router.get('/modalities', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const { institutionId } = query(ctx, ModalityListQuery);
    const q = list(knex, access.accountId).orderBy([{ column: 'm.code' }, { column: 'i.name', nulls: 'first' }]);
    if (institutionId) void q.where((w) => void w.whereNull('m.institution_id').orWhere('m.institution_id', institutionId));
    ctx.body = { modalities: await q };
  });

  router.post('/modalities', async (ctx) => {
    const access = await managed(ctx);
    const b = await input(ctx, access);
    const [row] = await uniqueOr('MODALITY_CODE_IN_USE', () =>
      knex('modalities')
        .insert({ account_id: access.accountId, code: b.code, description: b.description, institution_id: b.institutionId })
        .returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'MODALITY_CREATED', { id: row.id, ...b });
    ctx.status = 201;
    ctx.body = { modality: await list(knex, access.accountId).where('m.id', row.id).first() };
  });

  router.put('/modalities/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const b = await input(ctx, access);
    await uniqueOr('MODALITY_CODE_IN_USE', () =>
      knex('modalities')
        .where({ id, account_id: access.accountId })
        .update({ code: b.code, description: b.description, institution_id: b.institutionId, updated_at: knex.fn.now() }),
    );
    await auditAdmin(knex, ctx, access, 'MODALITY_UPDATED', { id, ...b });
    ctx.body = { modality: await list(knex, access.accountId).where('m.id', id).first() };
  });

  router.delete('/modalities/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    await knex('modalities').where({ id, account_id: access.accountId }).delete();
    await auditAdmin(knex, ctx, access, 'MODALITY_DELETED', { id });
    ctx.status = 204;
  });

  return router;
}
