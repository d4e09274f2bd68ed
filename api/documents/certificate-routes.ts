/**
 * The doctor's A1 certificate (spec 2 §7 POST /digitalSignature/upload): checked with its
 * password, sealed at rest, never returned. `personalKeyId` on the user marks that one exists.
 */
import type { Certificate } from '../../domain/documents/certificate';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { A1Error, distinguishedName, readA1, seal } from '../../documents/signing/a1-certificate';
import { checkSigningCertificate } from '../../documents/signing/trust';
import { requireSession, sessionOf } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body } from '../http/validate';
import { a1SessionCache } from './a1-session-cache';
import { certificateKey } from '../../services/secrets/certificate-key';
import { A1_REFUSALS, trustAnchors, userCpf } from './certificate-checks';

/** A .p12/.pfx is a few KB; 64 KB leaves room for long chains. */
const MAX_P12_BYTES = 64 * 1024;

export const UploadBody = z
  .object({
    /** The .p12/.pfx file, base64. */
    file: z
      .string()
      .min(4)
      .max(Math.ceil((MAX_P12_BYTES * 4) / 3) + 4),
    password: z.string().min(1).max(200),
    fileName: z.string().max(200).optional(),
  })
  .strict();

export interface CertificateRow {
  id: string;
  sealed_p12: Buffer;
  subject: string;
  issuer: string;
  not_before: Date;
  not_after: Date;
  created_at: Date;
}

/** The user's registered certificate (the one `personalKeyId` names), if any. */
export async function findCertificate(knex: Knex, userId: string): Promise<CertificateRow | null> {
  const user = await knex('users').where({ id: userId }).first('personal_key_id');
  if (!user?.personal_key_id) return null;
  const row = await knex('user_certificates')
    .where({ user_id: userId })
    .whereRaw('id::text = ?', [user.personal_key_id])
    .first<CertificateRow | undefined>();
  return row ?? null;
}

const present = (c: CertificateRow): Certificate => ({
  personalKeyId: c.id,
  subject: c.subject,
  issuer: c.issuer,
  notBefore: new Date(c.not_before).toISOString(),
  notAfter: new Date(c.not_after).toISOString(),
  uploadedAt: new Date(c.created_at).toISOString(),
});

export function certificateRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/digitalSignature', async (ctx) => {
    const row = await findCertificate(knex, sessionOf(ctx).user.id);
    ctx.body = { certificate: row ? present(row) : null };
  });

  router.post('/digitalSignature/upload', async (ctx) => {
    const b = body(ctx, UploadBody);
    const userId = sessionOf(ctx).user.id;
    const bytes = Buffer.from(b.file, 'base64');
    if (bytes.length === 0 || bytes.length > MAX_P12_BYTES) throw new AppError('CERTIFICATE_UPLOAD_FAILED');
    let parsed;
    try {
      parsed = readA1(bytes, b.password);
      // The same checks as signing: a certificate that could not sign is not registered.
      checkSigningCertificate(parsed, trustAnchors(deps.config), new Date(), await userCpf(knex, userId));
    } catch (err) {
      if (err instanceof A1Error) throw new AppError(A1_REFUSALS[err.problem]);
      throw err;
    }
    const cert = parsed.certificate;
    const row = await inTransaction(knex, async (trx) => {
      // One certificate per doctor: a new upload replaces the old one.
      await trx('user_certificates').where({ user_id: userId }).delete();
      const [saved] = await trx('user_certificates')
        .insert({
          user_id: userId,
          sealed_p12: seal(bytes, certificateKey(deps.config)),
          subject: distinguishedName(cert.subject.attributes).slice(0, 500),
          issuer: distinguishedName(cert.issuer.attributes).slice(0, 500),
          serial: cert.serialNumber.slice(0, 100),
          not_before: cert.validity.notBefore,
          not_after: cert.validity.notAfter,
        })
        .returning('*');
      await trx('users').where({ id: userId }).update({ personal_key_id: saved.id, updated_at: new Date() });
      return saved as CertificateRow;
    });
    // The old certificate's opened key must not sign again (its row id is gone anyway).
    a1SessionCache.forgetUser(userId);
    ctx.body = { certificate: present(row) };
  });

  router.delete('/digitalSignature', async (ctx) => {
    const userId = sessionOf(ctx).user.id;
    await inTransaction(knex, async (trx) => {
      await trx('user_certificates').where({ user_id: userId }).delete();
      await trx('users').where({ id: userId }).update({ personal_key_id: null, updated_at: new Date() });
    });
    a1SessionCache.forgetUser(userId);
    ctx.body = { certificate: null };
  });

  return router;
}
