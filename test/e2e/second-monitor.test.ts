/**
 * The viewer on another monitor (spec 2): from the report page, opening without a saved monitor
 * shows the alert; the monitor chosen (headless Chromium reports its one screen) is saved in the
 * browser; the viewer opens in its own window, follows the study the page shows, and the page
 * sees it closed within the 500 ms check; a blocked pop-up prompts the user to allow pop-ups.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: [...DOCTOR_PERMISSIONS] } });
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
});

const button = () => page.getByTestId('open-second-monitor');

test('no monitor → alert and configuration; the viewer window opens, follows the study, and is seen closed', async () => {
  const [first, second] = t.studyIds;
  await page.goto(`${suite.platform.url}/studies/report/${first}`);
  await button().click();
  await page.getByTestId('monitor-no-config').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'second-monitor-no-config.png') });
  await page.getByTestId('monitor-configure').click();
  await page.getByTestId('monitor-config-dialog').waitFor();

  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('monitor-screen-0').click(); // saved, then the viewer opens
  const popup = await popupOpened;
  await popup.waitForURL(`**/studies/${first}/viewer/general`);
  const saved = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('laudos.viewerMonitor')")) ?? 'null') as unknown;
  expect(saved).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
  await eventually(() => button().getAttribute('data-state'), (s) => s === 'open', { what: 'the button showing the window open' });

  // The next study on this page: the viewer window follows.
  await page.goto(`${suite.platform.url}/studies/report/${second}`);
  await button().click(); // the window (same name) is reused for this study
  await popup.waitForURL(`**/studies/${second}/viewer/general`);

  await popup.close();
  await eventually(() => button().getAttribute('data-state'), (s) => s === 'closed', {
    timeout: 3_000,
    what: 'the closed window noticed by the 500 ms check',
  });
});

test('a blocked pop-up prompts the user to allow pop-ups', async () => {
  await page.evaluate('window.open = () => null'); // what a pop-up blocker answers
  await button().click();
  await page.getByTestId('monitor-popup-blocked').waitFor();
  expect(await page.getByTestId('monitor-popup-blocked').innerText()).toContain('Permita pop-ups');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'second-monitor-blocked.png') });
});
