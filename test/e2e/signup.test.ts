/**
 * Sign-up and registration in Chromium (issue 13): the login page's 'Criar conta' for an open
 * account, the live field checks, the mailed verification link read from the outbox, login
 * refused until then and accepted after; an account closed to sign-up says 'by invitation only';
 * an administrator invites, the invitee completes the registration (an incomplete council is
 * refused) and logs in. Screenshots at 390 px wide under test-results/e2e.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';
import { latestMailTo, loginThroughUi, newPerson, openSignup, signUpThroughUi, verifyThroughUi } from '../support/signup';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let open: Tenant;
let closed: Tenant;

const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `signup-${name}.png`), fullPage: true });
const newPage = async (browser: Browser, viewport = PHONE) =>
  (await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })).newPage();
/** Whether the page is wider than the screen (a 390 px layout must not scroll sideways). */
const overflowsSideways = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');

beforeAll(async () => {
  open = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  closed = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  await openSignup(suite.knex, open.accountId);
  await suite.knex('user_accounts').where({ user_id: open.users.admin!.id }).update({ is_admin: true });
});

test('sign-up → verification link from the outbox → login', async () => {
  const base = suite.platform.url;
  const page = await newPage(suite.browser);

  // The account's link to the login page shows 'Criar conta'; it leads to the sign-up form.
  await page.goto(`${base}/login?account=${open.accountId}`);
  await page.getByTestId('login-signup').click();
  await page.waitForURL(`**/signup?account=${open.accountId}`);
  await page.getByTestId('signup-form').waitFor();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'form-390');

  // Live checks: an e-mail typed as username gets the hint; a wrong CPF and mobile are said at once.
  await page.getByTestId('signup-username').fill('ana@clinica.com.br');
  await page.getByText('Isto parece um e-mail').waitFor();
  await page.getByTestId('signup-cpf').fill('111.111.111-11');
  await page.getByText('CPF inválido').waitFor();
  await page.getByTestId('signup-mobile').fill('(11) 3456-7890');
  await page.getByText('Celular inválido').waitFor();
  // Sending without the terms and with a weak password stays on the form, saying why.
  await page.getByTestId('signup-password').fill('fraca');
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('signup-terms-error').waitFor();
  expect(await page.getByTestId('signup-password-rule-uppercase').getAttribute('data-ok')).toBe('false');
  await shot(page, 'form-errors-390');
  expect(await suite.knex('users').whereRaw('lower(email) = ?', ['ana@clinica.com.br']).first()).toBeUndefined();

  const person = await signUpThroughUi(page, base, open.accountId, newPerson());
  await page.getByText(person.email).waitFor();
  await shot(page, 'done-390');

  // Not verified yet: refused, with the way to a new link.
  await page.goto(`${base}/login`);
  await page.getByTestId('login-username').fill(person.username);
  await page.getByTestId('login-password').fill(person.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-unverified').waitFor();
  expect(await page.getByTestId('login-error').innerText()).toContain('E-mail ainda não confirmado');
  await shot(page, 'login-unverified-390');

  await verifyThroughUi(page, suite.knex, person.username);
  // The token left the address bar; opening the same link again is refused.
  expect(new URL(page.url()).search).toBe('');
  await shot(page, 'verified-390');
  const user = await suite.knex('users').where({ username: person.username }).first();
  expect(user.email_verified_at).not.toBeNull();

  await loginThroughUi(page, base, person.username, person.password);
  // Signed in, in the account, but no institution until an administrator grants a role: the screen says so.
  await page.getByTestId('no-access').waitFor();
  expect(await page.getByTestId('no-access').innerText()).toContain('Contate o administrador');
  expect(await page.evaluate<number>('Object.keys(localStorage).length')).toBeGreaterThan(0);
  const sessions = await suite.knex('sessions').where({ user_id: user.id });
  expect(sessions).toHaveLength(1);
  await shot(page, 'after-login-390');
  await page.context().close();
});

test('an account closed to sign-up: no link on the login page, the sign-up page says invitation only', async () => {
  const page = await newPage(suite.browser);
  await page.goto(`${suite.platform.url}/signup?account=${closed.accountId}`);
  await page.getByTestId('signup-closed').waitFor();
  expect(await page.getByTestId('signup-closed').innerText()).toContain('somente por convite');
  await shot(page, 'closed-390');
  await page.goto(`${suite.platform.url}/login?account=${closed.accountId}`);
  await page.getByTestId('login-username').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByTestId('login-signup').count()).toBe(0);
  // The terms page, public, in the chosen language.
  await page.goto(`${suite.platform.url}/terms`);
  await page.getByTestId('terms-version').waitFor();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'terms-390');
  await page.context().close();

  // English and Spanish are complete too.
  for (const [lang, closedText, termsTitle] of [
    ['en', 'by invitation only', 'Terms of use'],
    ['es', 'solo por invitación', 'Términos de uso'],
  ]) {
    const context = await suite.browser.newContext({ viewport: PHONE });
    await context.addInitScript(`localStorage.setItem('lang', ${JSON.stringify(lang)})`);
    const other = await context.newPage();
    await other.goto(`${suite.platform.url}/signup?account=${closed.accountId}`);
    expect(await other.getByTestId('signup-closed').innerText()).toContain(closedText);
    await other.goto(`${suite.platform.url}/signup?account=${open.accountId}`);
    await other.getByTestId('signup-form').waitFor();
    await shot(other, `form-390-${lang}`);
    await other.goto(`${suite.platform.url}/terms`);
    expect(await other.getByTestId('terms').innerText()).toContain(termsTitle);
    await context.close();
  }
});

test('invitation → complete registration (an incomplete council is refused) → login', async () => {
  const base = suite.platform.url;
  const admin = await signedInPage(suite.browser, base, open.users.admin!.username);
  await admin.getByTestId('invitations-menu').click();
  await admin.getByTestId('invite-form').waitFor();
  const email = `convidado.${Date.now()}@test.laudos`;
  await admin.getByTestId('invite-email').fill(email);
  await admin.getByTestId('invite-name').fill('Dr. Convidado');
  await admin.getByTestId('invite-professional').check();
  await admin.getByTestId('invite-submit').click();
  await admin.locator('[data-testid^="invitation-"][data-state="pending"]', { hasText: email }).waitFor();
  await shot(admin, 'invitations-admin');
  await admin.context().close();

  const mail = await latestMailTo(suite.knex, email, 'auth.invitation');
  const page = await newPage(suite.browser);
  await page.goto(mail.link_url);
  await page.getByTestId('complete-form').waitFor();
  expect(new URL(page.url()).search).toBe('');
  expect(await page.getByTestId('complete-email').inputValue()).toBe(email);
  expect(await page.getByTestId('complete-name').inputValue()).toBe('Dr. Convidado');
  const person = newPerson();
  await page.getByTestId('complete-username').fill(person.username);
  await page.getByTestId('complete-mobile').fill(person.mobile);
  await page.getByTestId('complete-cpf').fill(person.cpf);
  await page.getByTestId('complete-council-number').fill('123456');
  await page.getByTestId('complete-password').fill(person.password);
  await page.getByTestId('complete-password-confirmation').fill(person.password);
  await page.getByTestId('complete-terms').check();
  // CRM (the human account's council) is chosen, the UF is not: incomplete.
  await page.getByTestId('complete-submit').click();
  await page.getByTestId('complete-council-error').waitFor();
  expect(await page.getByTestId('complete-council-error').innerText()).toContain('incompleto');
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'complete-council-error-390');
  expect(await suite.knex('users').where({ username: person.username }).first()).toBeUndefined();

  await page.getByRole('combobox', { name: 'UF' }).click();
  await page.getByRole('option', { name: 'MG', exact: true }).click();
  await page.getByTestId('complete-submit').click();
  await page.getByTestId('complete-done').waitFor();
  await shot(page, 'complete-done-390');
  const user = await suite.knex('users').where({ username: person.username }).first();
  expect(user).toMatchObject({ email, council_type: 'CRM', council_number: '123456', council_uf: 'MG' });

  await page.getByTestId('complete-login').click();
  await loginThroughUi(page, base, person.username, person.password);
  await page.getByTestId('no-access').waitFor();
  expect(await suite.knex('sessions').where({ user_id: user.id })).toHaveLength(1);
  await page.context().close();
});

test("an administrator opens the account to sign-up and hands out the link that shows 'Criar conta'", async () => {
  const base = suite.platform.url;
  await suite.knex('user_accounts').where({ user_id: closed.users.admin!.id }).update({ is_admin: true });
  const admin = await signedInPage(suite.browser, base, closed.users.admin!.username, { viewport: PHONE });
  await admin.goto(`${base}/invitations`);
  // The switch follows the server's answer (no optimistic flip).
  await admin.getByTestId('open-signup-switch').click();
  await admin.getByTestId('open-signup-link').waitFor();
  const link = await admin.getByTestId('open-signup-link').inputValue();
  expect(link).toContain(`/login?account=${closed.accountId}`);
  await shot(admin, 'open-signup-390');
  expect(await overflowsSideways(admin)).toBe(false);

  const page = await newPage(suite.browser);
  await page.goto(`${base}${new URL(link).pathname}${new URL(link).search}`);
  await page.getByTestId('login-signup').click();
  await page.getByTestId('signup-form').waitFor();
  await page.context().close();

  await admin.getByTestId('open-signup-switch').click();
  await admin.getByTestId('open-signup-link').waitFor({ state: 'detached' });
  const account = await suite.knex('accounts').where({ id: closed.accountId }).first('config');
  // Stored typed by the settings registry (issue 14).
  expect(account.config.ALLOW_SIGNUP).toBe(false);
  await admin.context().close();
});
