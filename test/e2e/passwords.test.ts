/**
 * Passwords in Chromium (issue 13): forgot → reset from the mailed link (read from the outbox),
 * after which the old session is dead over HTTP and its MQTT client is disconnected; the lockout
 * after N wrong passwords; an expired password; the change-password card of My profile.
 */
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { PASSWORD, createTenant, setAccountConfig } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const clients: MqttClient[] = [];
const suite = platformSuite({
  web: true,
  worker: false,
  overrides: { LOGIN_RATE_PER_MINUTE: '1000' },
  beforeStop: async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  },
});
const NEW = 'Nova@Senha2026';

async function anonymousPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'pt-BR' });
  return context.newPage();
}
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `passwords-${name}.png`), fullPage: true });

async function mailLink(userId: string, kind: string): Promise<string> {
  const row = await eventually(
    () => suite.knex('mail_outbox').where({ to_user_id: userId, kind }).orderBy('created_at', 'desc').first(),
    (r) => r !== undefined,
    { what: `the ${kind} mail` },
  );
  return row.link_url as string;
}

async function fillNewPassword(page: Page, prefix: string, password: string): Promise<void> {
  await page.getByTestId(prefix).fill(password);
  await page.getByTestId(`${prefix}-confirmation`).fill(password);
}

async function loginWith(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test('forgot → reset from the mailed link: the old session dies over HTTP and its MQTT client is disconnected', async () => {
  const t = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  const doctor = t.users.doctor!;
  const old = await signedInPage(suite.browser, suite.platform.url, doctor.username);
  const oldToken = (await old.evaluate('localStorage.getItem("access_token")')) as string;
  expect(oldToken).toBeTruthy();
  const client = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 'session',
    password: oldToken,
    reconnectPeriod: 0,
  });
  clients.push(client);
  let closed = false;
  client.on('close', () => (closed = true));

  const page = await anonymousPage(suite.browser);
  await page.goto(`${suite.platform.url}/login`);
  await page.getByTestId('login-forgot').click();
  await page.waitForURL('**/forgotPassword');
  await page.getByTestId('forgot-username').fill(doctor.username);
  await page.getByTestId('forgot-submit').click();
  await page.getByTestId('forgot-sent').waitFor();
  await shot(page, 'forgot-sent');

  const link = await mailLink(doctor.id, 'auth.password-reset');
  expect(link.startsWith(`${suite.platform.url}/resetPassword?token=`)).toBe(true);
  await page.goto(link);
  await page.getByTestId('reset-password').waitFor();
  // The token leaves the address bar once read.
  await eventually(
    async () => page.url(),
    (u) => !u.includes('token='),
    { what: 'the token removed from the address' },
  );
  // The rules are checked live; the server refuses the current password (history).
  await page.getByTestId('reset-password').fill('abc');
  expect(await page.getByTestId('reset-password-rule-uppercase').getAttribute('data-ok')).toBe('false');
  await fillNewPassword(page, 'reset-password', PASSWORD);
  await page.getByTestId('reset-submit').click();
  await page.getByText('A senha não pode repetir uma das últimas senhas').waitFor();
  await shot(page, 'reset-reused');
  await fillNewPassword(page, 'reset-password', NEW);
  expect(await page.getByTestId('reset-password-rule-uppercase').getAttribute('data-ok')).toBe('true');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-done').waitFor();
  await shot(page, 'reset-done');

  // HTTP: the old token is refused; MQTT: its connection was closed by the server.
  const res = await fetch(suite.apiUrl('/auth'), { headers: { access_token: oldToken } });
  expect(res.status).toBe(401);
  expect(((await res.json()) as any).error.code).toBe('INVALID_SESSION');
  await eventually(
    async () => closed,
    (c) => c,
    { what: 'the MQTT client of the old session disconnected' },
  );
  // The open app finds out at its next call and goes to the login page.
  await old.reload();
  await old.waitForURL('**/login');

  // The link is single use; the new password works.
  await page.goto(link);
  await fillNewPassword(page, 'reset-password', 'Outra@Senha99');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-error').waitFor();
  expect(await page.getByTestId('reset-error').innerText()).toBe(
    'Link de redefinição de senha inválido, expirado ou já utilizado. Solicite um novo.',
  );
  await page.goto(`${suite.platform.url}/login`);
  await loginWith(page, doctor.username, NEW);
  await page.waitForURL('**/studies');
  await page.context().close();
  await old.context().close();
});

test('lockout after N wrong passwords shows USER_BLOCKED, and the mailed link unblocks', async () => {
  const t = await createTenant(suite.knex, { studies: 0, users: { victim: [] } });
  const victim = t.users.victim!;
  await setAccountConfig(suite.knex, t.accountId, { LOGIN_ATTEMPTS: '3' });
  const page = await anonymousPage(suite.browser);
  await page.goto(`${suite.platform.url}/login`);
  for (let i = 1; i <= 2; i++) {
    await loginWith(page, victim.username, `Errada@${i}`);
    await eventually(
      () =>
        page
          .getByTestId('login-error')
          .innerText()
          .catch(() => ''),
      (s) => s === 'Cadastro não encontrado ou senha inválida.',
      {
        what: `wrong password ${i}`,
      },
    );
    await page.getByTestId('login-password').fill('');
  }
  await loginWith(page, victim.username, 'Errada@3');
  await eventually(
    () =>
      page
        .getByTestId('login-error')
        .innerText()
        .catch(() => ''),
    (s) => s === 'Usuário bloqueado após várias tentativas. Contate o administrador ou verifique seu e-mail.',
    { what: 'the lockout message' },
  );
  await shot(page, 'blocked');
  // The right password is refused too, until the mailed link sets a new one.
  await loginWith(page, victim.username, PASSWORD);
  await page.getByText('Usuário bloqueado após várias tentativas', { exact: false }).waitFor();
  const link = await mailLink(victim.id, 'auth.blocked');
  await page.goto(link);
  await fillNewPassword(page, 'reset-password', NEW);
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-done').waitFor();
  await page.getByTestId('reset-login').click();
  await loginWith(page, victim.username, NEW);
  await page.waitForURL('**/studies');
  await page.context().close();
});

test('an expired password shows the PASSWORD_EXPIRED text and the new-password mail sets a new one', async () => {
  const t = await createTenant(suite.knex, { studies: 0, users: { old: [] } });
  const u = t.users.old!;
  await setAccountConfig(suite.knex, t.accountId, { PASSWORD_EXPIRY_DAYS: '90' });
  await suite
    .knex('users')
    .where({ id: u.id })
    .update({ password_changed_at: new Date(Date.now() - 91 * 86_400_000) });
  const page = await anonymousPage(suite.browser, 390);
  await page.goto(`${suite.platform.url}/login`);
  await loginWith(page, u.username, PASSWORD);
  await page.getByTestId('login-password-expired').waitFor();
  expect(await page.getByTestId('login-password-expired').innerText()).toBe(
    'Sua senha expirou. Enviamos um e-mail para você cadastrar uma nova senha.',
  );
  await shot(page, 'expired-390');
  await page.goto(await mailLink(u.id, 'auth.password-expired'));
  await fillNewPassword(page, 'reset-password', NEW);
  await shot(page, 'reset-390');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-done').waitFor();
  await page.goto(`${suite.platform.url}/login`);
  await loginWith(page, u.username, NEW);
  await page.waitForURL('**/studies');
  await page.context().close();
});

test('My profile changes the password with the current one and ends the other sessions', async () => {
  const t = await createTenant(suite.knex, { studies: 0, users: { me: [] } });
  const me = t.users.me!;
  const other = await signedInPage(suite.browser, suite.platform.url, me.username);
  const otherToken = (await other.evaluate('localStorage.getItem("access_token")')) as string;
  const page = await signedInPage(suite.browser, suite.platform.url, me.username);
  await page.goto(`${suite.platform.url}/profile#password`);
  await page.getByTestId('change-password-form').waitFor();
  await page.getByTestId('change-password-current').fill('Errada@123');
  await fillNewPassword(page, 'change-password-new', NEW);
  await page.getByTestId('change-password-submit').click();
  await page.getByText('A senha atual está incorreta.').waitFor();
  await page.getByTestId('change-password-current').fill(PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await page.getByText('Senha alterada.').waitFor();
  await page.getByTestId('change-password-form').screenshot({ path: path.join(E2E_ARTIFACTS, 'passwords-change-card.png') });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByTestId('change-password-form').scrollIntoViewIfNeeded();
  await shot(page, 'profile-390');
  expect((await fetch(suite.apiUrl('/auth'), { headers: { access_token: otherToken } })).status).toBe(401);
  // This session goes on.
  await page.reload();
  await page.getByTestId('change-password-form').waitFor();
  expect(page.url()).toContain('/profile');
  await other.context().close();
  await page.context().close();
});
