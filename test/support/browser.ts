import { type Browser, type Page, chromium } from 'playwright-core';
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
  opts: { viewport?: { width: number; height: number }; locale?: string; password?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1400, height: 950 },
    locale: opts.locale ?? 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(opts.password ?? PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL('**/studies');
  return page;
}
