import path from 'node:path';
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

/**
 * What each page still open shows when a test failed: its URL and the text on screen printed
 * (the log is what CI keeps), a full-page screenshot saved in `dir`.
 */
export async function reportOpenPages(browser: Browser, testName: string, dir: string): Promise<void> {
  const pages = browser.contexts().flatMap((c) => c.pages());
  const slug = testName.replace(/[^\w-]+/g, '-').slice(0, 80);
  const lines: string[] = [];
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `failed-${slug}-${i + 1}.png`);
    // One line, and 5 s at most for a page that hangs.
    const text = await page
      .locator('body')
      .innerText({ timeout: 5_000 })
      .then((t) => t.replace(/\s*\n\s*/g, ' | ').slice(0, 1500))
      .catch((err: Error) => `(no text: ${err.message.split('\n')[0]})`);
    const saved = await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
      () => file,
      (err: Error) => `none (${err.message.split('\n')[0]})`,
    );
    lines.push(`— page ${i + 1} of ${pages.length}: ${page.url()}\n${text}\nscreenshot: ${saved}`);
  }
  if (pages.length > 0) console.error(`"${testName}" failed with ${pages.length} page(s) open:\n${lines.join('\n')}`);
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
