/**
 * Users by account in Chromium (issue 14): the account administrator finds a user on
 * /admin/users, gives them a role in an institution, and the user's open page sees that
 * institution's studies after a reload; the administrator takes the role away and the user's
 * open page loses the access at once — over HTTP (the list) and live (its live connection is
 * closed and the institution's changes no longer reach it). Screenshots at desktop and 390 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true, overrides: { LOGIN_RATE_PER_MINUTE: '1000' } });
let t: Tenant;
let second: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 2,
    users: { admin: [], doctor: ['STUDIES_SAVE_REPORTS'], reporter: DOCTOR_PERMISSIONS },
  });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
  // The doctor starts in a second institution (no studies) only.
  [{ id: second }] = await suite
    .knex('institutions')
    .insert({ account_id: t.accountId, name: 'Clínica Segunda' })
    .returning('id');
  await suite.knex('user_institution_roles').where({ user_id: t.users.doctor!.id }).update({ institution_id: second });
});

/** Every text the page's live connections receive (MQTT frames as text). */
function liveFrames(page: Page): { frames: string[]; closed: number } {
  const seen = { frames: [] as string[], closed: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/mqtt')) return;
    ws.on('framereceived', (f) => seen.frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('latin1')));
    ws.on('close', () => seen.closed++);
  });
  return seen;
}

async function pick(page: Page, combo: ReturnType<Page['getByRole']>, option: string): Promise<void> {
  await combo.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openRoles(admin: Page): Promise<void> {
  await admin.getByTestId('users-search').fill(t.users.doctor!.username);
  // The search applies a moment after typing stops; the page is busy until it is answered.
  await admin.locator('[data-testid="users-page"][aria-busy="false"]').waitFor();
  await admin.locator(`[data-testid="user-row-${t.users.doctor!.id}"]`).waitFor();
  // only the doctor is left
  await eventually(
    () => admin.locator('[data-testid^="user-row-"]').count(),
    (n) => n === 1,
  );
  await admin.getByTestId(`user-row-${t.users.doctor!.id}`).press('Enter'); // keyboard opens it
  await admin.getByTestId('drawer-tab-roles').click();
}

test('the administrator gives a role, the user sees the studies after a reload; takes it away, the open page loses them at once', async () => {
  const user = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const live = liveFrames(user);
  await user.getByTestId('studies-empty').or(user.locator('[data-testid^="study-row-"]')).first().waitFor();
  expect(await user.locator(`[data-testid="study-row-${t.studyIds[0]}"]`).count()).toBe(0);

  const admin = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  await admin.goto(`${suite.platform.url}/admin/users`);
  await admin.getByTestId('users-table').waitFor();
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-list.png') });
  await openRoles(admin);
  await admin.getByTestId('role-add').click();
  const pair = admin.getByTestId('role-pair').nth(1);
  await pick(
    admin,
    pair.getByRole('combobox').nth(0),
    (await suite.knex('institutions').where({ id: t.institutionId }).first('name')).name,
  );
  await pick(admin, pair.getByRole('combobox').nth(1), 'role-doctor');
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-roles.png') });
  await admin.getByTestId('roles-save').click();
  await admin.getByText('Alterações salvas.').waitFor();

  await user.reload();
  await user.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await user.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });

  // Live works for the new institution: another user's change arrives.
  const reporter = await login(suite.api, t.users.reporter!.username);
  expect((await suite.api('POST', `/studies/${t.studyIds[0]}/reports/start`, { token: reporter, body: {} })).status).toBe(200);
  await eventually(
    () => live.frames.some((f) => f.includes(t.studyIds[0]!)),
    (v) => v,
    { timeout: 10_000 },
  );

  // Revoke: the institution's pair goes.
  const closedBefore = live.closed;
  await admin.getByTestId('role-pair').nth(1).getByRole('button').click();
  await admin.getByTestId('roles-save').click();
  await eventually(
    () => live.closed,
    (v) => v > closedBefore,
    { timeout: 10_000 },
  ); // live link closed at once
  // HTTP: the next call of the open page (a new text filter) no longer lists the studies.
  await user.getByTestId('filter-text-input').fill('Paciente');
  await eventually(
    () => user.locator(`[data-testid="study-row-${t.studyIds[0]}"]`).count(),
    (v) => v === 0,
    { timeout: 10_000 },
  );
  await user.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });
  // Live: a change in the lost institution no longer reaches the page.
  const framesBefore = live.frames.length;
  expect((await suite.api('POST', `/studies/${t.studyIds[1]}/reports/start`, { token: reporter, body: {} })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 3000));
  expect(live.frames.slice(framesBefore).some((f) => f.includes(t.studyIds[1]!))).toBe(false);
  expect(user.url()).toContain('/studies');
});

test('the page at 390 px and in English: list, drawer and its security tab', async () => {
  const admin = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, {
    viewport: { width: 390, height: 844 },
    appLang: 'en',
  });
  await admin.goto(`${suite.platform.url}/admin/users`);
  await admin.getByTestId('users-table').waitFor();
  expect(await admin.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-390.png') });
  await admin.getByTestId(`user-row-${t.users.reporter!.id}`).click();
  await admin.getByTestId('drawer-tab-security').click();
  await admin.getByTestId('security-passwordChange').click();
  await admin.getByTestId('confirm-dialog').waitFor();
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-390-confirm.png') });
  await admin.getByTestId('confirm-ok').click();
  await admin.getByText('Password change required.').waitFor();
  expect(
    (await suite.knex('users').where({ id: t.users.reporter!.id }).first('password_change_required')).password_change_required,
  ).toBe(true);
  await admin.getByTestId('drawer-tab-data').click();
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-390-drawer.png') });
});

test("a veterinary account's administrator (the other brand), in Spanish: the list, the invite dialog and the seniority labels", async () => {
  const vet = await createTenant(suite.knex, { studies: 0, isForHuman: false, users: { admin: [], vet: [] } });
  await suite.knex('user_accounts').where({ user_id: vet.users.admin!.id }).update({ is_admin: true });
  const admin = await signedInPage(suite.browser, suite.platform.url, vet.users.admin!.username, { appLang: 'es' });
  await admin.goto(`${suite.platform.url}/admin/users`);
  await admin.getByTestId('users-table').waitFor();
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-vet-es.png') });
  await admin.getByTestId(`user-row-${vet.users.vet!.id}`).click();
  await admin.getByRole('combobox', { name: 'Seniority' }).click();
  expect(await admin.getByRole('option').allInnerTexts()).toEqual(['—', 'Residente', 'Semi-senior', 'Senior']);
  await admin.keyboard.press('Escape');
  await admin.getByTestId('drawer-close').click();
  await admin.getByTestId('users-invite').click();
  await admin.getByTestId('invite-dialog-email').fill(`nuevo.${vet.accountId.slice(0, 8)}@test.laudos`);
  await admin.screenshot({ path: path.join(E2E_ARTIFACTS, 'admin-users-vet-invite.png') });
  await admin.getByTestId('invite-dialog-send').click();
  await admin.getByTestId('users-status').locator('..').getByRole('combobox').click();
  await admin.getByRole('option', { name: 'Invitado' }).click();
  await admin.locator('[data-testid^="invitation-row-"]').waitFor();
  expect(await admin.locator('[data-testid^="invitation-row-"]').count()).toBe(1);
});
