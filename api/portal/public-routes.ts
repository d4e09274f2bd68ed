/**
 * The results portal for patients (issue 18; spec 3 §2, §5), without a platform login:
 *
 *   POST /portal/login             {patientId, birthDate, accessCode} → a 30-minute portal token and the result
 *   GET  /portal/result            (header portal_token) the exam and its report's availability
 *   GET  /portal/result/report.pdf (header or ?portal_token=) the report's document: the signed PDF, else the concluded text
 *
 * Every field is required (PORTAL_FIELDS_REQUIRED); any mismatch answers one PORTAL_ACCESS_DENIED
 * (nothing tells which field was wrong); calls are limited per address like sign-in, and a code
 * stops working after PORTAL_MAX_FAILED_ATTEMPTS wrong tries. Access and downloads are audited.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import {
  PORTAL_MAX_FAILED_ATTEMPTS,
  PORTAL_SESSION_MINUTES,
  PortalLogin,
  PortalTokenQuery,
  type PortalResult,
  type PortalSession,
  birthDay,
  normalizeAccessCode,
} from '../../domain/portal/results-portal';
import { loadLaudoRecord } from '../../services/reports/laudo-record';
import { latestDocumentVersion, versionFilename, versionPdf } from '../../services/documents/version-pdf';
import { hashToken, newToken } from '../../services/tokens';
import { createLoginLimits, limitAddress, retryAfterHeader } from '../auth/login-limits';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { body, query } from '../http/validate';

interface Held {
  codeId: string;
  accountId: string;
  studyId: string;
  laudoId: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function portalRoutes(deps: ApiDeps): Router {
  const { knex, config } = deps;
  const router = new Router();
  const limits =
    deps.loginLimits ??
    createLoginLimits({ LOGIN_RATE_PER_MINUTE: config.LOGIN_RATE_PER_MINUTE, DATABASE_URL: config.DATABASE_URL });

  const auditPortal = (h: Held, action: string, ip: string, detail: Record<string, unknown> = {}) =>
    knex('audit_log').insert({
      account_id: h.accountId,
      user_id: null,
      action,
      study_id: h.studyId,
      ip: ip.slice(0, 64),
      detail,
    });

  const result = async (h: Held): Promise<PortalResult> => {
    const row = await knex('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .join('accounts as a', 'a.id', 's.account_id')
      .leftJoin('institutions as i', 'i.id', 's.institution_id')
      .join('laudos as l', 'l.id', 's.laudo_id')
      .where('s.id', h.studyId)
      .first(
        'a.name as accountName',
        'i.name as institutionName',
        'p.name as patientName',
        's.exam_type as examType',
        's.modalities',
        's.exam_date as examDate',
        'l.state',
        'l.version',
        'l.finished_at as finishedAt',
        'l.doctor_name as doctorName',
      );
    const { record } = await loadLaudoRecord(knex, h.accountId, h.laudoId);
    const version = await latestDocumentVersion(knex, {
      access: { accountId: h.accountId },
      study: { id: h.studyId },
      record,
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'REPORT_PDF_UNAVAILABLE') return null;
      throw err;
    });
    const signed =
      version === null ? false : Boolean(await knex('laudo_documents').where({ laudo_id: h.laudoId, version }).first('version'));
    return {
      accountName: row.accountName,
      institutionName: row.institutionName ?? null,
      patientName: row.patientName,
      examType: row.examType ?? null,
      modalities: row.modalities ?? [],
      examDate: iso(row.examDate),
      report: version === null ? null : { version, signed, finishedAt: iso(row.finishedAt), doctorName: row.doctorName ?? null },
    };
  };

  /** The portal session the call carries, or PORTAL_SESSION_EXPIRED. */
  const held = async (ctx: Context): Promise<Held> => {
    const token = ctx.get('portal_token') || (query(ctx, PortalTokenQuery).portal_token ?? '');
    if (!token) throw new AppError('PORTAL_SESSION_EXPIRED');
    const row = await knex('result_portal_sessions as ps')
      .join('result_access_codes as c', 'c.id', 'ps.code_id')
      .join('studies as s', 's.id', 'c.study_id')
      .join('accounts as a', 'a.id', 'c.account_id')
      .where('ps.token_hash', hashToken(token))
      .where('ps.expires_at', '>', knex.fn.now())
      .whereNull('c.revoked_at')
      .where('a.results_portal', true)
      .first('c.id as codeId', 'c.account_id as accountId', 'c.study_id as studyId', 's.laudo_id as laudoId');
    if (!row) throw new AppError('PORTAL_SESSION_EXPIRED');
    ctx.set('Cache-Control', 'private, no-store');
    return row as Held;
  };

  router.post('/portal/login', retryAfterHeader, limitAddress(limits), async (ctx) => {
    const input = body(ctx, PortalLogin);
    const code = normalizeAccessCode(input.accessCode);
    const day = input.birthDate ? birthDay(input.birthDate) : null;
    if (!input.patientId || !input.birthDate || !code) throw new AppError('PORTAL_FIELDS_REQUIRED');
    const row = await knex('result_access_codes as c')
      .join('studies as s', 's.id', 'c.study_id')
      .join('patients as p', 'p.id', 's.patient_ref')
      .join('accounts as a', 'a.id', 'c.account_id')
      .where('c.code_hash', hashToken(code))
      .whereNull('c.revoked_at')
      .where('a.results_portal', true)
      .whereNull('s.invalidated_at')
      .first(
        'c.id',
        'c.account_id',
        'c.study_id',
        'c.failed_attempts',
        's.laudo_id',
        'p.patient_id',
        knex.raw(`to_char(p.birth_date, 'YYYY-MM-DD') AS birth`),
      );
    if (!row || row.failed_attempts >= PORTAL_MAX_FAILED_ATTEMPTS) throw new AppError('PORTAL_ACCESS_DENIED');
    const h: Held = { codeId: row.id, accountId: row.account_id, studyId: row.study_id, laudoId: row.laudo_id };
    const matches =
      row.patient_id.trim().toUpperCase() === input.patientId.trim().toUpperCase() && day !== null && row.birth === day;
    if (!matches) {
      await knex('result_access_codes').where({ id: row.id }).increment('failed_attempts', 1);
      await auditPortal(h, 'portal.denied', ctx.ip);
      throw new AppError('PORTAL_ACCESS_DENIED');
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + PORTAL_SESSION_MINUTES * 60_000);
    await knex('result_portal_sessions').insert({ token_hash: hashToken(token), code_id: row.id, expires_at: expiresAt });
    await knex('result_access_codes').where({ id: row.id }).update({ last_used_at: knex.fn.now(), failed_attempts: 0 });
    await auditPortal(h, 'portal.access', ctx.ip);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { token, expiresAt: expiresAt.toISOString(), result: await result(h) } satisfies PortalSession;
  });

  router.get('/portal/result', async (ctx) => {
    ctx.body = await result(await held(ctx));
  });

  router.get('/portal/result/report.pdf', async (ctx) => {
    const h = await held(ctx);
    const { record } = await loadLaudoRecord(knex, h.accountId, h.laudoId);
    const rc = { access: { accountId: h.accountId }, study: { id: h.studyId }, record };
    const version = await latestDocumentVersion(knex, rc);
    const doc = await versionPdf(knex, deps.storage, rc, version, requestLang(ctx));
    const patient = await knex('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .where('s.id', h.studyId)
      .first('p.patient_id');
    await auditPortal(h, 'portal.download', ctx.ip, { version, signed: doc.signed });
    ctx.type = 'application/pdf';
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${versionFilename({ id: h.studyId, patientId: patient?.patient_id }, version)}"`,
    );
    ctx.body = await deps.storage.get(doc.key);
  });

  return router;
}
