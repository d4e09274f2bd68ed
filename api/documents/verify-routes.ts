/**
 * The public check of a signed report (`/verify/:code` in the web app, QR on the PDF): no
 * session; the code printed on the document is the only key. Shows the document's status and
 * serves the signed file so its hash can be compared.
 */
import Router from '@koa/router';
import type { Verification } from '../../domain/documents/verification';
import { AppError } from '../../domain/errors';
import type { ApiDeps } from '../deps';
import { rateLimit } from '../http/rate-limit';
import { maskCpf } from '../../documents/signing/a1-certificate';
import { VERIFICATION_CODE } from './sign-report';

/** "José Antônio da Conceição" → "J. A. D. C.": enough to match the paper, not to identify. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w[0]!.toUpperCase()}.`)
    .join(' ');

export function verifyRoutes(deps: ApiDeps): Router {
  const { knex, storage } = deps;
  const router = new Router();
  // Per route: a router-level middleware would run for every /api path (nested routers share them).
  const limited = rateLimit({ windowMs: 60_000, max: 60 });

  const find = async (code: string) => {
    if (!VERIFICATION_CODE.test(code)) throw new AppError('NOT_FOUND');
    const row = await knex('laudo_documents as d')
      .join('laudo_versions as v', function onVersion() {
        this.on('v.laudo_id', 'd.laudo_id').andOn('v.version', 'd.version');
      })
      .join('laudos as l', 'l.id', 'd.laudo_id')
      .where('d.verification_code', code)
      .first('d.*', 'v.cancelled', 'l.institution_id', 'l.account_id as laudoAccountId');
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  router.get('/public/verify/:code', limited, async (ctx) => {
    const row = await find(ctx.params.code ?? '');
    const study = await knex('studies as s')
      .join('patients as p', 'p.id', 's.patient_ref')
      .leftJoin('institutions as i', 'i.id', 's.institution_id')
      .where({ 's.laudo_id': row.laudo_id, 's.account_id': row.account_id })
      .first('p.name as patientName', 's.exam_type as examType', 's.exam_date as examDate', 'i.name as institutionName');
    ctx.set('Cache-Control', 'no-store');
    const document: Verification = {
      // A reopened report archives its signed version: still authentic, no longer current.
      status: row.cancelled ? 'archived' : 'valid',
      verificationCode: row.verification_code,
      version: row.version,
      signedAt: new Date(row.signed_at).toISOString(),
      signerName: row.signer_name,
      // The holder's CPF (ICP-Brasil CN "NAME:CPF") is personal data: masked on the public page.
      certificateSubject: maskCpf(row.certificate_subject),
      sha256: row.sha256,
      institutionName: study?.institutionName ?? null,
      patientInitials: study ? initials(study.patientName) : null,
      examType: study?.examType ?? null,
      examDate: study?.examDate ? new Date(study.examDate).toISOString() : null,
    };
    ctx.body = { document };
  });

  router.get('/public/verify/:code/document', limited, async (ctx) => {
    const row = await find(ctx.params.code ?? '');
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="laudo-${row.verification_code}.pdf"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await storage.get(row.storage_key);
  });

  return router;
}
