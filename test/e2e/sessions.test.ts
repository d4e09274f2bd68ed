/**
 * My profile → Sessões (issue 13): the user's sessions with device, address and last seen, this
 * one marked; 'Sair das outras sessões' kills another browser's session at once. An access link
 * (`?access=`) opens a session in a fresh browser once and leaves the address bar at once.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { hashToken } from '../../services/tokens';
import { signedInPage } from '../support/browser';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_SAVE_REPORTS'] } });
});

const tokenOf = async (page: Page) => (await page.evaluate('localStorage.getItem("access_token")')) as string | null;

async function freshPage(browser: Browser, width = 1400): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

test("lists this browser's and the other's sessions; signing out the others ends the other browser's session", async () => {
  const other = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('session-other').first().waitFor();
  const current = page.getByTestId('session-current');
  expect(await current.count()).toBe(1);
  const text = await current.innerText();
  expect(text).toMatch(/Chrome \d+ · Linux/);
  expect(text).toContain('Esta sessão');
  expect(text).toMatch(/Último acesso \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} · Endereço 127\.0\.0\.1/);
  expect(await page.getByTestId('session-other').count()).toBe(1);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'sessions-card.png'), fullPage: true });

  await page.getByTestId('sessions-sign-out-others').click();
  await page.getByTestId('notification').filter({ hasText: '1 sessão encerrada.' }).waitFor();
  await page.getByTestId('sessions-no-others').waitFor();
  expect(await page.getByTestId('sessions-sign-out-others').isDisabled()).toBe(true);

  // The other browser's live connection is closed at once; refused on reconnecting, the page
  // asks the server, finds its session gone and goes to the login page by itself.
  await other.waitForURL('**/login', { timeout: 15_000 });
  expect(await tokenOf(other)).toBeNull();
  // This one lives on.
  await page.reload();
  await page.getByTestId('session-current').waitFor();
  await other.context().close();

  // On a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('session-current').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'sessions-card-390.png'), fullPage: true });
  const box = await page.getByTestId('sessions-sign-out-others').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.context().close();
});

test('ends one other session from its line', async () => {
  const other = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('session-other').first().waitFor();
  const othersBefore = await page.getByTestId('session-other').count();
  const otherId = (
    await suite
      .knex('sessions')
      .where({ token_hash: hashToken((await tokenOf(other))!) })
      .first('id')
  ).id;
  const line = page.getByTestId('session-other').filter({ has: page.getByTestId(`session-end-${otherId}`) });
  await line.getByRole('button', { name: /Encerrar a sessão Chrome \d+ · Linux/ }).click();
  await page.getByTestId('notification').filter({ hasText: 'Sessão encerrada.' }).waitFor();
  await page.getByTestId(`session-end-${otherId}`).waitFor({ state: 'detached' });
  expect(await page.getByTestId('session-other').count()).toBe(othersBefore - 1);
  await other.getByTestId('filter-text-input').fill('Paciente');
  await other.waitForURL('**/login');
  await other.context().close();
  await page.context().close();
});

test('an access link opens a session in a fresh browser once, and leaves the address bar', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const token = (await tokenOf(page))!;
  // 'Abrir em outro dispositivo' in My profile gives the link.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('sessions-access-link').click();
  const field = page.getByTestId('sessions-access-link-url');
  await field.waitFor();
  await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot only
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'sessions-access-link-dialog.png') });
  const url = new URL(await field.inputValue());
  expect(url.origin).toBe(suite.platform.url);
  expect(url.pathname).toBe('/');
  const linkToken = url.searchParams.get('access')!;
  expect(linkToken.length).toBeGreaterThan(20);

  const fresh = await freshPage(suite.browser);
  await fresh.goto(url.toString());
  await fresh.waitForURL('**/studies');
  await fresh.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  expect(fresh.url()).toBe(`${suite.platform.url}/studies`);
  expect(await fresh.evaluate('location.search')).toBe('');
  const opened = await tokenOf(fresh);
  expect(opened).toBeTruthy();
  expect(opened).not.toBe(token);
  expect(opened).not.toBe(linkToken);

  // Used: another browser gets the login page and says why.
  const late = await freshPage(suite.browser, 390);
  await late.goto(url.toString());
  await late.waitForURL('**/login');
  await late
    .getByTestId('notification')
    .filter({ hasText: 'Link de acesso inválido, expirado ou já utilizado. Faça login.' })
    .waitFor();
  expect(await late.evaluate('location.search')).toBe('');
  await late.screenshot({ path: path.join(E2E_ARTIFACTS, 'sessions-access-link-used-390.png') });
  await late.context().close();
  // No history entry keeps the link's address: back goes to the page before it.
  await fresh.goBack();
  expect(fresh.url()).toBe('about:blank');
  await fresh.context().close();
  await page.context().close();
});
