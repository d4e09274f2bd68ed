/**
 * Two-factor in Chromium (issue 13): a user enrols an authenticator in My profile from the
 * secret the page shows (codes computed by oathtool), logs out, and logs in with a code after
 * the short-code and wrong-code messages; on a 390 px phone a recovery code passes. The e-mail
 * variant: enrolment by a mailed code, the login's code screen with the 90 s countdown on the
 * send button, the code read from the outbox.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { PASSWORD, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';
import { awayFromStepEdge, lastEmailCode, oathtool } from '../support/two-factor';
import { ensureDocumentTools } from '../../scripts/tools';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true, worker: false });
let t: Tenant;

beforeAll(async () => {
  ensureDocumentTools(); // oathtool among them
  t = await createTenant(suite.knex, {
    studies: 1,
    users: { app: ['STUDIES_SAVE_REPORTS'], mail: ['STUDIES_SAVE_REPORTS'] },
  });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `two-factor-${name}.png`), fullPage: true });

async function passwordLogin(page: Page, username: string): Promise<void> {
  await page.goto(`${suite.platform.url}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await page.getByTestId('two-factor-page').waitFor();
}

async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('two-factor-code').fill(code);
  await page.getByTestId('two-factor-submit').click();
}

const verifiedAt = (page: Page) => page.evaluate<string | null>('localStorage.getItem("two_factor_verified_at")');
/** The send button's text as written (innerText would give MUI's upper case). */
const sendText = async (page: Page) => ((await page.getByTestId('two-factor-send').textContent()) ?? '').trim();

test('authenticator: enrol from the shown secret, log out, log in with a code', async () => {
  const user = t.users.app!;
  const page = await signedInPage(suite.browser, suite.platform.url, user.username);
  await page.goto(`${suite.platform.url}/profile`);
  await page.getByTestId('two-factor-status').waitFor();
  expect(await page.getByTestId('two-factor-status').getAttribute('data-type')).toBe('off');
  await page.getByTestId('two-factor-enable-authenticator').click();
  await page.getByTestId('two-factor-qr').waitFor();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await page.getByTestId('two-factor-enrol-submit').isEnabled()).toBe(true);
  await shot(page, 'profile-enrol');

  await page.getByTestId('two-factor-enrol-code').fill('123');
  await page.getByTestId('two-factor-enrol-submit').click();
  await page.getByText('Precisa preencher o token corretamente!').waitFor();
  await awayFromStepEdge();
  await page.getByTestId('two-factor-enrol-code').fill(oathtool(secret));
  await page.getByTestId('two-factor-enrol-submit').click();
  await page.getByTestId('two-factor-recovery-codes').waitFor();
  const recoveryCodes = (await page.getByTestId('two-factor-recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  await shot(page, 'profile-recovery-codes');
  expect(Number(await verifiedAt(page))).toBeGreaterThan(Date.now() - 60_000);
  await page.getByTestId('two-factor-done').click();
  await eventually(
    () => page.getByTestId('two-factor-status').getAttribute('data-type'),
    (v) => v === 'authenticator',
    { what: 'the card to say the authenticator is on' },
  );
  expect(await page.getByTestId('two-factor-status').innerText()).toContain('Ativada: aplicativo autenticador.');

  // Logout clears the kept verification time.
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  expect(await verifiedAt(page)).toBeNull();

  await passwordLogin(page, user.username);
  await shot(page, 'code-screen-authenticator');
  await submitCode(page, '12345');
  await page.getByText('Precisa preencher o token corretamente!').waitFor();
  await submitCode(page, '000000');
  await page.getByText('Código inválido, tente novamente.').waitFor();
  await shot(page, 'code-screen-wrong');
  await awayFromStepEdge();
  // The enrolment used this step's code (a replay now): the next step's code passes (+1 step).
  await submitCode(page, oathtool(secret, Math.floor(Date.now() / 1000) + 30));
  await page.getByTestId('two-factor-success').waitFor();
  expect(await page.getByTestId('two-factor-success').innerText()).toBe('Autenticação efetuada com sucesso');
  expect(Number(await verifiedAt(page))).toBeGreaterThan(Date.now() - 60_000);
  await shot(page, 'code-screen-success');
  await page.getByTestId('two-factor-reload').click();
  await page.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await page.context().close();

  // On a phone: the code screen, and a recovery code instead of the app's.
  const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const small = await phone.newPage();
  await passwordLogin(small, user.username);
  await small.getByTestId('two-factor-use-recovery').click();
  await shot(small, 'code-screen-390');
  await submitCode(small, recoveryCodes[0]!);
  await small.getByTestId('two-factor-success').waitFor();
  await shot(small, 'code-screen-success-390');
  await small.getByTestId('two-factor-reload').click();
  await small.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await small.goto(`${suite.platform.url}/profile#two-factor`);
  await small.getByTestId('two-factor-status').waitFor();
  expect(await small.getByTestId('two-factor-status').innerText()).toContain('Códigos de recuperação restantes: 9');
  await shot(small, 'profile-card-390');
  // Turning it off needs a valid code: a wrong one is refused, a recovery code does it.
  await small.getByTestId('two-factor-disable').click();
  await small.getByTestId('two-factor-disable-code').fill('000000');
  await small.getByTestId('two-factor-disable-submit').click();
  await small.getByText('Código inválido, tente novamente.').waitFor();
  await small.getByTestId('two-factor-disable-code').fill(recoveryCodes[1]!);
  await small.getByTestId('two-factor-disable-submit').click();
  await small.getByTestId('two-factor-card-notice').waitFor();
  await eventually(
    () => small.getByTestId('two-factor-status').getAttribute('data-type'),
    (v) => v === 'off',
    { what: 'the card to say two-factor is off' },
  );
  await shot(small, 'profile-card-off-390');
  await phone.close();
});

test('e-mail code: enrol by a mailed code; at login the send button waits 90 s with a countdown', async () => {
  const user = t.users.mail!;
  const page = await signedInPage(suite.browser, suite.platform.url, user.username);
  await page.goto(`${suite.platform.url}/profile`);
  await page.getByTestId('two-factor-enable-email').click();
  await page.getByTestId('two-factor-send').click();
  await eventually(
    () => sendText(page),
    (text) => /Reenviar em \d+ s/.test(text),
    { what: 'the countdown on the send button' },
  );
  expect(await page.getByTestId('two-factor-send').isDisabled()).toBe(true);
  await page.getByTestId('two-factor-enrol-code').fill(await lastEmailCode(suite.knex, user.id));
  await page.getByTestId('two-factor-enrol-submit').click();
  await page.getByTestId('two-factor-recovery-codes').waitFor();
  await page.getByTestId('two-factor-done').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');

  await passwordLogin(page, user.username);
  expect(await page.getByText('Enviamos um código de 6 dígitos para o seu e-mail.', { exact: false }).count()).toBe(1);
  const first = await sendText(page);
  expect(first).toMatch(/Reenviar em (90|89|88|87|86|85) s/);
  expect(await page.getByTestId('two-factor-send').isDisabled()).toBe(true);
  const seconds = (text: string) => Number(/(\d+) s/.exec(text)?.[1]);
  await eventually(
    () => sendText(page),
    (text) => seconds(text) < seconds(first),
    { what: 'the countdown to tick', timeout: 5000 },
  );
  await shot(page, 'code-screen-email');
  await submitCode(page, await lastEmailCode(suite.knex, user.id));
  await page.getByTestId('two-factor-success').waitFor();
  await page.getByTestId('two-factor-reload').click();
  await page.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await page.context().close();

  // In English: the used code does not hold back a new one, which the login sends at once.
  const english = await suite.browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'en-US' });
  await english.addInitScript(`localStorage.setItem('lang', 'en')`);
  const en = await english.newPage();
  await passwordLogin(en, user.username);
  expect(await sendText(en)).toMatch(/^Send again in \d+ s$/);
  await submitCode(en, '1234');
  await en.getByText('Please fill in the code correctly!').waitFor();
  await submitCode(en, await lastEmailCode(suite.knex, user.id));
  await en.getByTestId('two-factor-success').waitFor();
  expect(await en.getByTestId('two-factor-success').innerText()).toBe('Authentication successful');
  await shot(en, 'code-screen-success-en');
  await english.close();
});

test('an account that requires two-factor sends its user to enrol at login (390 px)', async () => {
  const other = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
  await setAccountConfig(suite.knex, other.accountId, { TWO_FACTOR_REQUIRED: 'true' });
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await passwordLogin(page, other.users.doctor!.username);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Ative a verificação em duas etapas');
  await page.getByTestId('two-factor-qr').waitFor();
  await shot(page, 'required-enrol-390');
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  await awayFromStepEdge();
  await page.getByTestId('two-factor-enrol-code').fill(oathtool(secret));
  await page.getByTestId('two-factor-enrol-submit').click();
  await page.getByTestId('two-factor-success').waitFor();
  expect(await page.getByTestId('two-factor-recovery-codes').locator('li').count()).toBe(10);
  await shot(page, 'required-enrol-done-390');
  await page.getByTestId('two-factor-reload').click();
  await page.getByTestId(`study-row-${other.studyIds[0]}`).waitFor();
  await context.close();
});
