/**
 * Issue 18, notification subscriptions against the platform (ADR 032): created pending with a
 * single-use link mailed to the user; each rule of spec 3 §5 (an event, an institution, a user)
 * answers its code with nothing written; the link activates it once; another account's ids are
 * 404; an active one cannot be updated or removed (SUBSCRIPTION_LOCKED, our wording of spec 3
 * §8) but can be cancelled; and an overdue alert mails only the confirmed, live subscribers of
 * the study's institution while the in-app notifications stay as they were.
 */
import { errorMessage } from '../../domain/errors';
import { LaudoState } from '../../domain/laudo/states';
import type { LivePublisher } from '../../live/publisher';
import { sweepDeadlines } from '../../services/deadlines/sweep';
import { outboxTransport } from '../../services/mail/transport';
import { latestUserMail } from '../../services/mail/user-mail';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
const publisher: LivePublisher = { async publishRetained() {}, async close() {} };

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

const count = async () =>
  Number((await suite.knex('notification_subscriptions').where({ account_id: t.accountId }).count())[0]!.count);

/** The token of the newest confirmation link mailed to `userId` (the outbox is the delivery in tests). */
async function mailedToken(userId: string): Promise<string> {
  const mail = await latestUserMail(suite.knex, userId, 'subscription.confirm');
  const url = new URL(mail.link_url as string);
  expect(url.pathname).toBe('/confirm-subscription');
  return url.searchParams.get('token')!;
}

const confirm = (token: string) => api('POST', '/subscription-confirmations', { body: { token } });

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 2,
    users: {
      admin: [],
      member: [],
      doctor: ['STUDIES_SAVE_REPORTS'],
      subscriber: [],
      pendingOne: [],
      canceledOne: [],
    },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { stranger: [] } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  await suite
    .knex('user_accounts')
    .where({ user_id: other.users.stranger!.id, account_id: other.accountId })
    .update({ is_admin: true });
  Object.assign(
    tokens,
    await loginTokens(api, { admin: t.users.admin!, member: t.users.member!, stranger: other.users.stranger! }),
  );
});

const body = (userKey: string, extra: Record<string, unknown> = {}) => ({
  type: 'email',
  events: ['deadline.overdue'],
  institutionId: t.institutionId,
  userId: t.users[userKey]!.id,
  ...extra,
});

it('needs USERS_MANAGE', async () => {
  const res = await as('member', 'GET', '/notification-subscriptions');
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe('CANNOT_MANAGE_USERS');
  expect((await as('member', 'POST', '/notification-subscriptions', body('member'))).status).toBe(403);
  expect(await count()).toBe(0);
});

it('answers each rule of spec 3 §5 with its code and message, writing nothing', async () => {
  const refused = async (payload: unknown, code: string) => {
    const res = await as('admin', 'POST', '/notification-subscriptions', payload);
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 400,
      error: { code, description: errorMessage(code as 'SUBSCRIPTION_EVENT_REQUIRED') },
    });
  };
  await refused(body('subscriber', { events: [] }), 'SUBSCRIPTION_EVENT_REQUIRED');
  await refused(body('subscriber', { institutionId: null }), 'SUBSCRIPTION_INSTITUTION_REQUIRED');
  await refused(body('subscriber', { institutionId: '' }), 'SUBSCRIPTION_INSTITUTION_REQUIRED');
  await refused(body('subscriber', { userId: undefined }), 'SUBSCRIPTION_USER_REQUIRED');
  await refused({ events: [] }, 'SUBSCRIPTION_EVENT_REQUIRED');
  expect(errorMessage('SUBSCRIPTION_EVENT_REQUIRED')).toBe('Selecione pelo menos um evento.');
  // An event the platform does not raise is a malformed request.
  expect(
    (await as('admin', 'POST', '/notification-subscriptions', body('subscriber', { events: ['report.signed'] }))).status,
  ).toBe(400);
  expect(await count()).toBe(0);
  expect(await latestUserMail(suite.knex, t.users.subscriber!.id, 'subscription.confirm')).toBeUndefined();
});

it("another account's institution, user or subscription is 404", async () => {
  const foreignInstitution = await as(
    'admin',
    'POST',
    '/notification-subscriptions',
    body('subscriber', { institutionId: other.institutionId }),
  );
  expect(foreignInstitution.status).toBe(404);
  const foreignUser = await as(
    'admin',
    'POST',
    '/notification-subscriptions',
    body('subscriber', { userId: other.users.stranger!.id }),
  );
  expect(foreignUser.status).toBe(404);
  expect(await count()).toBe(0);

  const made = await as('admin', 'POST', '/notification-subscriptions', body('pendingOne'));
  expect(made.status).toBe(201);
  const id = made.body.subscription.id as string;
  expect((await as('stranger', 'GET', `/notification-subscriptions/${id}`)).status).toBe(404);
  expect((await as('stranger', 'PUT', `/notification-subscriptions/${id}`, body('pendingOne'))).status).toBe(404);
  expect((await as('stranger', 'DELETE', `/notification-subscriptions/${id}`)).status).toBe(404);
  expect((await as('stranger', 'POST', `/notification-subscriptions/${id}/cancel`)).status).toBe(404);
  expect((await as('stranger', 'GET', '/notification-subscriptions')).body.subscriptions).toEqual([]);
  expect((await as('admin', 'GET', `/notification-subscriptions/${id}`)).body.subscription.status).toBe('pending');
});

it('is pending until its mailed link is opened, once; then it cannot be updated or removed, only cancelled', async () => {
  const made = await as(
    'admin',
    'POST',
    '/notification-subscriptions',
    body('subscriber', { events: ['deadline.overdue', 'deadline.alert'] }),
  );
  expect(made.status).toBe(201);
  expect(made.body.subscription).toMatchObject({
    type: 'email',
    events: ['deadline.overdue', 'deadline.alert'],
    institution: { id: t.institutionId },
    user: { id: t.users.subscriber!.id },
    status: 'pending',
    active: false,
    confirmedAt: null,
  });
  const id = made.body.subscription.id as string;
  // Only the hash is stored.
  const first = await mailedToken(t.users.subscriber!.id);
  const stored = await suite.knex('notification_subscriptions').where({ id }).first('token_hash');
  expect(stored.token_hash).not.toContain(first);
  expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

  // A second one for the same user, institution and type is refused.
  const again = await as('admin', 'POST', '/notification-subscriptions', body('subscriber'));
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('SUBSCRIPTION_ALREADY_EXISTS');

  // While pending it may be edited: a new link is mailed and the old one dies.
  const edited = await as('admin', 'PUT', `/notification-subscriptions/${id}`, body('subscriber'));
  expect(edited.status).toBe(200);
  expect(edited.body.subscription.events).toEqual(['deadline.overdue']);
  const second = await mailedToken(t.users.subscriber!.id);
  expect(second).not.toBe(first);
  expect((await confirm(first)).status).toBe(410);

  const opened = await confirm(second);
  expect(opened.status).toBe(200);
  const active = (await as('admin', 'GET', `/notification-subscriptions/${id}`)).body.subscription;
  expect(active).toMatchObject({ status: 'active', active: true });
  expect(active.confirmedAt).not.toBeNull();
  // Single use.
  const reused = await confirm(second);
  expect(reused.status).toBe(410);
  expect(reused.body.error.code).toBe('SUBSCRIPTION_LINK_INVALID');

  // Confirmed: neither updated nor removed, with the message, and unchanged.
  const locked = { code: 'SUBSCRIPTION_LOCKED', description: 'A inscrição não pode ser atualizada ou removida.' };
  const put = await as('admin', 'PUT', `/notification-subscriptions/${id}`, body('subscriber', { events: ['deadline.alert'] }));
  expect({ status: put.status, error: put.body.error }).toEqual({ status: 409, error: locked });
  const del = await as('admin', 'DELETE', `/notification-subscriptions/${id}`);
  expect({ status: del.status, error: del.body.error }).toEqual({ status: 409, error: locked });
  const after = (await as('admin', 'GET', `/notification-subscriptions/${id}`)).body.subscription;
  expect(after).toMatchObject({ status: 'active', events: ['deadline.overdue'] });

  // A pending one can be removed.
  const pending = (await as('admin', 'GET', '/notification-subscriptions')).body.subscriptions.find(
    (s: { user: { id: string } }) => s.user.id === t.users.pendingOne!.id,
  );
  expect((await as('admin', 'DELETE', `/notification-subscriptions/${pending.id}`)).status).toBe(204);
  expect((await as('admin', 'GET', `/notification-subscriptions/${pending.id}`)).status).toBe(404);
});

it('an overdue alert mails only the confirmed, live subscribers of the institution; in-app is unchanged', async () => {
  const subscribe = async (key: string) => {
    const res = await as('admin', 'POST', '/notification-subscriptions', body(key));
    expect(res.status).toBe(201);
    return res.body.subscription.id as string;
  };
  // pendingOne: never confirmed. canceledOne: confirmed, then cancelled.
  await subscribe('pendingOne');
  const canceledId = await subscribe('canceledOne');
  expect((await confirm(await mailedToken(t.users.canceledOne!.id))).status).toBe(200);
  const canceled = await as('admin', 'POST', `/notification-subscriptions/${canceledId}/cancel`);
  expect(canceled.body.subscription).toMatchObject({ status: 'canceled', active: false });
  // The subscriber (active since the previous test) asked for overdue alerts only.

  const routine = await suite.knex('routines').where({ account_id: t.accountId, is_default: true }).first('id');
  const place = async (n: number, minutesAgo: number) => {
    await suite
      .knex('studies')
      .where({ id: t.studyIds[n] })
      .update({
        routine_id: routine.id,
        received_at: new Date(Date.now() - minutesAgo * 60_000),
        laudo_state: LaudoState.IN_PROGRESS,
        laudo_user_id: t.users.doctor!.id,
      });
    return t.studyIds[n]!;
  };
  const overdue = await place(0, 1440 + 120);
  const nearDeadline = await place(1, 1440 - 60);
  const { raised } = await sweepDeadlines({ knex: suite.knex, publisher, mail: outboxTransport }, new Date());
  expect(raised.filter((r) => r.studyId === overdue)).toEqual([{ studyId: overdue, kind: 'overdue', recipients: 1, mailed: 1 }]);
  // The subscriber did not ask for the alert point.
  expect(raised.filter((r) => r.studyId === nearDeadline)).toEqual([
    { studyId: nearDeadline, kind: 'alert', recipients: 1, mailed: 0 },
  ]);

  const mails = await suite.knex('mail_outbox').whereIn('study_id', [overdue, nearDeadline]).select('to_user_id', 'kind');
  expect(mails).toEqual([{ to_user_id: t.users.subscriber!.id, kind: 'deadline.overdue' }]);
  // In-app as before: the responsible doctor, subscription or not.
  const inApp = await suite.knex('notifications').where({ study_id: overdue }).select('user_id', 'kind');
  expect(inApp).toEqual([{ user_id: t.users.doctor!.id, kind: 'deadline.overdue' }]);
});
