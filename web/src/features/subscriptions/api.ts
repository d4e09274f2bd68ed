/** Notification subscriptions of the current account (api/notifications/subscription-routes.ts). */
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import {
  type Subscription,
  SubscriptionConfirmed,
  type SubscriptionInput,
  SubscriptionsAnswer,
} from '../../../../domain/notifications/subscriptions';

export type { Subscription };
export type SubscriptionsState = z.infer<typeof SubscriptionsAnswer>;
export type { SubscriptionInput };

export const subscriptionsKey = ['admin', 'notification-subscriptions'] as const;

export const fetchSubscriptions = (signal?: AbortSignal) =>
  apiRequest('/notification-subscriptions', { schema: SubscriptionsAnswer, signal });
export const saveSubscription = (id: string | null, input: SubscriptionInput) =>
  apiRequest(id ? `/notification-subscriptions/${id}` : '/notification-subscriptions', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });
export const cancelSubscription = (id: string) => apiRequest(`/notification-subscriptions/${id}/cancel`, { method: 'POST' });
export const deleteSubscription = (id: string) => apiRequest(`/notification-subscriptions/${id}`, { method: 'DELETE' });
/** Public: the link mailed to the subscribed user is the capability. */
export const confirmSubscription = (token: string) =>
  apiRequest('/subscription-confirmations', {
    method: 'POST',
    body: { token },
    schema: SubscriptionConfirmed,
    endSessionOnAuthError: false,
  });
