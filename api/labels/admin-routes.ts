/**
 * The account's labels, administered (issue 16; spec 3 §5 'a study label cannot be repeated,
 * needs at least 2 letters and must not contain commas'): list with how many studies carry
 * each, create, rename, delete (taking it off its studies). Account administrators; audited.
 * The names follow the study label editor's rules (commas, dots and slashes stripped; at
 * least two letters; a repeated name, case ignored, is 'Não pode adicionar o mesmo label').
 */
import { inTransaction } from '../../db/transaction';
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { AddLabelBody } from '../../domain/workspace/labels';
import { type Access, isAdministrator } from '../access/access';
import { auditAdmin, codedBody, uniqueOr } from '../admin-roles/shared';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';

export function labelAdminRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/labels', requireSession(knex));

  const managed = async (ctx: Context): Promise<Access> => {
    const access = await currentAccess(ctx, knex);
    if (!isAdministrator(access)) throw new AppError('CANNOT_MANAGE_LABELS');
    return access;
  };
  const own = async (ctx: Context, access: Access) => {
    const id = uuidParam(ctx, 'id');
    const row = await knex('labels').where({ id, account_id: access.accountId }).first('id');
    if (!row) throw new AppError('NOT_FOUND');
    return id;
  };
  const one = (accountId: string, id: string) =>
    knex('labels as l')
      .where({ 'l.account_id': accountId, 'l.id': id })
      .first('l.id', 'l.name', knex.raw('(SELECT count(*)::int FROM study_labels sl WHERE sl.label_id = l.id) AS studies'));

  router.get('/labels', async (ctx) => {
    const access = await managed(ctx);
    ctx.body = {
      labels: await knex('labels as l')
        .where('l.account_id', access.accountId)
        .orderByRaw('lower(l.name)')
        .select('l.id', 'l.name', knex.raw('(SELECT count(*)::int FROM study_labels sl WHERE sl.label_id = l.id) AS studies')),
    };
  });

  router.post('/labels', async (ctx) => {
    const access = await managed(ctx);
    const { name } = codedBody(ctx, AddLabelBody);
    const [row] = await uniqueOr('LABEL_DUPLICATE', () =>
      knex('labels').insert({ account_id: access.accountId, name, created_by: access.userId }).returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'label.create', { labelId: row.id, name });
    ctx.status = 201;
    ctx.body = { label: await one(access.accountId, row.id) };
  });

  router.put('/labels/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const { name } = codedBody(ctx, AddLabelBody);
    await uniqueOr('LABEL_DUPLICATE', () => knex('labels').where({ id, account_id: access.accountId }).update({ name }));
    await auditAdmin(knex, ctx, access, 'label.rename', { labelId: id, name });
    ctx.body = { label: await one(access.accountId, id) };
  });

  router.delete('/labels/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    await inTransaction(knex, async (trx) => {
      await trx('study_labels').where({ label_id: id, account_id: access.accountId }).delete();
      await trx('labels').where({ id, account_id: access.accountId }).delete();
    });
    await auditAdmin(knex, ctx, access, 'label.delete', { labelId: id });
    ctx.status = 204;
  });

  return router;
}
