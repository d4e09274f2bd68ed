/**
 * Management reports in Chromium (issue 18): a coordinator holding MANAGEMENT_REPORTS_READ (not
 * an administrator) finds 'Relatórios' in the app bar, sees this week's productivity per
 * doctor, exports it as XLSX, reads the management report's figures, is told plainly that the
 * management report covers at most 30 days, and sees the canceled exam; a doctor without the
 * permission has no link and is refused. Usable at 390 px. Screenshots under test-results/e2e.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { type Tenant, DOCTOR_PERMISSIONS, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `management-${name}.png`), fullPage: true });
const overflowsSideways = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 3,
    users: { coordinator: ['MANAGEMENT_REPORTS_READ'], doctor: DOCTOR_PERMISSIONS },
  });
  const k = suite.knex;
  // Two reports done by the doctor an hour ago, 45 and 75 minutes after their studies arrived.
  const done = new Date(Date.now() - 60 * 60_000);
  for (const [n, turnaround, state] of [
    [0, 45, 2],
    [1, 75, 3],
  ] as const) {
    const study = await k('studies').where({ id: t.studyIds[n] }).first('laudo_id');
    await k('studies')
      .where({ id: t.studyIds[n] })
      .update({
        received_at: new Date(done.getTime() - turnaround * 60_000),
        laudo_state: state,
        laudo_user_id: t.users.doctor!.id,
      });
    await k('laudos').where({ id: study.laudo_id }).update({ state, version: 1, user_id: t.users.doctor!.id, finished_at: done });
  }
  await k('studies').where({ id: t.studyIds[2] }).update({ exam_status: 'CANCELED' });
});

test('a coordinator reads productivity, the management report and canceled exams, and exports', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.coordinator!.username);
  await page.getByTestId('management-menu').click();
  await page.getByTestId('productivity-table').waitFor();
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Relatórios de gestão');
  expect(await page.title()).toContain('Relatórios de gestão');
  const row = page.getByTestId('productivity-row');
  expect(await row.count()).toBe(1);
  const cells = await row.locator('th, td').allInnerTexts();
  expect(cells.slice(0, 6)).toEqual([t.users.doctor!.name, '2', '1', '2', '1h 00min', '1h 12min']);
  expect(cells[6]).toBe('CT · TC de crânio: 2');
  await shot(page, 'productivity-1400');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('management-export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^productivity-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.getByTestId('management-tab-summary').click();
  await page.getByTestId('summary-chart').waitFor();
  expect(await page.getByTestId('summary-finished').innerText()).toBe('2');
  expect(await page.getByTestId('summary-p50').innerText()).toBe('1h 00min');
  await shot(page, 'summary-1400');

  // 40 days: the management report says it covers at most 30 and asks nothing of the server.
  const from = new Date(Date.now() - 40 * 86_400_000);
  const typed = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(from);
  await page.getByTestId('management-from').fill(typed);
  expect(await page.getByTestId('management-too-long').innerText()).toBe(
    'O relatório gerencial é limitado a intervalos de até 30 dias.',
  );
  // Productivity has no such limit.
  await page.getByTestId('management-tab-productivity').click();
  await page.getByTestId('productivity-table').waitFor();

  await page.getByTestId('management-tab-canceled').click();
  await page.getByTestId('canceled-table').waitFor();
  expect(await page.getByTestId('canceled-row').count()).toBe(1);
});

test('a doctor without the permission has no link and is refused; the page fits 390 px', async () => {
  const doctor = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await doctor.getByTestId('overdue-menu').waitFor();
  expect(await doctor.getByTestId('management-menu').count()).toBe(0);
  await doctor.goto(`${suite.platform.url}/management`);
  await doctor.getByTestId('management-forbidden').waitFor();

  const phone = await signedInPage(suite.browser, suite.platform.url, t.users.coordinator!.username, {
    viewport: { width: 390, height: 844 },
  });
  await phone.goto(`${suite.platform.url}/management?tab=summary`);
  await phone.getByTestId('summary-chart').waitFor();
  expect(await overflowsSideways(phone)).toBe(false);
  await shot(phone, 'summary-390');
});
