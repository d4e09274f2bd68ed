/**
 * Writes a new user the way both registration paths need it: the user row, the link to the
 * account (no institution, no role: an administrator grants access later), and the acceptance of
 * the terms (version, time, address). Runs inside the caller's transaction.
 */
import type { Knex } from 'knex';
import type { ProfessionalCouncil } from '../../domain/people/professional-id';
import { audit } from '../auth/login';
import { recordPassword } from '../auth/password/store';

export interface NewUser {
  name: string;
  username: string;
  email: string;
  mobile: string;
  cpf: string;
  council: ProfessionalCouncil | null;
  passwordHash: string;
  /** An invitation's link proved the address; a sign-up still has to. */
  emailVerified: boolean;
}

export interface Acceptance {
  termsVersion: string;
  ip?: string;
  userAgent?: string;
}

export async function createUser(
  trx: Knex.Transaction,
  u: NewUser,
  accountId: string,
  terms: Acceptance,
  how: string,
): Promise<string> {
  const [user] = await trx('users')
    .insert({
      name: u.name,
      username: u.username,
      email: u.email,
      password_hash: u.passwordHash,
      cpf: u.cpf,
      phone_mobile: u.mobile,
      council_type: u.council?.type ?? null,
      council_number: u.council?.number ?? null,
      council_uf: u.council?.uf ?? null,
      email_verified_at: u.emailVerified ? trx.fn.now() : null,
    })
    .returning('id');
  const userId: string = user.id;
  await trx('user_accounts').insert({ user_id: userId, account_id: accountId, is_admin: false });
  // The first password starts the history, so a later change cannot bring it back.
  await recordPassword(trx, userId, u.passwordHash);
  await recordTermsAcceptance(trx, userId, terms);
  await audit(trx, userId, how, terms.ip, accountId, { username: u.username });
  return userId;
}

export async function recordTermsAcceptance(knex: Knex, userId: string, terms: Acceptance): Promise<void> {
  await knex('terms_acceptances')
    .insert({
      user_id: userId,
      version: terms.termsVersion,
      ip: terms.ip?.slice(0, 64) ?? null,
      user_agent: terms.userAgent?.slice(0, 300) ?? null,
    })
    .onConflict(['user_id', 'version'])
    .ignore();
}

/** Which unique rule a failed insert broke, if any. */
export function uniqueViolation(err: unknown): 'username' | 'email' | 'cpf' | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505') return null;
  if (e.constraint === 'users_username_lower') return 'username';
  if (e.constraint === 'users_email_lower') return 'email';
  if (e.constraint === 'users_cpf_unique') return 'cpf';
  return null;
}
