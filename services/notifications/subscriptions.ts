/**
 * Notification subscriptions of an account (issue 18, ADR 032): written pending with a
 * single-use confirmation link (only its hash is stored) mailed to the subscribed user; active
 * once the link is opened; cancelled to end. Only a pending subscription may be updated or
 * removed (SUBSCRIPTION_LOCKED otherwise). The deadline sweep mails the active ones.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { mailLang } from '../../domain/notifications/deadline-mail';
import { subscriptionConfirmMail } from '../../domain/notifications/subscription-mail';
import {
  SUBSCRIPTION_LINK_DAYS,
  type Subscription,
  type SubscriptionBody,
  type SubscriptionEvent,
  type SubscriptionType,
  subscriptionStatus,
} from '../../domain/notifications/subscriptions';
import type { MailTransport } from '../mail/transport';
import { sendUserMail } from '../mail/user-mail';
import { hashToken, newToken } from '../tokens';

export type { Subscription };

export interface SubscriptionDeps {
  knex: Knex;
  transport: MailTransport;
  /** The web app's public address: the confirmation link opens its /confirm-subscription page. */
  baseUrl: string;
  logger?: Logger;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function rows(knex: Knex, accountId: string) {
  return knex('notification_subscriptions as s')
    .join('institutions as i', 'i.id', 's.institution_id')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.account_id', accountId)
    .select(
      's.id',
      's.type',
      's.events',
      's.institution_id',
      'i.name as institution_name',
      's.user_id',
      'u.name as user_name',
      'u.email as user_email',
      's.confirmed_at',
      's.canceled_at',
      's.created_at',
    );
}

type Row = Record<string, unknown> & { confirmed_at: Date | null; canceled_at: Date | null; created_at: Date };

function toSubscription(r: Row): Subscription {
  const status = subscriptionStatus({ confirmedAt: r.confirmed_at, canceledAt: r.canceled_at });
  return {
    id: r.id as string,
    type: r.type as SubscriptionType,
    events: r.events as SubscriptionEvent[],
    institution: { id: r.institution_id as string, name: r.institution_name as string },
    user: { id: r.user_id as string, name: r.user_name as string, email: r.user_email as string },
    status,
    active: status === 'active',
    confirmedAt: iso(r.confirmed_at),
    canceledAt: iso(r.canceled_at),
    createdAt: r.created_at.toISOString(),
  };
}

/** The account's subscriptions, newest first (an account holds a few per institution). */
export async function listSubscriptions(knex: Knex, accountId: string): Promise<Subscription[]> {
  const list: Row[] = await rows(knex, accountId)
    .orderBy([{ column: 's.created_at', order: 'desc' }, 's.id'])
    .limit(2000);
  return list.map(toSubscription);
}

export async function findSubscription(knex: Knex, accountId: string, id: string): Promise<Subscription | null> {
  const row: Row | undefined = await rows(knex, accountId).where('s.id', id).first();
  return row ? toSubscription(row) : null;
}

/** What the form may name: the account's institutions and its members (another account's id → 404). */
async function assertOwn(trx: Knex, accountId: string, input: SubscriptionBody) {
  const institution = await trx('institutions').where({ id: input.institutionId!, account_id: accountId }).first('id', 'name');
  const user = await trx('users as u')
    .join('user_accounts as ua', 'ua.user_id', 'u.id')
    .where({ 'u.id': input.userId!, 'ua.account_id': accountId })
    .first('u.id', 'u.name', 'u.email', 'u.config');
  if (!institution || !user) throw new AppError('NOT_FOUND');
  return { institution, user };
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/**
 * Creates a subscription (no `id`) or rewrites a pending one, with a new confirmation link that
 * ends the previous one; the mail goes out after the write commits.
 */
export async function saveSubscription(
  deps: SubscriptionDeps,
  accountId: string,
  actorId: string,
  input: SubscriptionBody,
  id?: string,
): Promise<Subscription> {
  const { knex } = deps;
  const token = newToken();
  const expiresAt = new Date(Date.now() + SUBSCRIPTION_LINK_DAYS * 86_400_000);
  const columns = {
    type: input.type,
    events: input.events,
    institution_id: input.institutionId!,
    user_id: input.userId!,
    token_hash: hashToken(token),
    token_expires_at: expiresAt,
  };
  const { savedId, institution, user } = await inTransaction(knex, async (trx) => {
    const own = await assertOwn(trx, accountId, input);
    try {
      if (!id) {
        const [row] = await trx('notification_subscriptions')
          .insert({ account_id: accountId, created_by: actorId, ...columns })
          .returning('id');
        return { savedId: row.id as string, ...own };
      }
      // Only while pending: one statement, so a confirmation at the same moment wins or loses whole.
      const updated = await trx('notification_subscriptions')
        .where({ id, account_id: accountId })
        .whereNull('confirmed_at')
        .whereNull('canceled_at')
        .update({ ...columns, updated_at: trx.fn.now() })
        .returning('id');
      if (updated.length === 0) await refuseChange(trx, accountId, id);
      return { savedId: id, ...own };
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('SUBSCRIPTION_ALREADY_EXISTS');
      throw e;
    }
  });
  const url = `${deps.baseUrl}/confirm-subscription?token=${encodeURIComponent(token)}`;
  await sendUserMail({ knex, logger: deps.logger }, deps.transport, {
    kind: 'subscription.confirm',
    to: user.email as string,
    toUserId: user.id as string,
    accountId,
    ...subscriptionConfirmMail(mailLang(user.config?.LANGUAGE), {
      name: user.name as string,
      institution: institution.name as string,
      events: input.events,
      url,
      days: SUBSCRIPTION_LINK_DAYS,
    }),
    link: { url, expiresAt },
  });
  return (await findSubscription(knex, accountId, savedId))!;
}

/** Why a subscription was not changed: not the account's (404) or no longer pending (SUBSCRIPTION_LOCKED). */
async function refuseChange(trx: Knex, accountId: string, id: string): Promise<never> {
  const exists = await trx('notification_subscriptions').where({ id, account_id: accountId }).first('id');
  throw new AppError(exists ? 'SUBSCRIPTION_LOCKED' : 'NOT_FOUND');
}

/** Removes a pending subscription (its link dies with it). */
export async function removeSubscription(knex: Knex, accountId: string, id: string): Promise<void> {
  const removed = await knex('notification_subscriptions')
    .where({ id, account_id: accountId })
    .whereNull('confirmed_at')
    .whereNull('canceled_at')
    .delete()
    .returning('id');
  if (removed.length === 0) await refuseChange(knex, accountId, id);
}

/** Ends a subscription, pending or active: nothing more is mailed; the record stays. */
export async function cancelSubscription(knex: Knex, accountId: string, id: string): Promise<Subscription> {
  const canceled = await knex('notification_subscriptions')
    .where({ id, account_id: accountId })
    .whereNull('canceled_at')
    .update({ canceled_at: knex.fn.now(), token_hash: null, updated_at: knex.fn.now() })
    .returning('id');
  if (canceled.length === 0) {
    const current = await findSubscription(knex, accountId, id);
    if (!current) throw new AppError('NOT_FOUND');
    return current; // already cancelled: the same answer
  }
  return (await findSubscription(knex, accountId, id))!;
}

/**
 * Opens a confirmation link once: the subscription becomes active. Unknown, used, expired and
 * cancelled links are one answer (SUBSCRIPTION_LINK_INVALID). The link is the capability: no
 * session is needed (the subscribed user opens it from their mailbox).
 */
export async function confirmSubscription(knex: Knex, token: string): Promise<{ id: string; accountId: string }> {
  // One statement claims the link, so two clicks at once cannot both succeed.
  const [claimed] = await knex('notification_subscriptions')
    .where({ token_hash: hashToken(token) })
    .whereNull('confirmed_at')
    .whereNull('canceled_at')
    .where('token_expires_at', '>', knex.fn.now())
    .update({ confirmed_at: knex.fn.now(), token_hash: null, updated_at: knex.fn.now() })
    .returning(['id', 'account_id']);
  if (!claimed) throw new AppError('SUBSCRIPTION_LINK_INVALID');
  return { id: claimed.id as string, accountId: claimed.account_id as string };
}

export interface Subscriber {
  userId: string;
  email: string;
  name: string;
  lang: string | null;
}

/**
 * Who gets the e-mail of `event` about a study of `institutionId`: the active e-mail
 * subscriptions of that institution naming the event, of users still members of the account
 * and not blocked by an administrator.
 */
export async function activeSubscribers(
  trx: Knex | Knex.Transaction,
  q: { accountId: string; institutionId: string; event: SubscriptionEvent },
): Promise<Subscriber[]> {
  const list: { id: string; email: string; name: string; config: Record<string, unknown> | null }[] = await trx(
    'notification_subscriptions as s',
  )
    .join('users as u', 'u.id', 's.user_id')
    .join('user_accounts as ua', function member() {
      this.on('ua.user_id', 'u.id').andOn('ua.account_id', 's.account_id');
    })
    .where({ 's.account_id': q.accountId, 's.institution_id': q.institutionId, 's.type': 'email' })
    .whereNotNull('s.confirmed_at')
    .whereNull('s.canceled_at')
    .whereRaw('? = ANY(s.events)', [q.event])
    .where('u.blocked_by_admin', false)
    .distinct('u.id', 'u.email', 'u.name', 'u.config')
    .orderBy('u.id');
  // The user's own config (not an account setting): the language chosen in My profile.
  return list.map((user) => ({
    userId: user.id,
    email: user.email,
    name: user.name,
    lang: typeof user.config?.LANGUAGE === 'string' ? user.config.LANGUAGE : null,
  }));
}
