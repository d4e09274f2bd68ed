/**
 * Notification subscriptions (spec 3 §3 'type, events, institution, user, active'; §4 'active
 * only after e-mail confirmation'; §5 'needs at least one event, an institution and a user').
 * A subscription asks for a channel's messages of some events about one institution's studies
 * for one user of the account. The events are the ones the platform raises by mail today: a
 * study's deadline alert point reached and its deadline passed (ADR 028). The only channel is
 * e-mail: the in-app notification centre keeps reaching the responsible doctor and the
 * coordinators without a subscription (ADR 032).
 */
import { z } from 'zod';

export const SUBSCRIPTION_EVENTS = ['deadline.alert', 'deadline.overdue'] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

export const SUBSCRIPTION_TYPES = ['email'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** How long the confirmation link stays valid (a pending subscription can be sent a new one by saving it). */
export const SUBSCRIPTION_LINK_DAYS = 7;

// A form's empty select arrives as '' or null: both mean 'not chosen' (the rule's own code answers).
const optionalId = z.preprocess((v) => (v === '' ? null : v), z.string().uuid().nullish());

export const SubscriptionBody = z
  .object({
    type: z.enum(SUBSCRIPTION_TYPES).default('email'),
    events: z
      .array(z.enum(SUBSCRIPTION_EVENTS))
      .max(SUBSCRIPTION_EVENTS.length * 2)
      .default([])
      .transform((events) => [...new Set(events)]),
    institutionId: optionalId,
    userId: optionalId,
  })
  .superRefine((s, ctx) => {
    for (const code of subscriptionRefusals(s)) ctx.addIssue({ code: 'custom', message: code, path: [] });
  });
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;
export type SubscriptionInput = z.input<typeof SubscriptionBody>;

export type SubscriptionRefusal =
  'SUBSCRIPTION_EVENT_REQUIRED' | 'SUBSCRIPTION_INSTITUTION_REQUIRED' | 'SUBSCRIPTION_USER_REQUIRED';

/** Every rule the subscription breaks, in the form's order (events, institution, user). */
export function subscriptionRefusals(s: {
  events: readonly string[];
  institutionId?: string | null;
  userId?: string | null;
}): SubscriptionRefusal[] {
  const out: SubscriptionRefusal[] = [];
  if (s.events.length === 0) out.push('SUBSCRIPTION_EVENT_REQUIRED');
  if (!s.institutionId) out.push('SUBSCRIPTION_INSTITUTION_REQUIRED');
  if (!s.userId) out.push('SUBSCRIPTION_USER_REQUIRED');
  return out;
}

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Pending until its link is opened, then active; cancelling ends it. Only a pending one may be
 * updated or removed: once confirmed, the user agreed to exactly these events for this
 * institution, and the record of that stays (cancel it and create another instead).
 */
export function subscriptionStatus(s: {
  confirmedAt: Date | string | null;
  canceledAt: Date | string | null;
}): SubscriptionStatus {
  if (s.canceledAt) return 'canceled';
  return s.confirmedAt ? 'active' : 'pending';
}

export const ConfirmSubscriptionBody = z.object({ token: z.string().min(20).max(200) });

/** A subscription as the api answers it. */
export const Subscription = z.object({
  id: z.string(),
  type: z.enum(SUBSCRIPTION_TYPES),
  events: z.array(z.enum(SUBSCRIPTION_EVENTS)),
  institution: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Spec 3's 'active': confirmed and not cancelled. */
  active: z.boolean(),
  confirmedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.output<typeof Subscription>;
export const SubscriptionAnswer = z.object({ subscription: Subscription });

const Candidate = z.object({ id: z.string(), name: z.string() });
/** GET /notification-subscriptions: the account's subscriptions, with the institutions and members the form may name. */
export const SubscriptionsAnswer = z.object({
  subscriptions: z.array(Subscription),
  candidates: z.object({ institutions: z.array(Candidate), users: z.array(Candidate.extend({ email: z.string() })) }),
});
export const SubscriptionConfirmed = z.object({ confirmed: z.literal(true) });
