/**
 * Spec 3 §8 "Global response handling" in Chromium, each case faked at the network (page.route)
 * on a call the app reports globally ('Sair das outras sessões' in My profile): INTERNAL_ERROR
 * with its id, MALFORMED_REQUEST, another code's server description, an answer without the
 * error structure (UNKNOWN_ERROR), no answer (NETWORK_ERROR), the silent codes, INVALID_SESSION
 * logging out; notifications 4000 ms and toasts 1500 ms, at most 3; a crashed page (toast +
 * POST /errorTracker); a page chunk failing 5 times (connection message); the login-check
 * spinner; the no-access screen's exit; the footer's version and build id.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: ['STUDIES_SAVE_REPORTS'], lonely: [] } });
  // A user with no account at all: the no-access screen.
  await suite.knex('user_accounts').where({ user_id: t.users.lonely!.id }).delete();
});

const REVOKE = '**/api/auth/sessions/revokeOthers';
const notices = (page: Page) => page.getByTestId('notification');
const noticeTexts = async (page: Page) => (await notices(page).allInnerTexts()).map((s) => s.trim());

/** My profile with a second session alive, so 'Sair das outras sessões' may be pressed. */
async function profileWithAnotherSession(): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await login(suite.api, t.users.doctor!.username);
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('session-other').first().waitFor();
  return page;
}

async function pressAndRead(page: Page, fulfil: (route: Route) => Promise<void>): Promise<string> {
  await page.route(REVOKE, fulfil);
  const before = await notices(page).count();
  await page.getByTestId('sessions-sign-out-others').click();
  await eventually(
    () => notices(page).count(),
    (n) => n > before,
    { what: 'a notification' },
  );
  await page.unroute(REVOKE);
  const text = (await notices(page).last().innerText()).trim();
  await notices(page).last().getByRole('button').click(); // dismissible
  return text;
}

const json = (status: number, body: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test('each failure as §8 says: INTERNAL_ERROR id, MALFORMED_REQUEST, description, UNKNOWN_ERROR, NETWORK_ERROR', async () => {
  const page = await profileWithAnotherSession();
  const internal = await pressAndRead(
    page,
    json(500, { error: { code: 'INTERNAL_ERROR', description: 'Internal Server Error', id: 'req-7f3a' } }),
  );
  expect(internal).toBe('req-7f3a - Erro desconhecido, contate o suporte');
  expect(await pressAndRead(page, json(400, { error: { code: 'MALFORMED_REQUEST', description: 'x' } }))).toBe(
    'Os dados enviados não estão corretos',
  );
  expect(await pressAndRead(page, json(409, { error: { code: 'SHARE_LIMIT_REACHED', description: 'Limite do servidor' } }))).toBe(
    'Limite do servidor',
  );
  // A code without a description: the default.
  expect(await pressAndRead(page, json(409, { error: { code: 'SOMETHING' } }))).toBe('Tente novamente mais tarde');
  // No error structure (a proxy's page): UNKNOWN_ERROR.
  expect(
    await pressAndRead(page, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }),
    ),
  ).toBe('Tente novamente mais tarde');
  // No answer at all: NETWORK_ERROR, the check-your-connection message.
  expect(await pressAndRead(page, (route) => route.abort('connectionreset'))).toBe(
    'Não foi possível conectar ao servidor. Verifique sua conexão com a internet.',
  );
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'global-errors-network.png') });
  await page.context().close();
});

test('the silent codes show nothing; INVALID_SESSION logs out', async () => {
  const page = await profileWithAnotherSession();
  for (const [status, code] of [
    [403, 'USER_BLOCKED'],
    [403, 'USER_BLOCKED_BY_ADMIN'],
    [401, 'INVALID_CREDENTIALS'],
    [403, 'PASSWORD_EXPIRED'],
    [403, 'FORBIDDEN_ACCESS'],
  ] as const) {
    let answered = false;
    await page.route(REVOKE, async (route) => {
      await json(status, { error: { code, description: `descr ${code}` } })(route);
      answered = true;
    });
    await page.getByTestId('sessions-sign-out-others').click();
    await eventually(() => answered, Boolean, { what: `${code} answered` });
    await page.waitForTimeout(400);
    expect([code, await notices(page).count()]).toEqual([code, 0]);
    await page.unroute(REVOKE);
  }
  await page.route(REVOKE, json(401, { error: { code: 'INVALID_SESSION', description: 'Sessão inválida' } }));
  await page.getByTestId('sessions-sign-out-others').click();
  await page.waitForURL('**/login');
  expect(await page.evaluate('localStorage.getItem("access_token")')).toBeNull();
  expect(await notices(page).count()).toBe(0);
  await page.context().close();
});

test('notifications stay 4000 ms, toasts 1500 ms, at most 3 at once', async () => {
  const page = await profileWithAnotherSession();
  // One notification, timed from when it shows to when it goes.
  await page.route(REVOKE, json(409, { error: { code: 'X', description: 'Uma notificação' } }));
  await page.getByTestId('sessions-sign-out-others').click();
  await notices(page).first().waitFor();
  const shown = Date.now();
  await notices(page).first().waitFor({ state: 'detached', timeout: 10_000 });
  const stayed = Date.now() - shown;
  expect(stayed).toBeGreaterThan(3600);
  expect(stayed).toBeLessThan(5000);
  await page.unroute(REVOKE);

  // Five at once: only the last three show.
  let n = 0;
  await page.route(REVOKE, (route) => json(409, { error: { code: 'X', description: `Erro ${++n}` } })(route));
  let most = 0;
  const watch = setInterval(
    () =>
      void notices(page)
        .count()
        .then(
          (c) => (most = Math.max(most, c)),
          () => undefined,
        ),
    30,
  );
  for (let i = 0; i < 5; i++) {
    await page.getByTestId('sessions-sign-out-others').click();
    await eventually(
      () => noticeTexts(page),
      (texts) => texts.includes(`Erro ${i + 1}`),
      { what: `Erro ${i + 1}` },
    );
  }
  expect(await noticeTexts(page)).toEqual(['Erro 3', 'Erro 4', 'Erro 5']);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'global-errors-three.png') });
  clearInterval(watch);
  expect(most).toBe(3);
  await page.unroute(REVOKE);
  await eventually(
    () => notices(page).count(),
    (c) => c === 0,
    { timeout: 6000, what: 'the stack to empty' },
  );

  // The real call succeeds: a toast, 1500 ms.
  await page.getByTestId('sessions-sign-out-others').click();
  const toast = notices(page).filter({ hasText: /sess(ão|ões) encerradas?\./ });
  await toast.waitFor();
  const toastShown = Date.now();
  await toast.waitFor({ state: 'detached', timeout: 5000 });
  const toastStayed = Date.now() - toastShown;
  expect(toastStayed).toBeGreaterThan(1100);
  expect(toastStayed).toBeLessThan(2500);
  await page.context().close();
});

test('a crashed page: a dismissible toast, the error sent to the error tracker, the rest of the app alive', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  // Dates on My profile throw once armed (a real crash in a real component).
  await page.evaluate(`(() => {
    const original = Intl.DateTimeFormat.prototype.formatToParts;
    Intl.DateTimeFormat.prototype.formatToParts = function (date) {
      if (location.pathname === '/profile') throw new Error('formatToParts exploded (test)');
      return original.call(this, date);
    };
  })()`);
  const tracked = page.waitForRequest((r) => r.url().endsWith('/api/errorTracker') && r.method() === 'POST');
  await page.getByTestId('profile-menu').click();
  const report = (await tracked).postDataJSON();
  expect(report).toMatchObject({
    subType: 'COMPONENT_CRASH',
    content: { message: 'formatToParts exploded (test)', url: '/profile' },
  });
  const toast = notices(page).filter({ hasText: 'Ocorreu um erro inesperado nesta tela' });
  await toast.waitFor();
  await page.getByTestId('crash-fallback').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'global-errors-crash.png') });
  await toast.getByRole('button').click();
  await toast.waitFor({ state: 'detached', timeout: 1000 });
  await eventually(
    () => suite.knex('error_reports').where({ user_id: t.users.doctor!.id, sub_type: 'COMPONENT_CRASH' }).first(),
    (row) => row !== undefined,
    { what: 'the crash stored by the error tracker' },
  );
  // The app frame is alive: back to the list.
  await page
    .getByRole('link', { name: /estudos/i })
    .first()
    .click()
    .catch(() => page.goto(`${suite.platform.url}/studies`));
  await page.waitForURL('**/studies');
  await page.context().close();
});

test('a page chunk that fails to load is tried 5 times, then the connection message; a later success loads it', async () => {
  const crashes = () => suite.knex('error_reports').where({ user_id: t.users.doctor!.id }).count({ n: '*' });
  const crashesBefore = await crashes();
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const tries: string[] = [];
  await page.route(/\/assets\/ProfilePage-[^/]*\.js/, (route) => {
    tries.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('module-load-failed').waitFor({ timeout: 20_000 });
  expect(tries).toHaveLength(5);
  expect(await page.getByTestId('module-load-failed').innerText()).toBe(
    'Não foi possível carregar esta parte do sistema. Não foi possível conectar ao servidor. Verifique sua conexão com a internet.',
  );
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'global-errors-module.png') });
  // No crash report for a network failure.
  expect(await crashes()).toEqual(crashesBefore);
  await page.context().close();

  // Two failures, then the chunk comes: the page shows.
  const page2 = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  let failures = 0;
  await page2.route(/\/assets\/ProfilePage-[^/]*\.js/, (route) =>
    ++failures <= 2 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page2.getByTestId('profile-menu').click();
  await page2.getByTestId('sessions-list').waitFor({ timeout: 20_000 });
  expect(failures).toBe(3);
  await page2.context().close();
});

test('the login-check spinner, the no-access screen and its exit, the footer', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  // Version from package.json (3.0.0, spec 3 §9), build id the commit's short sha (or BUILD_ID).
  const footer = (await page.getByTestId('footer').innerText()).trim();
  expect(footer).toMatch(
    process.env.BUILD_ID ? `versão 3.0.0 · build ${process.env.BUILD_ID}` : /^versão 3\.0\.0 · build [0-9a-f]{7,}$/,
  );
  if (!process.env.BUILD_ID) {
    // A commit of this repository.
    const id = footer.split('build ')[1]!;
    expect(execFileSync('git', ['cat-file', '-t', id]).toString().trim()).toBe('commit');
  }

  // A reload revalidates the stored session: the spinner shows meanwhile.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.reload();
  await page.getByRole('status').filter({ hasText: 'Verificando login...' }).waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'global-errors-spinner.png') });
  release();
  await page.getByTestId('footer').waitFor();
  await page.context().close();

  const lonely = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const p = await lonely.newPage();
  await p.goto(`${suite.platform.url}/login`);
  await p.getByTestId('login-username').fill(t.users.lonely!.username);
  await p.getByTestId('login-password').fill(PASSWORD);
  await p.getByTestId('login-password').press('Enter');
  await p.getByTestId('no-access').waitFor();
  expect(await p.getByTestId('no-access').innerText()).toContain('Você não tem acesso a nenhuma instituição');
  await p.screenshot({ path: path.join(E2E_ARTIFACTS, 'global-errors-no-access-390.png') });
  const token = (await p.evaluate('localStorage.getItem("access_token")')) as string;
  await p.getByTestId('no-access-exit').click();
  await p.waitForURL('**/login');
  expect(await p.evaluate('localStorage.getItem("access_token")')).toBeNull();
  expect((await suite.api('GET', '/auth', { token })).body.error.code).toBe('INVALID_SESSION');
  await lonely.close();
});
