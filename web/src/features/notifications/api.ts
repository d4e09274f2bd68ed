/** The notification centre and 'Exames em atraso' (issue 18, ADR 028). */
import { z } from 'zod';
import { NotificationPage } from '../../../../domain/notifications/notifications';
import { type OverdueListQuery, OverduePage } from '../../../../domain/notifications/overdue';
import { apiRequest } from '../../lib/api';

export { notificationsTopic, UnreadDocument } from '../../../../domain/notifications/notifications';
export type { Notification } from '../../../../domain/notifications/notifications';
export type { OverdueStudy } from '../../../../domain/notifications/overdue';

export const notificationKeys = {
  // Per account: after an account switch the bell reads that account's inbox, not the cached one.
  unread: (accountId: string | null) => ['notifications', accountId, 'unread'] as const,
  list: (accountId: string | null) => ['notifications', accountId, 'list'] as const,
  overdue: (which: OverdueListQuery['which']) => ['studies', 'overdue', which] as const,
};

const Unread = z.object({ unread: z.number().int() });

export const fetchUnreadCount = (signal?: AbortSignal) =>
  apiRequest('/notifications/unread-count', { schema: Unread, signal }).then((a) => a.unread);

export const fetchNotifications = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/notifications?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: NotificationPage,
    signal,
  });

export const markNotificationRead = (id: string) =>
  apiRequest(`/notifications/${id}/read`, { method: 'POST', body: {}, schema: Unread }).then((a) => a.unread);

export const markAllNotificationsRead = () =>
  apiRequest('/notifications/read-all', { method: 'POST', body: {}, schema: Unread }).then((a) => a.unread);

export const fetchOverdue = (which: OverdueListQuery['which'], cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/overdue-studies?which=${which}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: OverduePage,
    signal,
  });
