/**
 * The audit viewer (issue 14): `GET /audit` pages the current account's log newest first,
 * `GET /audit/export.csv` streams the same filtered rows as CSV, `GET /audit/verify` (super
 * role) walks the whole hash chain.
 */
import { Readable } from 'node:stream';
import Router from '@koa/router';
import { csvLine } from '../../domain/audit/csv';
import { AuditQuery, type AuditRow } from '../../domain/audit/query';
import { AppError } from '../../domain/errors';
import { eachAudit, listAudit } from '../../services/audit/audit-log';
import { verifyAuditChain } from '../../services/audit/verify-chain';
import { type Access, requireManage } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import { audit } from '../auth/login';
import type { ApiDeps } from '../deps';
import { query } from '../http/validate';

/** Who reads the account's audit log: AUDIT_READ (administrators and the super role pass). */
export function requireAuditRead(access: Access): void {
  requireManage(access, 'AUDIT_READ', 'CANNOT_READ_AUDIT');
}

const CSV_HEADER = ['id', 'at', 'action', 'user_id', 'user', 'study_id', 'laudo_id', 'patient', 'patient_id', 'ip', 'detail'];

async function* csvRows(rows: AsyncGenerator<AuditRow>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_HEADER)}`;
  for await (const r of rows) {
    yield csvLine([r.id, r.at, r.action, r.userId, r.userName, r.studyId, r.laudoId, r.patientName, r.patientId, r.ip, JSON.stringify(r.detail)]);
  }
}

export function auditRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/audit', requireSession(knex));

  router.get('/audit', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    requireAuditRead(access);
    ctx.body = await listAudit(knex, access.accountId, query(ctx, AuditQuery));
  });

  /** The account's people, for the viewer's user filter. */
  router.get('/audit/users', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    requireAuditRead(access);
    ctx.body = {
      users: await knex('user_accounts as ua')
        .join('users as u', 'u.id', 'ua.user_id')
        .where('ua.account_id', access.accountId)
        .orderBy('u.name')
        .select('u.id', 'u.name', 'u.username'),
    };
  });

  router.get('/audit/export.csv', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    requireAuditRead(access);
    const { cursor: _cursor, pageSize: _pageSize, ...filters } = query(ctx, AuditQuery);
    await audit(knex, access.userId, 'audit.export', ctx.ip, access.accountId, filters);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', 'attachment; filename="auditoria.csv"');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = Readable.from(csvRows(eachAudit(knex, access.accountId, filters)));
  });

  router.get('/audit/verify', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    if (!access.superRole) throw new AppError('FORBIDDEN_ACCESS');
    ctx.body = await verifyAuditChain(knex);
  });

  return router;
}
