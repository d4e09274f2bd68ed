/**
 * 'Notifications and subscriptions' in Chromium (issue 18, ADR 032), as a veterinary account's
 * administrator, in English, at 390 px: saving an empty subscription shows spec 3 §5's three
 * rules and writes nothing; a subscription made in the dialog is listed 'Awaiting confirmation';
 * the link mailed to the user opens the public confirmation page, and the list then shows it
 * 'Active', with no edit or remove left (only cancel). A screenshot is saved to be looked at.
 */
import path from 'node:path';
import { latestUserMail } from '../../services/mail/user-mail';
import { signedInPage, testIdText } from '../support/browser';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true, worker: false });
let vet: Tenant;

beforeAll(async () => {
  vet = await createTenant(suite.knex, { studies: 0, isForHuman: false, users: { admin: [], nurse: [] } });
  await suite.knex('user_accounts').where({ user_id: vet.users.admin!.id }).update({ is_admin: true });
});

test('an administrator subscribes a user, who confirms by the mailed link (vet brand, English, 390 px)', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, vet.users.admin!.username, {
    viewport: { width: 390, height: 844 },
    appLang: 'en',
  });
  await page.goto(`${suite.platform.url}/admin/notifications`);
  await page.getByTestId('subscriptions-page').waitFor();
  expect(await page.title()).toContain('Notifications and subscriptions');

  await page.getByTestId('subscription-new').click();
  await page.getByTestId('subscription-dialog').waitFor();
  await page.getByTestId('subscription-save').click();
  await page.getByTestId('refusal-SUBSCRIPTION_USER_REQUIRED').waitFor();
  expect(await testIdText(page, 'refusal-SUBSCRIPTION_EVENT_REQUIRED')).toBe('Select at least one event.');
  expect(await testIdText(page, 'refusal-SUBSCRIPTION_INSTITUTION_REQUIRED')).toBe('Select the institution.');
  expect(await testIdText(page, 'refusal-SUBSCRIPTION_USER_REQUIRED')).toBe('Select the user.');
  expect(await suite.knex('notification_subscriptions').where({ account_id: vet.accountId }).count()).toEqual([{ count: '0' }]);

  await page.getByTestId('subscription-event-deadline.overdue').check();
  await page.getByTestId('subscription-institution').click();
  await page.getByRole('option', { name: /^Instituição / }).click();
  await page.getByTestId('subscription-user').click();
  await page.getByRole('option', { name: new RegExp(`^nurse `) }).click();
  await page.getByTestId('subscription-save').click();
  await page.getByTestId('subscription-dialog').waitFor({ state: 'detached' });
  const email = `${vet.users.nurse!.username}@test.laudos`;
  await page.getByTestId(`subscription-${email}-status`).waitFor();
  expect(await testIdText(page, `subscription-${email}-status`)).toBe('Awaiting confirmation');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'subscriptions-390-en-vet.png'), fullPage: true });
  const wide = await page.evaluate<string[]>(
    `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).map((e) => e.tagName + ' ' + (e.getAttribute('data-testid') ?? ''))`,
  );
  expect(wide).toEqual([]);

  // The user opens the link from the outbox (the delivery without SMTP).
  const mail = await eventually(
    () => latestUserMail(suite.knex, vet.users.nurse!.id, 'subscription.confirm'),
    (m) => m !== undefined,
    { what: 'the confirmation mail' },
  );
  const token = new URL(mail.link_url as string).searchParams.get('token')!;
  await page.goto(`${suite.platform.url}/confirm-subscription?token=${encodeURIComponent(token)}`);
  await page.getByTestId('subscription-confirm-done').waitFor();
  expect(await testIdText(page, 'subscription-confirm-done')).toBe(
    'Subscription confirmed. You will now receive the notices by e-mail.',
  );
  // Opened twice: the link was single-use.
  await page.reload();
  await page.getByTestId('subscription-confirm-error').waitFor();
  expect(await testIdText(page, 'subscription-confirm-error')).toBe('Invalid, expired or already used confirmation link.');

  await page.goto(`${suite.platform.url}/admin/notifications`);
  await page.getByTestId(`subscription-${email}-status`).waitFor();
  expect(await testIdText(page, `subscription-${email}-status`)).toBe('Active');
  const row = page.getByTestId(`subscription-${email}`);
  expect(await row.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
  expect(await row.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(1);
  await page.context().close();
});
