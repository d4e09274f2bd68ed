/**
 * Accounts (spec 3 §4, §7 GET/DELETE /accounts/{id}): the super role lists, creates, edits and
 * deletes them; anyone else is told they cannot manage accounts. Deletion asks for the
 * account's name again and is refused while the account has studies — studies are medical
 * records the clinic must keep, so they are never removed as a side effect (ADR in README
 * 'Administration'). Every change is audited.
 */
import { inTransaction } from '../../db/transaction';
import { seedDefaultRoles } from '../../services/roles/default-roles';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { AccountInput, AccountListQuery, type AccountView, DeleteAccountBody, confirmsName } from '../../domain/accounts/account';
import { accountSetting } from '../../domain/accounts/settings';
import { AppError } from '../../domain/errors';
import { setAccountSetting } from '../../services/accounts/settings-store';
import { audit } from '../auth/login';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { query, uuidParam } from '../http/validate';
import { adminBody, requireSuper, requireSuperFor } from './admin-http';

interface AccountRow {
  id: string;
  name: string;
  legal_name: string | null;
  billing_email: string | null;
  notification_email: string | null;
  address_street: string | null;
  address_number: string | null;
  address_city: string | null;
  address_uf: string | null;
  address_cep: string | null;
  is_for_human: boolean | null;
  do_not_use_png: boolean;
  results_portal: boolean;
  results_portal_images: boolean;
  config: Record<string, unknown> | null;
}

const COLUMNS = [
  'id',
  'name',
  'legal_name',
  'billing_email',
  'notification_email',
  'address_street',
  'address_number',
  'address_city',
  'address_uf',
  'address_cep',
  'is_for_human',
  'do_not_use_png',
  'results_portal',
  'results_portal_images',
  'config',
];

export function presentAccount(r: AccountRow): AccountView {
  return {
    id: r.id,
    name: r.name,
    legalName: r.legal_name,
    billingEmail: r.billing_email,
    notificationEmail: r.notification_email,
    address: { street: r.address_street, number: r.address_number, city: r.address_city, uf: r.address_uf, cep: r.address_cep },
    isForHuman: r.is_for_human,
    doNotUsePng: r.do_not_use_png,
    resultsPortal: r.results_portal,
    resultsPortalImages: r.results_portal_images,
    twoFactorRequired: accountSetting(r.config, 'TWO_FACTOR_REQUIRED'),
  };
}

function columnsOf(input: AccountInput) {
  return {
    name: input.name,
    legal_name: input.legalName ?? null,
    billing_email: input.billingEmail ?? null,
    notification_email: input.notificationEmail ?? null,
    address_street: input.address.street ?? null,
    address_number: input.address.number ?? null,
    address_city: input.address.city ?? null,
    address_uf: input.address.uf ?? null,
    address_cep: input.address.cep ?? null,
    is_for_human: input.isForHuman,
    do_not_use_png: input.doNotUsePng,
    results_portal: input.resultsPortal,
    results_portal_images: input.resultsPortalImages,
  };
}

async function accountById(knex: Knex, id: string): Promise<AccountRow> {
  const row = (await knex('accounts').where({ id }).first(COLUMNS)) as AccountRow | undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function accountRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(['/accounts', '/accounts/:id'], requireSession(knex));
  const actor = (ctx: Context) => sessionOf(ctx).user.id;

  router.get('/accounts', async (ctx) => {
    requireSuper(ctx);
    const q = query(ctx, AccountListQuery);
    const qb = knex('accounts')
      .select(COLUMNS)
      .orderBy([{ column: 'name' }, { column: 'id' }])
      .limit(q.limit + 1);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where((w) => void w.whereILike('name', like).orWhereILike('legal_name', like));
    }
    if (q.afterName !== undefined && q.afterId) qb.whereRaw('(name, id) > (?, ?)', [q.afterName, q.afterId]);
    const rows = (await qb) as AccountRow[];
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    ctx.body = {
      data: page.map(presentAccount),
      next: rows.length > q.limit && last ? { afterName: last.name, afterId: last.id } : null,
    };
  });

  router.post('/accounts', async (ctx) => {
    requireSuper(ctx);
    const input = adminBody(ctx, AccountInput, 'ACCOUNT_INVALID');
    const id = await inTransaction(knex, async (trx) => {
      const [row] = await trx('accounts').insert(columnsOf(input)).returning('id');
      await setAccountSetting(trx, row.id, 'TWO_FACTOR_REQUIRED', input.twoFactorRequired);
      // A new account starts with spec 3 §6's default roles (Administrator … Reader).
      await seedDefaultRoles(trx, row.id);
      return row.id as string;
    });
    await audit(knex, actor(ctx), 'admin.account.create', ctx.ip, id, { name: input.name });
    ctx.status = 201;
    ctx.body = presentAccount(await accountById(knex, id));
  });

  router.get('/accounts/:id', async (ctx) => {
    const id = uuidParam(ctx, 'id');
    await requireSuperFor(ctx, knex, id);
    ctx.body = presentAccount(await accountById(knex, id));
  });

  router.put('/accounts/:id', async (ctx) => {
    const id = uuidParam(ctx, 'id');
    await requireSuperFor(ctx, knex, id);
    const input = adminBody(ctx, AccountInput, 'ACCOUNT_INVALID');
    const before = await accountById(knex, id);
    await inTransaction(knex, async (trx) => {
      await trx('accounts')
        .where({ id })
        .update({ ...columnsOf(input), updated_at: trx.fn.now() });
      await setAccountSetting(trx, id, 'TWO_FACTOR_REQUIRED', input.twoFactorRequired);
    });
    const after = await accountById(knex, id);
    const was = presentAccount(before) as Record<string, unknown>;
    const now = presentAccount(after) as Record<string, unknown>;
    const changed = Object.keys(now).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
    await audit(knex, actor(ctx), 'admin.account.update', ctx.ip, id, { changed });
    ctx.body = now;
  });

  router.delete('/accounts/:id', async (ctx) => {
    const id = uuidParam(ctx, 'id');
    await requireSuperFor(ctx, knex, id);
    // DELETE carries no body: the typed name comes as ?confirmName=.
    const parsed = DeleteAccountBody.safeParse(ctx.query);
    if (!parsed.success) throw new AppError('ACCOUNT_DELETE_NAME_MISMATCH');
    const { confirmName } = parsed.data;
    const account = await accountById(knex, id);
    if (!confirmsName(confirmName, account.name)) throw new AppError('ACCOUNT_DELETE_NAME_MISMATCH');
    await inTransaction(knex, async (trx) => {
      // Locks the account so a study arriving meanwhile waits for the verdict.
      await trx('accounts').where({ id }).forUpdate().first('id');
      const study = await trx('studies').where({ account_id: id }).first('id');
      if (study) throw new AppError('ACCOUNT_HAS_STUDIES');
      try {
        await trx('accounts').where({ id }).delete();
      } catch (err) {
        if ((err as { code?: string }).code === '23503') throw new AppError('ACCOUNT_IN_USE');
        throw err;
      }
    });
    await audit(knex, actor(ctx), 'admin.account.delete', ctx.ip, id, { name: account.name });
    ctx.status = 204;
  });

  return router;
}
