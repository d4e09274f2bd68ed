/**
 * Institutions the caller reaches, and their logo (spec 3 §3: JPG or PNG, up to 2 MB) that
 * heads their report PDFs. Everyone in the account sees them; account administrators change
 * the logo.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { type Access, isAdministrator, requireAdministrator } from '../access/access';
import { AppError } from '../../domain/errors';
import { UploadLogoBody, checkLogo } from '../../domain/institutions/logo';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, query, uuidParam } from '../http/validate';
import { InstitutionListQuery } from '../../domain/institutions/institution';
import { INSTITUTION_COLUMNS, type InstitutionRow, institutionsQuery, presentInstitution } from './admin-routes';

/** The institution of the route, when the caller reaches it in its account; else 404. */
function reachable(ctx: Context, access: Access): string {
  const id = uuidParam(ctx, 'id');
  if (!access.institutions.has(id)) throw new AppError('NOT_FOUND');
  return id;
}

export function institutionRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/institutions', requireSession(knex));

  /**
   * The institutions the caller reaches: active ones only (filters and uploads), unless an
   * administrator asks for the deactivated too. `q` searches the name; with `limit` the list
   * pages by keyset (name, id) and answers the next cursor.
   */
  router.get('/institutions', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const q = query(ctx, InstitutionListQuery);
    const qb = institutionsQuery(knex, access.accountId)
      .whereIn('i.id', [...access.institutions.keys()])
      .orderBy([{ column: 'i.name' }, { column: 'i.id' }])
      .select(INSTITUTION_COLUMNS);
    if (!(q.includeInactive === 'true' && isAdministrator(access))) qb.where('i.active', true);
    if (q.q) qb.whereILike('i.name', `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.afterName !== undefined && q.afterId) qb.whereRaw('(i.name, i.id) > (?, ?)', [q.afterName, q.afterId]);
    if (q.limit) qb.limit(q.limit + 1);
    const rows = (await qb) as InstitutionRow[];
    const page = q.limit ? rows.slice(0, q.limit) : rows;
    const last = page.at(-1);
    ctx.body = {
      canManage: isAdministrator(access),
      institutions: page.map(presentInstitution),
      next: q.limit && rows.length > q.limit && last ? { afterName: last.name, afterId: last.id } : null,
    };
  });

  router.get('/institutions/:id/logo', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const id = reachable(ctx, access);
    const logo = await knex('institution_logos')
      .where({ institution_id: id, account_id: access.accountId })
      .first('mime', 'bytes');
    if (!logo) throw new AppError('NOT_FOUND');
    ctx.type = logo.mime;
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = logo.bytes as Buffer;
  });

  router.put('/institutions/:id/logo', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const id = reachable(ctx, access);
    requireAdministrator(access);
    const input = body(ctx, UploadLogoBody);
    const bytes = Buffer.from(input.file, 'base64');
    const check = checkLogo(input.fileName, bytes);
    if (!check.ok) throw new AppError(check.code);
    await knex('institution_logos')
      .insert({
        institution_id: id,
        account_id: access.accountId,
        mime: check.mime,
        bytes,
        updated_by: access.userId,
        updated_at: knex.fn.now(),
      })
      .onConflict('institution_id')
      .merge(['mime', 'bytes', 'updated_by', 'updated_at']);
    ctx.status = 204;
  });

  router.delete('/institutions/:id/logo', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const id = reachable(ctx, access);
    requireAdministrator(access);
    await knex('institution_logos').where({ institution_id: id, account_id: access.accountId }).delete();
    ctx.status = 204;
  });

  return router;
}
