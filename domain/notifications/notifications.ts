/**
 * The in-app notification centre (issue 18): what a notification is, the list's query and
 * answer, and the live topic that carries one user's unread count (ADR 028).
 */
import { z } from 'zod';

// critical.unacknowledged: a critical finding e-mailed and not acknowledged in time (its data's deadline is when it was due).
export const NOTIFICATION_KINDS = ['deadline.alert', 'deadline.overdue', 'critical.unacknowledged'] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** What a deadline notification shows, frozen when it was raised. */
export const DeadlineNotificationData = z.object({
  patientName: z.string().nullable(),
  examType: z.string().nullable(),
  routineName: z.string().nullable(),
  deadline: z.string(),
  institutionId: z.string().nullable(),
});
export type DeadlineNotificationData = z.infer<typeof DeadlineNotificationData>;

export const Notification = z.object({
  id: z.string().uuid(),
  kind: NotificationKind,
  studyId: z.string().uuid().nullable(),
  data: DeadlineNotificationData,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NOTIFICATION_PAGE_MAX = 100;

export const NotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  cursor: z.string().max(200).optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationPage = z.object({
  notifications: z.array(Notification),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** The retained live document of a user's inbox: only its unread count (the list is fetched). */
export const UnreadDocument = z.object({ unread: z.number().int().min(0) });
export type UnreadDocument = z.infer<typeof UnreadDocument>;

/** One user's inbox in one account: only that user, in that account, may subscribe (ADR 028). */
export function notificationsTopic(accountId: string, userId: string): string {
  return `laudos/accounts/${accountId}/users/${userId}/notifications`;
}

export function parseNotificationsTopic(topic: string): { accountId: string; userId: string } | null {
  const m = /^laudos\/accounts\/([0-9a-f-]{36})\/users\/([0-9a-f-]{36})\/notifications$/i.exec(topic);
  return m ? { accountId: m[1]!, userId: m[2]! } : null;
}
