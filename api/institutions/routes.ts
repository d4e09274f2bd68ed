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
import { body, uuidParam } from '../http/validate';

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

  router.get('/institutions', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const rows: { id: string; name: string; logo_updated_at: Date | null }[] = await knex('institutions as i')
      .leftJoin('institution_logos as l', 'l.institution_id', 'i.id')
      .where('i.account_id', access.accountId)
      .whereIn('i.id', [...access.institutions.keys()])
      .orderBy('i.name')
      .select('i.id', 'i.name', 'l.updated_at as logo_updated_at');
    ctx.body = {
      canManage: isAdministrator(access),
      institutions: rows.map((r) => ({
        id: r.id,
        name: r.name,
        logoUpdatedAt: r.logo_updated_at ? r.logo_updated_at.toISOString() : null,
      })),
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
