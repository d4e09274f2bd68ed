import { type Browser, type Page, chromium } from 'playwright-core';
import { eventually } from './eventually';
import { PASSWORD } from './fixtures';
import { testEnv } from '../setup/env';

/** Debian's Chromium driven by Playwright (no browser download); `extraArgs` for one test's needs. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: testEnv('chromium'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/**
 * A new browser context (pt-BR, São Paulo time unless told otherwise) signed in as
 * `username` through the login page, left on the study list.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  username: string,
  opts: {
    viewport?: { width: number; height: number };
    locale?: string;
    password?: string;
    /** The app's language, as if chosen before (localStorage 'lang'). */
    appLang?: string;
    /** Browser permissions granted to the platform's origin (e.g. 'microphone'). */
    permissions?: string[];
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1400, height: 950 },
    locale: opts.locale ?? 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  if (opts.permissions) await context.grantPermissions(opts.permissions, { origin: baseUrl });
  if (opts.appLang) await context.addInitScript(`localStorage.setItem('lang', ${JSON.stringify(opts.appLang)})`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(opts.password ?? PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL('**/studies');
  return page;
}

/** The trimmed text of the element with `testId`, '' while there is none. */
export async function testIdText(page: Page, testId: string): Promise<string> {
  return (
    await page
      .getByTestId(testId)
      .innerText()
      .catch(() => '')
  ).trim();
}

/** Waits until the element with `testId` shows `wanted`. */
export function untilTestIdShows(page: Page, testId: string, wanted: string, timeout = 10_000): Promise<string> {
  return eventually(
    () => testIdText(page, testId),
    (v) => v.includes(wanted),
    { timeout, what: `${testId} to show "${wanted}"` },
  );
}

/** Whether a click at the centre of the element with `testId` reaches it (nothing covers it). */
export async function reachableAtCentre(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).first().boundingBox();
  if (!box) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return page.evaluate(
    `document.elementFromPoint(${x}, ${y})?.closest(${JSON.stringify(`[data-testid="${testId}"]`)}) != null`,
  ) as Promise<boolean>;
}
