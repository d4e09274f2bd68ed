/**
 * Signing a report (ADR 006): the API checks the rule, opens the doctor's A1 with the typed
 * password, renders and signs the version's PDF, stores it under its hash, and only then runs
 * the `sign` Update carrying the storage key. Neither the password nor the key reach Temporal.
 */
import { randomInt } from 'node:crypto';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { ReportView } from '../../domain/studies/schemas';
import { type A1, A1Error, distinguishedName, holderName, readA1, unseal } from '../../documents/signing/a1-certificate';
import { renderSignedReport } from '../../documents/signing/sign-pdf';
import { checkSigningCertificate } from '../../documents/signing/trust';
import { plan } from '../../workflows/laudo/plan';
import { actorFor } from '../access/access';
import { sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { inTurn } from '../reports/report-turns';
import { type ReportContext, answerIfApplied, refreshReportContext, runReportAction } from '../reports/run-action';
import { a1SessionCache } from './a1-session-cache';
import { findCertificate } from './certificate-routes';
import { certificateKey } from '../../services/secrets/certificate-key';
import { A1_REFUSALS, trustAnchors, userCpf } from './certificate-checks';
import { loadReportDocument } from '../../services/documents/document-data';
import { laudoFolder, sha256 } from '../../services/documents/report-files';

/** No 0/O, 1/I/L: read aloud or typed from paper without mistakes (31^12 ≈ 2^59). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** The A1 password as sent to sign: bounded, since opening a PKCS#12 with it costs CPU. */
export const PersonalKeyPassword = z.string().max(256);

export const VERIFICATION_CODE = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/**
 * The platform's public address for links that leave it (signed PDFs, mail): PUBLIC_URL, or in
 * development http://localhost:PORT — never the request's Host header, which a caller chooses.
 */
export function publicBaseUrl(deps: Pick<ApiDeps, 'config' | 'listeningPort'>): string {
  const base = deps.config.PUBLIC_URL ?? `http://localhost:${deps.listeningPort?.() ?? deps.config.PORT}`;
  return base.replace(/\/+$/, '');
}

/**
 * The caller's A1 opened with the password and checked, or its refusal: no certificate →
 * NO_A1_CERTIFICATE; then each problem its own code (wrong password, expired, not yet valid,
 * key usage, untrusted chain, holder not the user). An opened certificate is kept for the
 * session a few minutes (a1SessionCache), found again only with the same registered
 * certificate and the same password; the checks run on every open, cached or not.
 */
export async function openCallerA1(
  deps: ApiDeps,
  caller: { userId: string; sessionId: string },
  password: string | undefined,
): Promise<A1> {
  const cert = await findCertificate(deps.knex, caller.userId);
  if (!cert) throw new AppError('NO_A1_CERTIFICATE');
  if (!password) throw new AppError('SIGN_PASSWORD_REQUIRED');
  try {
    const a1 = await a1SessionCache.open(caller, cert.id, password, () =>
      readA1(unseal(cert.sealed_p12, certificateKey(deps.config)), password),
    );
    // Before `save` finishes the report it was meant to sign: a certificate that expired, or
    // a CPF changed since the upload, refuses here.
    checkSigningCertificate(a1, trustAnchors(deps.config), new Date(), await userCpf(deps.knex, caller.userId));
    return a1;
  } catch (err) {
    // A stored file that no longer opens (not the password): the spec's signing error.
    if (err instanceof A1Error && err.problem !== 'format' && err.problem !== 'noKey')
      throw new AppError(A1_REFUSALS[err.problem]);
    if (err instanceof A1Error || (err as Error).message?.includes('authenticate')) throw new AppError('SIGN_FAILED');
    throw err;
  }
}

/** Pre-checks `sign` with the domain's plan (state 2, the executor) before any rendering. */
export function checkSign(rc: ReportContext, hasKey: boolean, hasPassword: boolean): void {
  const actor = actorFor(rc.access, rc.study.institutionId);
  const input = { hasPersonalKey: hasKey as true, hasPassword: hasPassword as true };
  const pre = plan(rc.record, 'sign', { actor, input });
  if (!pre.ok) throw new AppError(pre.code);
}

/**
 * Renders, signs and stores the current version's PDF, then moves the report to 3. One
 * signature of a report at a time: one that waited is judged on the report the other left.
 */
export function signReport(ctx: Context, deps: ApiDeps, rc: ReportContext, a1: A1): Promise<ReportView> {
  return inTurn(`sign:${rc.record.laudoId}`, 1, async (waited) => {
    const now = waited ? await refreshReportContext(deps, rc) : rc;
    return (await answerIfApplied(ctx, deps, now, 'sign')) ?? signNow(ctx, deps, now, a1);
  });
}

async function signNow(ctx: Context, deps: ApiDeps, rc: ReportContext, a1: A1): Promise<ReportView> {
  checkSign(rc, true, true);
  const document = await loadReportDocument(deps.knex, deps.storage, rc, { lang: ctx.get('accept-language') });
  const verificationCode = newVerificationCode();
  const signedAt = new Date();
  let pdf: Buffer;
  try {
    pdf = await renderSignedReport({
      document,
      a1,
      anchors: trustAnchors(deps.config),
      userCpf: await userCpf(deps.knex, rc.access.userId),
      verificationCode,
      verifyUrl: `${publicBaseUrl(deps)}/verify/${verificationCode}`,
      signedAt,
    });
  } catch (err) {
    if (err instanceof A1Error) throw new AppError(A1_REFUSALS[err.problem]);
    throw err;
  }
  const hash = sha256(pdf);
  // Content-addressed: a retry that signs again stores a new file; the Update keeps one.
  const documentKey = `${laudoFolder(rc.access.accountId, rc.record.laudoId)}/signed/v${rc.record.version}-${hash}.pdf`;
  await deps.storage.put(documentKey, pdf, { contentType: 'application/pdf' });
  return runReportAction(ctx, deps, rc, {
    action: 'sign',
    input: { hasPersonalKey: true, hasPassword: true },
    note: {
      documentKey,
      sha256: hash,
      verificationCode,
      signerName: holderName(a1.certificate).slice(0, 200),
      certificateSubject: distinguishedName(a1.certificate.subject.attributes).slice(0, 500),
      signedAt: signedAt.toISOString(),
    },
  });
}

/**
 * `reports/sign` and `/digitalSignature/sign` (spec 2 §7): the rule first (state 2, the
 * executor, a certificate and a password), then the certificate opened, then the signature.
 */
export async function signWithPassword(
  ctx: Context,
  deps: ApiDeps,
  rc: ReportContext,
  password: string | undefined,
): Promise<ReportView> {
  // A retry (same Idempotency-Key) of a signature that went through is answered as done.
  const done = await answerIfApplied(ctx, deps, rc, 'sign');
  if (done) return done;
  const hasKey = Boolean(await findCertificate(deps.knex, rc.access.userId));
  checkSign(rc, hasKey, Boolean(password));
  const a1 = await openCallerA1(deps, { userId: rc.access.userId, sessionId: sessionOf(ctx).sessionId }, password);
  return signReport(ctx, deps, rc, a1);
}
