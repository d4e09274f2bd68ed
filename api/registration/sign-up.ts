/**
 * Open sign-up (spec 3 §2 /signup) to an account that allows it (account setting ALLOW_SIGNUP,
 * closed by default: such accounts take users by invitation only).
 *
 * Enumeration: a taken username is said (USERNAME_IN_USE), because the person must pick another
 * and usernames are names people choose and show, not secrets. A taken e-mail or CPF is not said:
 * the answer is the same as a sign-up that went through ('check your e-mail'), and the owner of
 * that e-mail or CPF gets a notice that someone tried to sign up with it (and how to sign in).
 * So a stranger cannot learn whether an address or CPF has a user here; the real owner, who may
 * have forgotten, learns it in their own mailbox. The password is hashed on every path, so the
 * paths also take about the same time.
 */
import { inTransaction } from '../../db/transaction';
import { AppError, type Lang } from '../../domain/errors';
import { accountSetting } from '../../domain/accounts/settings';
import type { SignupBody } from '../../domain/auth/registration';
import { hashPassword } from '../../services/auth/passwords';
import { publicBaseUrl } from '../documents/sign-report';
import type { ApiDeps } from '../deps';
import { sendUserMail } from '../../services/mail/user-mail';
import { mailTransport } from '../../services/mail/transport';
import { audit } from '../auth/login';
import { createUser, uniqueViolation } from './create-user';
import { existingAccountMail } from './messages';
import { sendVerification } from './verify-email';

type Deps = Pick<ApiDeps, 'knex' | 'config' | 'logger' | 'listeningPort'>;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  lang: Lang;
}

/** The account a sign-up link names, when it is open to sign-up; SIGNUP_CLOSED for closed and unknown alike. */
export async function openAccount(deps: Pick<ApiDeps, 'knex'>, accountId: string) {
  const account = await deps.knex('accounts').where({ id: accountId }).first('id', 'name', 'is_for_human', 'config');
  if (!account || !accountSetting(account.config, 'ALLOW_SIGNUP')) throw new AppError('SIGNUP_CLOSED');
  return { id: account.id as string, name: account.name as string, isForHuman: account.is_for_human as boolean | null };
}

export async function signUp(deps: Deps, body: SignupBody, meta: RequestMeta): Promise<void> {
  const { knex } = deps;
  const account = await openAccount(deps, body.accountId);
  const passwordHash = await hashPassword(body.password);

  const sameUsername = await knex('users').whereRaw('lower(username) = ?', [body.username]).first('id');
  if (sameUsername) throw new AppError('USERNAME_IN_USE');
  const owner = await findOwner(deps, body);
  if (owner) return noticeOwner(deps, owner, account.id, meta);

  let userId: string;
  try {
    userId = await inTransaction(knex, (trx) =>
      createUser(
        trx,
        { ...body, council: null, passwordHash, emailVerified: false },
        account.id,
        { termsVersion: body.termsVersion, ip: meta.ip, userAgent: meta.userAgent },
        'auth.signup',
      ),
    );
  } catch (err) {
    // Two sign-ups at once with the same data: the unique indexes decide, with the same answers.
    const rule = uniqueViolation(err);
    if (rule === 'username') throw new AppError('USERNAME_IN_USE');
    const racer = rule ? await findOwner(deps, body) : null;
    if (racer) return noticeOwner(deps, racer, account.id, meta);
    throw err;
  }
  await sendVerification(deps, { id: userId, name: body.name, email: body.email }, meta.lang);
}

async function findOwner(deps: Pick<ApiDeps, 'knex'>, body: SignupBody) {
  return deps
    .knex('users')
    .whereRaw('(lower(email) = ? or cpf = ?)', [body.email, body.cpf])
    .first('id', 'name', 'username', 'email');
}

/** At most one notice per owner in this many minutes: repeated sign-ups cannot flood their mailbox. */
export const NOTICE_INTERVAL_MINUTES = 60;

async function noticeOwner(
  deps: Deps,
  owner: { id: string; name: string; username: string; email: string },
  accountId: string,
  meta: RequestMeta,
) {
  await audit(deps.knex, owner.id, 'auth.signupWithExistingData', meta.ip, accountId);
  const recent = await deps
    .knex('mail_outbox')
    .where({ to_user_id: owner.id, kind: 'auth.signup-existing' })
    .where('created_at', '>', deps.knex.raw(`now() - interval '${NOTICE_INTERVAL_MINUTES} minutes'`))
    .first('id');
  if (recent) return;
  await sendUserMail(deps, mailTransport(deps.config), {
    kind: 'auth.signup-existing',
    to: owner.email,
    toUserId: owner.id,
    ...existingAccountMail(meta.lang, { name: owner.name, username: owner.username, loginUrl: `${publicBaseUrl(deps)}/login` }),
  });
}
