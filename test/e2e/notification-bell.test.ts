/**
 * Deadline alerts end to end (issue 18, ADR 028): a study 2 h past its deadline, the sweep
 * workflow run by the platform's own worker through Temporal, and the doctor's open page —
 * the bell's badge turns 1 without a reload (live, on the user's topic), the list links to the
 * study's report and opening it marks it read; 'Exames em atraso' lists the study as late.
 */
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;
let studyId: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  studyId = t.studyIds[0]!;
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, { viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await page?.context().close();
});

async function runSweep(): Promise<void> {
  const connection = await Connection.connect({ address: suite.config.TEMPORAL_ADDRESS! });
  try {
    await new Client({ connection }).workflow.execute('deadlineSweepWorkflow', {
      taskQueue: suite.config.TEMPORAL_TASK_QUEUE,
      workflowId: `e2e-sweep-${randomUUID()}`,
      args: [],
    });
  } finally {
    await connection.close();
  }
}

test('the sweep lights the bell live; the notification opens the study and is read; the overdue page lists it', async () => {
  const bell = page.getByTestId('notification-bell');
  await bell.waitFor();
  expect(await bell.getAttribute('aria-label')).toBe('Notificações: 0 não lida');

  const routine = await suite.knex('routines').where({ account_id: t.accountId, is_default: true }).first('id');
  await suite
    .knex('studies')
    .where({ id: studyId })
    .update({ routine_id: routine.id, received_at: new Date(Date.now() - (1440 + 120) * 60_000), laudo_user_id: t.users.doctor!.id });
  await runSweep();
  await page.locator('[data-testid=notification-bell][aria-label="Notificações: 1 não lida"]').waitFor({ timeout: 15_000 });

  await bell.click();
  const item = page.locator('[data-testid^=notification-][data-unread=true]');
  await item.waitFor();
  expect(await item.innerText()).toContain('Exame em atraso');
  await item.click();
  await page.waitForURL(`**/studies/report/${studyId}`);
  await page.locator('[data-testid=notification-bell][aria-label="Notificações: 0 não lida"]').waitFor({ timeout: 15_000 });

  await page.getByTestId('overdue-menu').click();
  const row = page.getByTestId(`overdue-${studyId}`);
  await row.waitFor();
  const text = await row.innerText();
  expect(text).toContain('Padrão');
  expect(text).toMatch(/2h 0\dmin de atraso/);
  expect(text).toContain(t.users.doctor!.name);
});
