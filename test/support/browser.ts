import { type Browser, chromium } from 'playwright-core';
import { testEnv } from '../setup/env';

/** Debian's Chromium driven by Playwright (no browser download). */
export function launchChromium(): Promise<Browser> {
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
    ],
  });
}
