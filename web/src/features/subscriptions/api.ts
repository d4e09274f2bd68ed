/** Notification subscriptions of the current account (api/notifications/subscription-routes.ts). */
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import {
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  type SubscriptionInput,
} from '../../../../domain/notifications/subscriptions';

export const Subscription = z.object({
  id: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  events: z.array(z.enum(SUBSCRIPTION_EVENTS)),
  institution: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  active: z.boolean(),
  confirmedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

const Candidate = z.object({ id: z.string(), name: z.string() });
const SubscriptionsAnswer = z.object({
  subscriptions: z.array(Subscription),
  candidates: z.object({ institutions: z.array(Candidate), users: z.array(Candidate.extend({ email: z.string() })) }),
});
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
    schema: z.object({ confirmed: z.literal(true) }),
    endSessionOnAuthError: false,
  });
