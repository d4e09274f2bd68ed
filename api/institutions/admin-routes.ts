/**
 * Institutions administered by their account (issue 14; spec 3 §4): create, edit, deactivate
 * and reactivate. Account administrators and the super role manage them; anyone else in the
 * account is told they cannot manage institutions; another account's institution does not
 * exist (404). A deactivated institution receives no new studies (api/dicomweb refuses the
 * upload), leaves the study filters, and its studies stay readable. Every change is audited.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { InstitutionInput, type InstitutionView } from '../../domain/institutions/institution';
import { type Access, isAdministrator } from '../access/access';
import { adminBody, isUniqueViolation } from '../accounts/admin-http';
import { audit } from '../auth/login';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';
import { accountParam } from '../phrases/account-param';

export interface InstitutionRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  cnpj: string | null;
  responsible_user_id: string | null;
  responsible_name?: string | null;
  allow_study_download: boolean;
  ae_title: string | null;
  active: boolean;
  logo_updated_at?: Date | null;
}

export const INSTITUTION_COLUMNS = [
  'i.id',
  'i.name',
  'i.email',
  'i.phone',
  'i.cnpj',
  'i.responsible_user_id',
  'u.name as responsible_name',
  'i.allow_study_download',
  'i.ae_title',
  'i.active',
  'l.updated_at as logo_updated_at',
];

export function institutionsQuery(knex: Knex, accountId: string) {
  return knex('institutions as i')
    .leftJoin('users as u', 'u.id', 'i.responsible_user_id')
    .leftJoin('institution_logos as l', 'l.institution_id', 'i.id')
    .where('i.account_id', accountId);
}

export function presentInstitution(r: InstitutionRow): InstitutionView {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    cnpj: r.cnpj,
    responsibleUserId: r.responsible_user_id,
    responsibleName: r.responsible_name ?? null,
    allowStudyDownload: r.allow_study_download,
    aeTitle: r.ae_title,
    active: r.active,
    logoUpdatedAt: r.logo_updated_at ? r.logo_updated_at.toISOString() : null,
  };
}

function columnsOf(input: InstitutionInput) {
  return {
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    cnpj: input.cnpj ?? null,
    responsible_user_id: input.responsibleUserId ?? null,
    allow_study_download: input.allowStudyDownload,
    ae_title: input.aeTitle ?? null,
  };
}

export function institutionAdminRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/institutions', requireSession(knex));

  const manager = async (ctx: Context): Promise<Access> => {
    const access = await currentAccess(ctx, knex);
    if (!isAdministrator(access)) throw new AppError('INSTITUTIONS_CANNOT_MANAGE');
    return access;
  };
  /** The path's institution in the caller's account; 404 otherwise (before any 403). */
  const ownInstitution = async (ctx: Context): Promise<{ access: Access; row: InstitutionRow }> => {
    const access = await currentAccess(ctx, knex);
    const row = (await institutionsQuery(knex, access.accountId)
      .where('i.id', uuidParam(ctx, 'id'))
      .first(INSTITUTION_COLUMNS)) as InstitutionRow | undefined;
    if (!row) throw new AppError('NOT_FOUND');
    if (!isAdministrator(access)) throw new AppError('INSTITUTIONS_CANNOT_MANAGE');
    return { access, row };
  };

  async function checkResponsible(accountId: string, userId: string | null | undefined) {
    if (!userId) return;
    const member = await knex('user_accounts').where({ user_id: userId, account_id: accountId }).first('id');
    if (!member) throw new AppError('INSTITUTION_INVALID', undefined, ['responsibleUserId']);
  }

  /** Writes, turning the two unique rules (name, AE Title) into their messages. */
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err, 'institutions_account_ae_title')) throw new AppError('INSTITUTION_AE_TITLE_IN_USE');
      if (isUniqueViolation(err, 'institutions_account_id_name_unique')) throw new AppError('INSTITUTION_NAME_IN_USE');
      throw err;
    }
  }

  const byId = async (accountId: string, id: string) =>
    presentInstitution((await institutionsQuery(knex, accountId).where('i.id', id).first(INSTITUTION_COLUMNS)) as InstitutionRow);

  /** Spec 3 §7 'doctors': the account's users, whom an institution may name as its responsible physician. */
  router.get('/accounts/:accountId/doctors', requireSession(knex), async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const accountId = accountParam(ctx, access);
    if (!isAdministrator(access)) throw new AppError('INSTITUTIONS_CANNOT_MANAGE');
    const rows: { id: string; name: string }[] = await knex('users as u')
      .join('user_accounts as ua', 'ua.user_id', 'u.id')
      .where('ua.account_id', accountId)
      .orderBy([{ column: 'u.name' }, { column: 'u.id' }])
      .select('u.id', 'u.name');
    ctx.body = { data: rows };
  });

  router.get('/institutions/:id', async (ctx) => {
    const { row } = await ownInstitution(ctx);
    ctx.body = presentInstitution(row);
  });

  router.post('/institutions', async (ctx) => {
    const access = await manager(ctx);
    const input = adminBody(ctx, InstitutionInput, 'INSTITUTION_INVALID');
    await checkResponsible(access.accountId, input.responsibleUserId);
    const [row] = await write(() =>
      knex('institutions')
        .insert({ ...columnsOf(input), account_id: access.accountId })
        .returning('id'),
    );
    await audit(knex, access.userId, 'admin.institution.create', ctx.ip, access.accountId, {
      institutionId: row.id,
      name: input.name,
    });
    ctx.status = 201;
    ctx.body = await byId(access.accountId, row.id);
  });

  router.put('/institutions/:id', async (ctx) => {
    const { access, row } = await ownInstitution(ctx);
    const input = adminBody(ctx, InstitutionInput, 'INSTITUTION_INVALID');
    await checkResponsible(access.accountId, input.responsibleUserId);
    await write(() =>
      knex('institutions')
        .where({ id: row.id, account_id: access.accountId })
        .update({ ...columnsOf(input), updated_at: knex.fn.now() }),
    );
    const after = await byId(access.accountId, row.id);
    const before = presentInstitution(row) as Record<string, unknown>;
    const changed = Object.keys(after).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify((after as Record<string, unknown>)[k]),
    );
    await audit(knex, access.userId, 'admin.institution.update', ctx.ip, access.accountId, { institutionId: row.id, changed });
    ctx.body = after;
  });

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    router.post(`/institutions/:id/${action}`, async (ctx) => {
      const { access, row } = await ownInstitution(ctx);
      await knex('institutions')
        .where({ id: row.id, account_id: access.accountId })
        .update({ active, updated_at: knex.fn.now() });
      await audit(knex, access.userId, `admin.institution.${action}`, ctx.ip, access.accountId, { institutionId: row.id });
      ctx.body = await byId(access.accountId, row.id);
    });
  }

  return router;
}
