import { subscriptionConfirmMail } from './subscription-mail';
import { SubscriptionBody, subscriptionRefusals, subscriptionStatus } from './subscriptions';

const ID = '00000000-0000-4000-8000-000000000001';

describe('notification subscriptions (spec 3 §5)', () => {
  it('need at least one event, an institution and a user, each its own code', () => {
    expect(subscriptionRefusals({ events: [], institutionId: null, userId: undefined })).toEqual([
      'SUBSCRIPTION_EVENT_REQUIRED',
      'SUBSCRIPTION_INSTITUTION_REQUIRED',
      'SUBSCRIPTION_USER_REQUIRED',
    ]);
    expect(subscriptionRefusals({ events: ['deadline.alert'], institutionId: ID, userId: ID })).toEqual([]);
    const parsed = SubscriptionBody.safeParse({ events: ['deadline.overdue'], institutionId: '', userId: ID });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['SUBSCRIPTION_INSTITUTION_REQUIRED']);
  });

  it('keep each event once and default to the e-mail type', () => {
    const parsed = SubscriptionBody.parse({ events: ['deadline.overdue', 'deadline.overdue'], institutionId: ID, userId: ID });
    expect(parsed).toEqual({ type: 'email', events: ['deadline.overdue'], institutionId: ID, userId: ID });
  });

  it('are pending until confirmed, active after, cancelled at the end', () => {
    expect(subscriptionStatus({ confirmedAt: null, canceledAt: null })).toBe('pending');
    expect(subscriptionStatus({ confirmedAt: new Date(), canceledAt: null })).toBe('active');
    expect(subscriptionStatus({ confirmedAt: new Date(), canceledAt: new Date() })).toBe('canceled');
  });

  it("mail the confirmation link in the user's language, escaped in HTML", () => {
    const mail = subscriptionConfirmMail('en', {
      name: 'Ana <b>',
      institution: 'Central',
      events: ['deadline.overdue'],
      url: 'https://x.test/confirm-subscription?token=a&b',
      days: 7,
    });
    expect(mail.subject).toBe('Confirm your notification subscription');
    expect(mail.text).toContain('notices of overdue exam for the exams of the institution Central');
    expect(mail.text).toContain('https://x.test/confirm-subscription?token=a&b');
    expect(mail.html).toContain('Ana &#60;b&#62;');
    expect(mail.html).toContain('token=a&#38;b');
  });
});
