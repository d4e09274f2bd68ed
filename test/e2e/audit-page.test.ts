/**
 * The audit page in Chromium (issue 14): the account administrator opens /admin/audit, sees
 * who opened which patient's study, filters by one user and exports the CSV — which holds
 * that user's rows only. Also usable at 390 px (no sideways scroll). Screenshots under
 * test-results/e2e.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { type Tenant, DOCTOR_PERMISSIONS, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `audit-${name}.png`), fullPage: true });
const overflowsSideways = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');
const rowActions = (page: Page) => page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
const rowUsers = (page: Page) => page.getByTestId('audit-row-user').allInnerTexts();

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { admin: [], doctor: DOCTOR_PERMISSIONS, typist: DOCTOR_PERMISSIONS } });
  await suite.knex('user_accounts').where({ account_id: t.accountId, user_id: t.users.admin!.id }).update({ is_admin: true });
  const tokens = await loginTokens(suite.api, { doctor: t.users.doctor!, typist: t.users.typist! });
  expect((await suite.api('GET', `/studies/${t.studyIds[0]}`, { token: tokens.doctor })).status).toBe(200);
  expect((await suite.api('GET', `/studies/${t.studyIds[0]}`, { token: tokens.typist })).status).toBe(200);
});

test('the administrator filters the audit log by a user and exports it as CSV', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  await page.goto(`${suite.platform.url}/admin/audit`);
  await page.getByTestId('audit-table').waitFor();
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Auditoria');
  const everyone = await rowUsers(page);
  expect(everyone).toEqual(expect.arrayContaining([t.users.doctor!.name, t.users.typist!.name, t.users.admin!.name]));
  const reads = page.locator('[data-testid="audit-row"][data-action="study.read"]');
  expect(await reads.count()).toBe(2);
  expect(await reads.first().innerText()).toContain('Abriu o exame');
  expect(await reads.first().innerText()).toMatch(/Paciente /);
  await shot(page, 'all-1400');

  // Filter by the doctor: only the doctor's rows remain (their login and the study read).
  await page.getByRole('combobox', { name: 'Usuário' }).click();
  await page.getByTestId(`audit-user-${t.users.doctor!.username}`).click();
  const doctorOnly = (users: string[]) => users.length === 2 && users.every((u) => u === t.users.doctor!.name);
  await eventually(() => rowUsers(page), doctorOnly, { what: "the doctor's rows only" });
  expect(await rowActions(page)).toEqual(['study.read', 'auth.login']);

  // A kind of action narrows it further; one with no rows shows the empty state.
  await page.getByRole('combobox', { name: 'Ação' }).click();
  await page.getByRole('option', { name: 'Transições de laudo' }).click();
  await page.getByTestId('audit-empty').waitFor();
  await page.getByRole('combobox', { name: 'Ação' }).click();
  await page.getByRole('option', { name: 'Todas' }).click();
  await eventually(() => rowUsers(page), doctorOnly, { what: "the doctor's rows again" });
  expect(await rowActions(page)).toEqual(['study.read', 'auth.login']);
  await shot(page, 'doctor-1400');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toBe('auditoria.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^"id","at","action","user_id","user",/);
  expect(lines.slice(1).map((l) => l.split('","')[2])).toEqual(['study.read', 'auth.login']);
  for (const line of lines.slice(1)) expect(line).toContain(`"${t.users.doctor!.id}","${t.users.doctor!.name}"`);
  // The export is audited, as the administrator's.
  const exported = await eventually(
    () => suite.knex('audit_log').where({ action: 'audit.export', user_id: t.users.admin!.id }).first(),
    (row) => row !== undefined,
    { what: 'the export audited' },
  );
  expect(exported).toMatchObject({ account_id: t.accountId, detail: { userId: t.users.doctor!.id } });
});

test('is usable at 390 px', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, { viewport: { width: 390, height: 844 } });
  await page.goto(`${suite.platform.url}/admin/audit`);
  await page.getByTestId('audit-table').waitFor();
  expect(await page.getByTestId('audit-row').count()).toBeGreaterThan(2);
  expect(await overflowsSideways(page)).toBe(false);
  await page.getByTestId('audit-filter-from').fill('31/02/2026');
  await page.getByText('dd/mm/aaaa').first().waitFor();
  expect(await page.getByTestId('audit-export').isDisabled()).toBe(true);
  await page.getByTestId('audit-filter-from').fill('');
  await shot(page, 'list-390');
});
