/**
 * The platform's own mail to one user (issue 13): e-mail verification, password reset, lockout,
 * expired password, the two-factor code, invitations. Same rule as shares: the row is written
 * before the transport is called and records the outcome, so nothing is lost; without SMTP the
 * outbox row is the delivery (tests and the demo read the link there).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { MailTransport } from './transport';

export const USER_MAIL_KINDS = [
  'auth.verify-email',
  'auth.verify-email-change',
  'auth.email-changed',
  'auth.password-reset',
  'auth.blocked',
  'auth.password-expired',
  'auth.two-factor-code',
  'auth.invitation',
  /** To the owner of an e-mail or CPF someone used in a sign-up (the sign-up answers as if it went through). */
  'auth.signup-existing',
  /** A study's alert point reached or deadline passed (issue 18, ADR 028). */
  'deadline.alert',
  'deadline.overdue',
  /** The link that activates a notification subscription (issue 18, ADR 032). */
  'subscription.confirm',
  /** A patient's access to the results portal (issue 18). */
  'portal.result-access',
  /** A critical finding's acknowledgement link, to the requesting physician (issue 18). */
  'critical.ack-request',
  /** No acknowledgement in time: the escalation to the responsible doctor and coordinators (ADR 035). */
  'critical.unacknowledged',
] as const;
export type UserMailKind = (typeof USER_MAIL_KINDS)[number];

export interface UserMail {
  kind: UserMailKind;
  to: string;
  toUserId: string | null;
  accountId?: string | null;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries (verification, reset…), with its end of validity. */
  link?: { url: string; expiresAt: Date };
}

/**
 * Writes and hands over the message. A failed transport is recorded on the row and logged, never
 * thrown: the caller's answer must not tell whether a mail went out (no account enumeration),
 * and the row keeps the message for a retry.
 */
export async function sendUserMail(
  deps: { knex: Knex; logger?: Logger },
  transport: MailTransport,
  mail: UserMail,
): Promise<{ id: string; status: 'sent' | 'stored' | 'error' }> {
  const { knex } = deps;
  const [row] = await knex('mail_outbox')
    .insert({
      kind: mail.kind,
      account_id: mail.accountId ?? null,
      to_user_id: mail.toUserId,
      to_address: mail.to,
      subject: mail.subject.slice(0, 300),
      text_body: mail.text,
      html_body: mail.html,
      link_url: mail.link?.url ?? null,
      link_expires_at: mail.link?.expiresAt ?? null,
      transport: transport.kind,
      status: 'pending',
    })
    .returning('id');
  const id: string = row.id;
  try {
    const { messageId } = await transport.deliver({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    const status = transport.kind === 'smtp' ? 'sent' : 'stored';
    await knex('mail_outbox')
      .where({ id })
      .update({ status, message_id: messageId?.slice(0, 300) ?? null, sent_at: status === 'sent' ? knex.fn.now() : null });
    return { id, status };
  } catch (err) {
    const error = String(err instanceof Error ? err.message : err).slice(0, 2000);
    await knex('mail_outbox').where({ id }).update({ status: 'error', error });
    deps.logger?.warn({ mailId: id, kind: mail.kind, err: error }, 'user mail not delivered');
    return { id, status: 'error' };
  }
}

/** The newest message of a kind for a user (tests and the demo read links from the outbox). */
export async function latestUserMail(knex: Knex, toUserId: string, kind: UserMailKind) {
  return knex('mail_outbox').where({ to_user_id: toUserId, kind }).orderBy('created_at', 'desc').first();
}

/** A mail row written inside the caller's transaction (status 'pending'), handed over after the commit. */
export interface QueuedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Writes a mail row inside the caller's transaction, to be delivered after the commit (`deliverQueuedMail`). */
export async function queueMail(
  trx: Knex,
  transport: MailTransport,
  mail: {
    kind: UserMailKind;
    accountId: string;
    studyId: string | null;
    toUserId: string;
    to: string;
    link: string | null;
    subject: string;
    text: string;
    html: string;
  },
): Promise<QueuedMail> {
  const [row] = await trx('mail_outbox')
    .insert({
      kind: mail.kind,
      account_id: mail.accountId,
      study_id: mail.studyId,
      to_user_id: mail.toUserId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      link_url: mail.link,
      transport: transport.kind,
      status: 'pending',
    })
    .returning('id');
  return { id: row.id as string, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
}

/** Hands a queued mail to the transport and records the outcome on its row (never throws). */
export async function deliverQueuedMail(knex: Knex, transport: MailTransport, m: QueuedMail): Promise<void> {
  try {
    const { messageId } = await transport.deliver({ to: m.to, subject: m.subject, text: m.text, html: m.html });
    const sent = transport.kind === 'smtp';
    await knex('mail_outbox')
      .where({ id: m.id })
      .update({
        status: sent ? 'sent' : 'stored',
        message_id: messageId?.slice(0, 300) ?? null,
        sent_at: sent ? knex.fn.now() : null,
      });
  } catch (err) {
    const error = String(err instanceof Error ? err.message : err).slice(0, 2000);
    await knex('mail_outbox').where({ id: m.id }).update({ status: 'error', error });
  }
}
