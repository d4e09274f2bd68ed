import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { subscribeLiveJson } from '../../lib/live';
import { UnreadDocument, fetchUnreadCount, notificationKeys, notificationsTopic } from './api';

/**
 * The user's unread count: read once, then followed on the user's own live topic (retained, so
 * a new tab has it at once). A pushed count that differs also refreshes an open list.
 */
export function useUnreadCount(accountId: string | null, userId: string): number {
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: notificationKeys.unread(accountId),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: Boolean(accountId),
  });
  useEffect(() => {
    if (!accountId) return undefined;
    return subscribeLiveJson(notificationsTopic(accountId, userId), (doc) => {
      const parsed = UnreadDocument.safeParse(doc);
      if (!parsed.success) return;
      const before = queryClient.getQueryData<number>(notificationKeys.unread(accountId));
      queryClient.setQueryData(notificationKeys.unread(accountId), parsed.data.unread);
      if (before !== parsed.data.unread) void queryClient.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
    });
  }, [accountId, userId, queryClient]);
  return count.data ?? 0;
}
