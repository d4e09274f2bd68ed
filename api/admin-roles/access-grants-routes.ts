/**
 * Access for providers and referring physicians (spec 3 §2, §6): a grant opens one study to
 * one user of the account, recording the provider's council state and number and the login of
 * the service that asked. The grantee then reaches exactly those studies (Access.studyGrants).
 * Needs ACCESS_GRANTS_MANAGE ('without permission … cannot create access grants').
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AccessGrantBody } from '../../domain/auth/roles-schemas';
import { AppError } from '../../domain/errors';
import { canManage } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import { accessChanged } from '../access/access-changed';
import type { ApiDeps } from '../deps';
import { KeysetQuery, keysetPage, searchPattern } from '../http/keyset';
import { query, uuidParam } from '../http/validate';
import { findStudy } from '../studies/study-queries';
import { auditAdmin, codedBody, uniqueOr } from './shared';

export function accessGrantRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/accessGrants', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    if (!canManage(access, 'ACCESS_GRANTS_MANAGE')) throw new AppError('CANNOT_MANAGE_ACCESS_GRANTS');
    return access;
  };
  const list = (accountId: string) =>
    knex('study_access_grants as g')
      .join('users as u', 'u.id', 'g.user_id')
      .join('studies as s', 's.id', 'g.study_id')
      .join('patients as p', 'p.id', 's.patient_ref')
      .where('g.account_id', accountId)
      .select(
        'g.id',
        'g.user_id as userId',
        'u.name as userName',
        'g.study_id as studyId',
        'p.name as patientName',
        's.accession_number as accessionNumber',
        's.exam_type as examType',
        'g.council_uf as councilUf',
        'g.council_number as councilNumber',
        'g.requester_login as requesterLogin',
        'g.created_at as createdAt',
      );

  router.get('/accessGrants', async (ctx) => {
    const access = await managed(ctx);
    const q = query(ctx, KeysetQuery);
    const like = searchPattern(q.q);
    const qb = list(access.accountId);
    if (like) {
      void qb.where((w) => {
        for (const column of ['u.name', 'p.name', 's.accession_number', 'g.council_number', 'g.requester_login'])
          void w.orWhereRaw(`lower(coalesce(${column}, '')) like ?`, [like]);
      });
    }
    // Newest first, as the screen shows them.
    const page = await keysetPage<{ id: string }>(
      knex,
      qb,
      { key: 'g.created_at', keyType: 'timestamptz', id: 'g.id', order: 'desc' },
      q,
    );
    ctx.body = { grants: page.rows, nextCursor: page.nextCursor };
  });

  router.post('/accessGrants', async (ctx) => {
    const access = await managed(ctx);
    const input = codedBody(ctx, AccessGrantBody);
    // The grantee is a user of the account; the study one the caller itself reaches.
    const member: { user_id: string } | undefined = await knex('user_accounts as ua')
      .join('users as u', 'u.id', 'ua.user_id')
      .where('ua.account_id', access.accountId)
      .where((w) => {
        if (input.userId) void w.where('u.id', input.userId);
        else
          void w
            .whereRaw('lower(u.username) = lower(?)', [input.username ?? ''])
            .orWhereRaw('lower(u.email) = lower(?)', [input.username ?? '']);
      })
      .first('ua.user_id');
    const studyId =
      input.studyId ??
      (
        (await knex('studies').where({ account_id: access.accountId, accession_number: input.accessionNumber }).first('id')) as
          { id: string } | undefined
      )?.id;
    if (!member || !studyId || !(await findStudy(knex, access, studyId))) throw new AppError('NOT_FOUND');
    const [row] = await uniqueOr('ACCESS_GRANT_EXISTS', () =>
      knex('study_access_grants')
        .insert({
          account_id: access.accountId,
          user_id: member.user_id,
          study_id: studyId,
          council_uf: input.councilUf,
          council_number: input.councilNumber,
          requester_login: input.requesterLogin,
          created_by: access.userId,
        })
        .returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'ACCESS_GRANT_CREATED', {
      grantId: row.id,
      userId: member.user_id,
      studyId,
      councilUf: input.councilUf,
      councilNumber: input.councilNumber,
      requesterLogin: input.requesterLogin,
    });
    ctx.status = 201;
    ctx.body = { grant: await list(access.accountId).where('g.id', row.id).first() };
  });

  router.delete('/accessGrants/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = uuidParam(ctx, 'id');
    const removed: { user_id: string }[] = await knex('study_access_grants')
      .where({ id, account_id: access.accountId })
      .delete()
      .returning('user_id');
    if (!removed.length) throw new AppError('NOT_FOUND');
    await auditAdmin(knex, ctx, access, 'ACCESS_GRANT_REVOKED', { grantId: id });
    await accessChanged(deps, removed.map((r) => ({ userId: r.user_id })));
    ctx.status = 204;
  });

  return router;
}
