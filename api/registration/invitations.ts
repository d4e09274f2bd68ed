/**
 * Invitations (issue 13): an account administrator invites an e-mail address; the link
 * ('auth.invitation', single-use, only its hash stored, valid 7 days) opens the complete
 * registration page. A person without a user creates one there (username, password, CPF,
 * mobile, council, terms); the link itself proves the address. A person who already has a user
 * (same e-mail) only accepts, and is linked to the account. Either way the new member holds no
 * institution until an administrator grants a role.
 *
 * Council rule: the administrator marks the invitee as a professional (one who reports or signs);
 * then the council is required, and must be the account's (CRM for human medicine, CRMV for
 * veterinary). Anyone else may leave it blank, but whatever is typed must be whole.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError, type Lang } from '../../domain/errors';
import type { CompleteRegistrationBody, InvitationBody } from '../../domain/auth/registration';
import type { InvitationState, InvitationView } from '../../domain/auth/registration-answers';
import { councilForAccount, councilProblem, parseCouncil } from '../../domain/people/council';
import { hashPassword } from '../../services/auth/passwords';
import { hashToken, newToken } from '../../services/tokens';
import type { Access } from '../access/access';
import { audit } from '../auth/login';
import { publicBaseUrl } from '../documents/sign-report';
import type { ApiDeps } from '../deps';
import { mailTransport } from '../../services/mail/transport';
import { sendUserMail } from '../../services/mail/user-mail';
import { createUser, uniqueViolation } from './create-user';
import { invitationMail } from './messages';

export const INVITATION_DAYS = 7;

type Deps = Pick<ApiDeps, 'knex' | 'config' | 'logger' | 'listeningPort'>;

const stateOf = (r: { accepted_at: Date | null; revoked_at: Date | null; expires_at: Date }): InvitationState =>
  r.accepted_at ? 'accepted' : r.revoked_at ? 'revoked' : r.expires_at.getTime() <= Date.now() ? 'expired' : 'pending';

export async function listInvitations(knex: Knex, accountId: string): Promise<InvitationView[]> {
  const rows = await knex('invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .where('i.account_id', accountId)
    .orderBy('i.created_at', 'desc')
    .limit(500)
    .select('i.*', 'u.name as inviter_name');
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    professional: r.professional,
    state: stateOf(r),
    invitedBy: r.inviter_name ?? null,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    acceptedAt: r.accepted_at?.toISOString() ?? null,
  }));
}

/** Invites `email` to the caller's account (the caller is an administrator of it: see routes). */
export async function createInvitation(
  deps: Deps,
  access: Access,
  body: InvitationBody,
  lang: Lang,
  ip?: string,
): Promise<InvitationView> {
  const { knex } = deps;
  const member = await knex('users as u')
    .join('user_accounts as ua', 'ua.user_id', 'u.id')
    .where('ua.account_id', access.accountId)
    .whereRaw('lower(u.email) = ?', [body.email])
    .first('u.id');
  if (member) throw new AppError('ALREADY_MEMBER');
  const existing = await knex('users').whereRaw('lower(email) = ?', [body.email]).first('id');
  const account = await knex('accounts').where({ id: access.accountId }).first('name');

  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const id = await inTransaction(knex, async (trx) => {
    // One live invitation per address and account: a new one replaces the pending one.
    await trx('invitations')
      .where({ account_id: access.accountId })
      .whereRaw('lower(email) = ?', [body.email])
      .whereNull('accepted_at')
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now() });
    const [row] = await trx('invitations')
      .insert({
        account_id: access.accountId,
        email: body.email,
        name: body.name || null,
        professional: body.professional,
        invited_by: access.userId,
        token_hash: hashToken(token),
        expires_at: expiresAt,
      })
      .returning('id');
    await audit(trx, access.userId, 'account.invite', ip, access.accountId, { invitationId: row.id, email: body.email });
    return row.id as string;
  });

  const url = `${publicBaseUrl(deps)}/signup/complete?token=${encodeURIComponent(token)}`;
  await sendUserMail(deps, mailTransport(deps.config), {
    kind: 'auth.invitation',
    to: body.email,
    toUserId: existing?.id ?? null,
    accountId: access.accountId,
    ...invitationMail(lang, { accountName: account.name, inviterName: access.userName, url, days: INVITATION_DAYS }),
    link: { url, expiresAt },
  });
  const view = (await listInvitations(knex, access.accountId)).find((i) => i.id === id);
  return view!;
}

/** Revokes a pending invitation of the account; another account's (or no) invitation is NOT_FOUND. */
export async function revokeInvitation(knex: Knex, access: Access, invitationId: string, ip?: string): Promise<void> {
  const row = await knex('invitations').where({ id: invitationId, account_id: access.accountId }).first('id', 'accepted_at');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.accepted_at) throw new AppError('INVITATION_INVALID');
  await knex('invitations')
    .where({ id: invitationId, account_id: access.accountId })
    .whereNull('revoked_at')
    .update({ revoked_at: knex.fn.now() });
  await audit(knex, access.userId, 'account.revokeInvitation', ip, access.accountId, { invitationId });
}

export interface OpenInvitation {
  id: string;
  accountId: string;
  accountName: string;
  isForHuman: boolean | null;
  email: string;
  name: string | null;
  professional: boolean;
  /** The address already has a user: the page only asks to accept. */
  existingUser: { id: string; username: string } | null;
}

/** The invitation of a link while it can still be used; INVITATION_INVALID otherwise (one answer for every reason). */
export async function openInvitation(knex: Knex, token: string, lock = false): Promise<OpenInvitation> {
  const q = knex('invitations as i')
    .join('accounts as a', 'a.id', 'i.account_id')
    .where('i.token_hash', hashToken(token))
    .whereNull('i.accepted_at')
    .whereNull('i.revoked_at')
    .where('i.expires_at', '>', knex.fn.now())
    .first('i.id', 'i.account_id', 'i.email', 'i.name', 'i.professional', 'a.name as account_name', 'a.is_for_human');
  const row = await (lock ? q.forUpdate('i') : q);
  if (!row) throw new AppError('INVITATION_INVALID');
  const user = await knex('users').whereRaw('lower(email) = ?', [row.email.toLowerCase()]).first('id', 'username');
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    isForHuman: row.is_for_human,
    email: row.email,
    name: row.name,
    professional: row.professional,
    existingUser: user ? { id: user.id, username: user.username } : null,
  };
}

const markAccepted = (trx: Knex.Transaction, invitationId: string, userId: string) =>
  trx('invitations').where({ id: invitationId }).update({ accepted_at: trx.fn.now(), accepted_user_id: userId });

/** A person who already has a user accepts: linked to the account; the link also proves the address. */
export async function acceptInvitation(knex: Knex, token: string, meta: { ip?: string }): Promise<{ username: string }> {
  return inTransaction(knex, async (trx) => {
    const inv = await openInvitation(trx, token, true);
    if (!inv.existingUser) throw new AppError('INVITATION_INVALID');
    const userId = inv.existingUser.id;
    await trx('user_accounts')
      .insert({ user_id: userId, account_id: inv.accountId, is_admin: false })
      .onConflict(['user_id', 'account_id'])
      .ignore();
    await trx('users')
      .where({ id: userId })
      .update({ email_verified_at: trx.raw('coalesce(email_verified_at, now())') });
    await markAccepted(trx, inv.id, userId);
    await audit(trx, userId, 'auth.acceptInvitation', meta.ip, inv.accountId, { invitationId: inv.id });
    return { username: inv.existingUser.username };
  });
}

/** A person without a user completes the registration the invitation opened. */
export async function completeRegistration(
  deps: Pick<ApiDeps, 'knex'>,
  body: CompleteRegistrationBody,
  meta: { ip?: string; userAgent?: string },
): Promise<{ username: string }> {
  const passwordHash = await hashPassword(body.password);
  try {
    return await inTransaction(deps.knex, async (trx) => {
      // Locked until commit: two submits of one link cannot both create a user.
      const inv = await openInvitation(trx, body.token, true);
      if (inv.existingUser) throw new AppError('INVITATION_INVALID');
      const problem = councilProblem(body.council, { required: inv.professional, expected: councilForAccount(inv.isForHuman) });
      if (problem) throw new AppError(problem);
      if (await trx('users').whereRaw('lower(username) = ?', [body.username]).first('id')) throw new AppError('USERNAME_IN_USE');
      // The invitee is known to the account that invited them: a taken CPF is said plainly.
      if (await trx('users').where({ cpf: body.cpf }).first('id')) throw new AppError('CPF_IN_USE');
      const terms = { termsVersion: body.termsVersion, ip: meta.ip, userAgent: meta.userAgent };
      const userId = await createUser(
        trx,
        { ...body, email: inv.email.toLowerCase(), council: parseCouncil(body.council), passwordHash, emailVerified: true },
        inv.accountId,
        terms,
        'auth.completeRegistration',
      );
      await markAccepted(trx, inv.id, userId);
      return { username: body.username };
    });
  } catch (err) {
    const rule = uniqueViolation(err);
    if (rule === 'username') throw new AppError('USERNAME_IN_USE');
    if (rule === 'cpf') throw new AppError('CPF_IN_USE');
    if (rule === 'email') throw new AppError('INVITATION_INVALID');
    throw err;
  }
}
