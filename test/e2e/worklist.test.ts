/**
 * The worklist (issue 17): dense mode keeps each study on one line and cuts a long name with
 * its tooltip; the column chooser and the dense mode are kept with the user (across a
 * reload); urgency and the routine's remaining time as columns; ↑/↓ move between rows and
 * Enter opens; 'most recently received' order and the 'latest studies received' view; a saved
 * filter applies; the row actions stay in view at 1024 and 1440 px; offline, a new search
 * says so instead of leaving the previous rows. Screenshots of dense mode and 1024 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reachableAtCentre, signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
const LONG_NAME = 'Maria Aparecida dos Santos Nascimento Figueiredo de Albuquerque Cavalcanti';
let t: Tenant;
let page: Page;
let ids: string[];
let token: string;

const rowIds = async (p: Page) =>
  (await p.locator('[data-testid^="study-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')))).map((x) =>
    x!.replace('study-row-', ''),
  );

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 3, users: { doctor: DOCTOR_PERMISSIONS } });
  ids = t.studyIds; // exam dates 1, 2 and 3 Nov: the exam order (newest first) is 2, 1, 0
  await suite.knex('patients').where({ account_id: t.accountId }).update({ name: LONG_NAME });
  const [routine] = await suite
    .knex('routines')
    .insert({ account_id: t.accountId, name: 'Urgente', duration_minutes: 60, alert_minutes: 30, color: '#d32f2f' })
    .returning('id');
  // Received 5, 40 and 90 min ago: on time, in alert, overdue; the arrival order is 0, 1, 2.
  for (const [n, minutes] of [5, 40, 90].entries())
    await suite
      .knex('studies')
      .where({ id: ids[n] })
      .update({ received_at: new Date(Date.now() - minutes * 60_000), routine_id: routine.id });
  token = await login(suite.api, t.users.doctor!.username);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, { viewport: { width: 1400, height: 900 } });
  page.context().setDefaultTimeout(15_000);
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
});

test('urgency and remaining time show as columns', async () => {
  expect(await page.getByTestId(`study-urgency-${ids[0]}`).getAttribute('data-status')).toBe('onTime');
  expect(await page.getByTestId(`study-urgency-${ids[1]}`).getAttribute('data-status')).toBe('alert');
  expect(await page.getByTestId(`study-urgency-${ids[2]}`).getAttribute('data-status')).toBe('overdue');
  expect(await page.getByTestId(`study-urgency-${ids[2]}`).textContent()).toBe('Atrasado');
  expect(await page.getByTestId(`study-remaining-${ids[0]}`).textContent()).toMatch(/^5[45]min$/);
  expect(await page.getByTestId(`study-remaining-${ids[2]}`).textContent()).toMatch(/3\dmin/);
  const headers = await page.locator('thead th').allTextContents();
  expect(headers).toEqual(expect.arrayContaining(['Urgência', 'Tempo restante']));
});

test('dense mode: one line per row, a cut name has its tooltip', async () => {
  const normal = (await page.getByTestId(`study-row-${ids[0]}`).boundingBox())!.height;
  await page.getByTestId('studies-dense').click();
  await expect_(async () => (await page.getByTestId('studies-dense').getAttribute('aria-pressed')) === 'true');
  for (const id of ids) {
    const h = (await page.getByTestId(`study-row-${id}`).boundingBox())!.height;
    expect(h).toBeLessThan(40);
    expect(h).toBeLessThan(normal);
  }
  const name = page.getByTestId(`study-name-${ids[0]}`);
  const lines = await page.evaluate(
    `(() => { const el = document.querySelector('[data-testid="study-name-${ids[0]}"]'); return Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)); })()`,
  );
  expect(lines).toBe(1);
  await name.hover();
  expect(await name.getAttribute('data-cut')).toBe('true');
  await page.getByRole('tooltip').filter({ hasText: LONG_NAME }).waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'worklist-dense.png') });
  await page.mouse.move(0, 0);
});

test('the column chooser and dense mode are kept with the user across a reload', async () => {
  expect(await page.locator('thead th').allTextContents()).toContain('Nº de acesso');
  await page.getByTestId('studies-columns').click();
  await page.getByTestId('studies-column-accessionNumber').click();
  await page.getByTestId('studies-column-doctor').click();
  await page.keyboard.press('Escape');
  expect(await page.locator('thead th').allTextContents()).not.toContain('Nº de acesso');
  // Written to the user's settings on the server.
  await expect_(async () => {
    const res = await suite.api('GET', '/users/config/STUDY_LIST_VIEW', { token });
    const value = JSON.parse(String((res.body as { value: string | null }).value ?? '{}')) as { hidden?: string[] };
    return JSON.stringify(value.hidden) === JSON.stringify(['accessionNumber', 'doctor']);
  });
  await page.reload();
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
  const headers = await page.locator('thead th').allTextContents();
  expect(headers).not.toContain('Nº de acesso');
  expect(headers).not.toContain('Médico');
  expect(headers).toContain('Urgência');
  expect(await page.getByTestId('studies-dense').getAttribute('aria-pressed')).toBe('true');
});

test('↑/↓ move between rows and Enter opens the focused study', async () => {
  const order = await rowIds(page);
  expect(order).toEqual([ids[2], ids[1], ids[0]]);
  await page.getByTestId(`study-row-${order[0]}`).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe(`study-row-${order[2]}`);
  await page.keyboard.press('ArrowUp');
  expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe(`study-row-${order[1]}`);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/studies/report/${order[1]}`);
  await page.goBack();
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
});

test("'most recently received' order and the 'latest studies received' view", async () => {
  await page.getByTestId('filter-sort').click();
  await page.getByTestId('filter-sort-received').click();
  await page.waitForURL(/sort=received/);
  await expect_(async () => JSON.stringify(await rowIds(page)) === JSON.stringify([ids[0], ids[1], ids[2]]));
  // The view chip shows it active; a click leaves it for the default order, another comes back.
  expect(await page.getByTestId('studies-latest-received').getAttribute('aria-pressed')).toBe('true');
  await page.getByTestId('studies-latest-received').click();
  await expect_(async () => JSON.stringify(await rowIds(page)) === JSON.stringify([ids[2], ids[1], ids[0]]));
  await page.getByTestId('studies-latest-received').click();
  await expect_(async () => JSON.stringify(await rowIds(page)) === JSON.stringify([ids[0], ids[1], ids[2]]));
  // The API orders by arrival too.
  const res = await suite.api('GET', '/studies?orderBy=received&sort=desc', { token });
  expect((res.body as { studies: { id: string }[] }).studies.map((s) => s.id)).toEqual([ids[0], ids[1], ids[2]]);
});

test('a saved filter applies', async () => {
  const accession = (await suite.knex('studies').where({ id: ids[1] }).first('accession_number')).accession_number as string;
  const saved = { [`savedFilters:${t.accountId}`]: [{ name: 'Só o segundo', query: `q=${accession}` }] };
  expect((await suite.api('POST', '/users/config', { token, body: { key: 'SAVED_FILTERS', value: JSON.stringify(saved) } })).status).toBe(200);
  await page.goto(`${suite.platform.url}/studies`); // a new page load reads the user's settings
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
  await page.getByTestId('saved-filters').click();
  await page.getByTestId('saved-filter-Só o segundo').click();
  await page.waitForURL(new RegExp(`q=${accession}`));
  await expect_(async () => JSON.stringify(await rowIds(page)) === JSON.stringify([ids[1]]));
  await page.goto(`${suite.platform.url}/studies`);
});

test.each([1024, 1440])('the row actions are in view at %i px', async (width) => {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
  if (width === 1024) await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'worklist-1024.png') });
  for (const id of ids)
    for (const action of ['study-labels', 'study-maintenance', 'study-versions', 'study-open-viewer', 'study-open-new']) {
      const button = page.getByTestId(`${action}-${id}`);
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Nothing covers it: a click at its centre reaches it.
      const hit = await reachableAtCentre(page, `${action}-${id}`);
      expect({ action, id, hit }).toEqual({ action, id, hit: true });
    }
  await page.setViewportSize({ width: 1400, height: 900 });
});

test('offline, a new search says so instead of leaving the previous rows', async () => {
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
  await page.context().setOffline(true);
  await page.getByTestId('filter-text-input').fill('Figueiredo');
  await page.getByTestId('studies-offline').waitFor();
  expect(await page.getByTestId('studies-offline').textContent()).toContain('Sem conexão');
  expect(await page.locator('[data-testid^="study-row-"]').count()).toBe(0);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'worklist-offline.png') });
  // Back online, the search runs and its rows show.
  await page.context().setOffline(false);
  await page.getByTestId(`study-row-${ids[0]}`).waitFor();
  expect(await page.getByTestId('studies-offline').count()).toBe(0);
});

/** Waits until `check` holds (10 s). */
async function expect_(check: () => Promise<boolean>) {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in 10 s');
    await new Promise((r) => setTimeout(r, 150));
  }
}
