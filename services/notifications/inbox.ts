/**
 * A user's in-app notifications inside one account (issue 18, ADR 028): the list by keyset,
 * the unread count, mark read; and the retained live document with that count, republished
 * after every change so every open tab's bell follows.
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { decodeCursor, encodeCursor } from '../../domain/paging/cursor';
import {
  DeadlineNotificationData,
  type Notification,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  notificationsTopic,
} from '../../domain/notifications/notifications';
import type { LivePublisher } from '../../live/publisher';

export interface Recipient {
  accountId: string;
  userId: string;
}

interface Row {
  id: string;
  kind: NotificationKind;
  study_id: string | null;
  data: unknown;
  created_at: Date;
  read_at: Date | null;
}

const present = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  studyId: r.study_id,
  data: DeadlineNotificationData.parse(r.data),
  createdAt: new Date(r.created_at).toISOString(),
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
});

const inbox = (knex: Knex, who: Recipient) => knex('notifications').where({ account_id: who.accountId, user_id: who.userId });

export async function unreadCount(knex: Knex, who: Recipient): Promise<number> {
  const [row] = await inbox(knex, who).whereNull('read_at').count({ n: '*' });
  return Number((row as { n: string | number }).n);
}

/** Newest first; the cursor is the last row's (created_at, id), so a page costs the same at any depth. */
export async function listNotifications(knex: Knex, who: Recipient, q: NotificationListQuery): Promise<NotificationPage> {
  const after = q.cursor ? decodeCursor(q.cursor, 'time') : null;
  const query = inbox(knex, who)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(q.limit + 1)
    .select('id', 'kind', 'study_id', 'data', 'created_at', 'read_at');
  if (after) void query.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.k, after.id]);
  if (q.unread) void query.whereNull('read_at');
  const [rows, unread] = await Promise.all([query as Promise<Row[]>, unreadCount(knex, who)]);
  const shown = rows.slice(0, q.limit);
  const last = shown.at(-1);
  return {
    notifications: shown.map(present),
    nextCursor: rows.length > q.limit && last ? encodeCursor(new Date(last.created_at).toISOString(), last.id) : null,
    unread,
  };
}

/** Marks one of the user's notifications read; another user's or account's id is NOT_FOUND. */
export async function markRead(knex: Knex, who: Recipient, id: string): Promise<void> {
  const found = await inbox(knex, who).where({ id }).first('id', 'read_at');
  if (!found) throw new AppError('NOT_FOUND');
  if (!found.read_at) await inbox(knex, who).where({ id }).whereNull('read_at').update({ read_at: knex.fn.now() });
}

export async function markAllRead(knex: Knex, who: Recipient): Promise<void> {
  await inbox(knex, who).whereNull('read_at').update({ read_at: knex.fn.now() });
}

/** Publishes the user's unread count (retained: a bell opened later reads it at once). */
export async function publishUnread(knex: Knex, publisher: LivePublisher, who: Recipient): Promise<number> {
  const unread = await unreadCount(knex, who);
  await publisher.publishRetained(notificationsTopic(who.accountId, who.userId), JSON.stringify({ unread }));
  return unread;
}
