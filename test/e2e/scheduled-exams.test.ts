/**
 * The worklist 'agendados' (issue 17, spec 2 §1 and §7): the account's scheduled exams from the
 * study list's link, soonest first, with their exam and report statuses; filtered by status and
 * by day; the exam status changed from the row after a confirmation and followed live by
 * another window; ↑/↓ and Enter open the exam's report, which is written and finished under
 * /scheduledExam and goes back to the worklist.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;
let token: string;
const ids: string[] = [];

const rowIds = (p: Page) =>
  p.getByTestId('worklist-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-exam-id')!));
const statusOf = (p: Page, id: string) =>
  p.locator(`[data-exam-id="${id}"] [data-exam-status]`).first().getAttribute('data-exam-status');

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 1,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_CHANGE_EXAM_STATUS'] },
  });
  // Booked for 2 Dec 2026 at 01:30, 09:00 and 16:00 in São Paulo (03:30, 12:00, 19:00 UTC),
  // created in another order: the worklist reads soonest first.
  const booked = ['2026-12-02T12:00:00Z', '2026-12-02T04:30:00Z', '2026-12-02T19:00:00Z'];
  for (const [n, at] of booked.entries()) {
    const id = await createScheduledExam(suite.knex, t, n === 2 ? 'MG' : 'US');
    await suite.knex('studies').where({ id }).update({ scheduled_at: at, exam_status: n === 0 ? 'CALL_PATIENT' : 'SCHEDULED' });
    ids.push(id);
  }
  token = await login(suite.api, t.users.doctor!.username);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, { viewport: { width: 1280, height: 860 } });
  page.context().setDefaultTimeout(15_000);
});

test('the study list links to the agendados, soonest first with both statuses', async () => {
  await page.getByTestId('worklist-link').click();
  await page.waitForURL('**/scheduled-exams');
  await page.getByTestId('worklist-row').first().waitFor();
  expect(await rowIds(page)).toEqual([ids[1], ids[0], ids[2]]);
  const first = page.locator(`[data-exam-id="${ids[1]}"]`);
  expect(await first.locator('td').first().innerText()).toContain('02/12/2026 01:30');
  expect(await statusOf(page, ids[0]!)).toBe('CALL_PATIENT');
  expect(await first.innerText()).toContain('Não iniciado');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'scheduled-exams.png'), fullPage: true });
});

test('filters by exam status and by day', async () => {
  await page.getByTestId('worklist-filter-CALL_PATIENT').click();
  await eventually(() => rowIds(page), (r) => r.length === 1 && r[0] === ids[0], { what: 'only the exam calling its patient' });
  expect(page.url()).toContain('examStatus=CALL_PATIENT');
  await page.getByTestId('worklist-clear').click();
  await eventually(() => rowIds(page), (r) => r.length === 3, { what: 'all three again' });
  await page.getByTestId('worklist-from').fill('2026-12-03');
  await page.getByTestId('worklist-empty').waitFor();
  expect(await page.getByTestId('worklist-empty').innerText()).toBe('Nenhum exame agendado corresponde aos filtros escolhidos.');
  await page.getByTestId('worklist-clear').click();
  await eventually(() => rowIds(page), (r) => r.length === 3, { what: 'all three again' });
});

test('the exam status changes after a confirmation, and another window follows it live', async () => {
  const other = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    viewport: { width: 1280, height: 860 },
  });
  try {
    await other.goto(`${suite.platform.url}/scheduled-exams`);
    await other.getByTestId('worklist-row').first().waitFor();
    await page.locator(`[data-exam-id="${ids[2]}"]`).getByTestId('worklist-status').click();
    await page.getByTestId('worklist-status-IN_PROGRESS').click();
    const confirm = page.getByTestId('worklist-status-confirm');
    expect(await confirm.innerText()).toContain('Alterar o status do exame para "Em andamento"?');
    // Cancelling changes nothing.
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect((await suite.knex('studies').where({ id: ids[2] }).first('exam_status')).exam_status).toBe('SCHEDULED');

    await page.locator(`[data-exam-id="${ids[2]}"]`).getByTestId('worklist-status').click();
    await page.getByTestId('worklist-status-IN_PROGRESS').click();
    await page.getByTestId('worklist-status-confirm').getByRole('button', { name: 'Confirmar' }).click();
    await eventually(() => statusOf(page, ids[2]!), (s) => s === 'IN_PROGRESS', { what: 'the new status shown' });
    expect((await suite.knex('studies').where({ id: ids[2] }).first('exam_status')).exam_status).toBe('IN_PROGRESS');
    // The other window, without a reload.
    await eventually(() => statusOf(other, ids[2]!), (s) => s === 'IN_PROGRESS', { what: 'the other window follows', timeout: 5_000 });
    // A change made elsewhere (the API) reaches this page live too.
    const res = await suite.api('PUT', `/scheduledExam/${ids[1]}/exam-status`, { token, body: { status: 'CANCELED' } });
    expect(res.status).toBe(200);
    await eventually(() => statusOf(page, ids[1]!), (s) => s === 'CANCELED', { what: 'a change made elsewhere', timeout: 5_000 });
  } finally {
    await other.context().close();
  }
});

test('↑/↓ and Enter open the report, written and finished under /scheduledExam', async () => {
  await page.locator(`[data-exam-id="${ids[1]}"]`).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/scheduledExam/report/${ids[0]}`);
  await page.getByTestId('start-report').waitFor();
  expect(await page.getByTestId('report-scheduled-at').innerText()).toContain('02/12/2026 09:00');
  // Images, files and study maintenance are a study's: not offered here.
  expect(await page.getByTestId('open-viewer').count()).toBe(0);
  await page.getByTestId('start-report').click();
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Ultrassonografia de abdome sem alterações.');
  // No images to select: finishing does not stop at 'Selecionar Imagens'.
  await page.getByTestId('finish-report').click();
  const { laudo_id: laudoId } = await suite.knex('studies').where({ id: ids[0] }).first('laudo_id');
  await eventually(
    async () => (await suite.knex('laudos').where({ id: laudoId }).first('state')).state,
    (s) => s === 2,
    { what: 'the report finished' },
  );
  // Finishing leaves the editor for the worklist, where the row shows the finished report.
  await page.waitForURL('**/scheduled-exams');
  await eventually(
    async () => (await page.locator(`[data-exam-id="${ids[0]}"]`).innerText().catch(() => '')).includes('Concluído'),
    (ok) => ok,
    { what: 'the finished report in the row' },
  );
});
