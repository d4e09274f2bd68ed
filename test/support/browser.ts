import { type Browser, chromium } from 'playwright-core';
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
