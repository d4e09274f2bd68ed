/**
 * A session that runs out while the app is open (issue 12, spec 3 §8): the next answer is
 * EXPIRED_TOKEN, the app logs out, reports the expiry (POST /auth/expiredSession) and the
 * login page says why — 'Sessão expirada, por favor faça login novamente'. A revoked session
 * (INVALID_SESSION) logs out without that message.
 */
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ web: true });
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 2,
    users: { doctor: ['STUDIES_SAVE_REPORTS'], other: ['STUDIES_SAVE_REPORTS'] },
  });
});

/** Makes the list ask the server again (a new text filter). */
async function touchTheList(page: Page): Promise<void> {
  await page.getByTestId('filter-text-input').fill('Paciente');
}

test('an expired session logs out with the reason and reports the expiry', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await page.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  const answers: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 401) answers.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await suite
    .knex('sessions')
    .where({ user_id: t.users.doctor!.id })
    .update({ expires_at: new Date(Date.now() - 1000) });

  await touchTheList(page);
  await page.waitForURL('**/login');
  await page.getByTestId('login-session-expired').waitFor();
  expect(await page.getByTestId('login-session-expired').innerText()).toBe('Sessão expirada, por favor faça login novamente');
  expect(await page.evaluate('localStorage.getItem("access_token")')).toBeNull();
  await eventually(
    () => suite.knex('audit_log').where({ user_id: t.users.doctor!.id, action: 'auth.expiredSession' }).first(),
    (row) => row !== undefined,
    { what: 'the expiry reported to the server' },
  );
  expect(answers.length).toBeGreaterThan(0);
  // A reload of the login page still says why (the mark stays until the next sign-in).
  await page.reload();
  await page.getByTestId('login-session-expired').waitFor();

  // Signing in again works and the message goes.
  await page.getByTestId('login-username').fill(t.users.doctor!.username);
  await page.getByTestId('login-password').fill('Test@12345');
  await page.getByTestId('login-password').press('Enter');
  // …back where the user was.
  await page.waitForURL('**/studies?q=Paciente');
  expect(await page.getByTestId('login-session-expired').count()).toBe(0);
  await page.context().close();
});

test('an expired session found when the app opens says so too; a revoked one logs out without it', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.other!.username);
  await suite
    .knex('sessions')
    .where({ user_id: t.users.other!.id })
    .update({ expires_at: new Date(Date.now() - 1000) });
  await page.reload();
  await page.waitForURL('**/login');
  await page.getByTestId('login-session-expired').waitFor();
  await page.context().close();

  const revoked = await signedInPage(suite.browser, suite.platform.url, t.users.other!.username);
  await revoked.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await suite.knex('sessions').where({ user_id: t.users.other!.id }).update({ revoked_at: new Date() });
  await touchTheList(revoked);
  await revoked.waitForURL('**/login');
  await revoked.getByTestId('login-username').waitFor();
  expect(await revoked.getByTestId('login-session-expired').count()).toBe(0);
  await revoked.context().close();
});
