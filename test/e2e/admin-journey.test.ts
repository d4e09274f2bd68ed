/**
 * Issue 14's whole administration journey in Chromium, as the account administrator: create an
 * institution → invite a user by e-mail → the invitee completes the registration from the mailed
 * link → a role with a shift (a schedule whose period holds 'now' in the account's time zone) is
 * given in the new institution → the user logs in and sees exactly that institution's studies;
 * when the shift ends under the open page (the clock passes its end: nobody is told), the broker's
 * shift check cuts the live connection and the page shows no access without a reload; the role
 * taken away, the user's open page loses the access at once: its live connection is closed, the
 * list empties with no action of the user, the token is refused, and the institution's changes
 * no longer reach it live.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Knex } from 'knex';
import { wallClock } from '../../domain/auth/shifts';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { latestMailTo, newPerson } from '../support/signup';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(240_000);

const suite = platformSuite({ web: true, overrides: { LOGIN_RATE_PER_MINUTE: '1000', LIVE_SHIFT_RECHECK_SECONDS: '1' } });
let t: Tenant;

beforeAll(async () => {
  // The other institution (createTenant's) holds two studies the new user must never see.
  t = await createTenant(suite.knex, { studies: 2, users: { admin: [], reporter: DOCTOR_PERMISSIONS } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `admin-journey-${name}.png`), fullPage: true });

/** Studies of `institutionId` inserted as the DICOM intake would leave them (as createTenant does). */
async function insertStudies(knex: Knex, accountId: string, institutionId: string, count: number): Promise<string[]> {
  const patient = await knex('patients').where({ account_id: accountId }).first('id');
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const [laudo] = await knex('laudos').insert({ account_id: accountId, institution_id: institutionId }).returning('id');
    const [study] = await knex('studies')
      .insert({
        account_id: accountId,
        institution_id: institutionId,
        patient_ref: patient.id,
        study_instance_uid: `1.2.826.0.1.3680043.10.1453.${Date.now()}.9${n}.${Math.floor(Math.random() * 1e6)}`,
        accession_number: `NORTE-${Date.now()}-${n}`,
        modalities: ['MR'],
        exam_type: 'RM de joelho',
        exam_date: new Date(Date.UTC(2026, 10, 10 + n, 10)),
        laudo_id: laudo.id,
      })
      .returning('id');
    ids.push(study.id);
  }
  return ids;
}

/** Live connections of the page: frames received (as text) and how many closed. */
function liveFrames(page: Page): { frames: string[]; opened: number; closed: number } {
  const seen = { frames: [] as string[], opened: 0, closed: 0 };
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/mqtt')) return;
    seen.opened++;
    ws.on('framereceived', (f) => seen.frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('latin1')));
    ws.on('close', () => seen.closed++);
  });
  return seen;
}

/** Opens the schedule called `name` (new when absent) and sets its one period to `weekday` 00:00–23:59. */
async function editSchedule(admin: Page, name: string, weekday: number, isNew: boolean): Promise<void> {
  await admin.goto(`${suite.platform.url}/admin/schedules`);
  if (isNew) {
    await admin.getByTestId('schedule-new').click();
  } else {
    await admin.getByTestId(`schedule-${name}`).getByRole('button', { name: 'Editar', exact: true }).click();
  }
  const editor = admin.getByTestId('schedule-editor');
  await editor.getByTestId('schedule-name').fill(name);
  await editor.getByTestId('period-0-start').fill('00:00');
  await editor.getByTestId('period-0-end').fill('23:59');
  await editor.getByRole('combobox').first().click();
  await admin.getByRole('option').nth(weekday).click();
  await editor.getByTestId('schedule-save').click();
  await editor.waitFor({ state: 'detached' });
}

/** The rows of the user's study list once it settled (the list, its empty state or no access). */
async function visibleStudies(page: Page): Promise<string[]> {
  await page
    .locator('[data-testid="studies-empty"], [data-testid="no-access"], [data-testid^="study-row-"]')
    .first()
    .waitFor();
  const ids = await page
    .locator('[data-testid^="study-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('study-row-'.length)));
  return ids.sort();
}

test('institution → invitation → registration → role with a shift → exactly that institution, only in the shift → revoked at once', async () => {
  const base = suite.platform.url;
  const { time_zone: timeZone } = await suite.knex('accounts').where({ id: t.accountId }).first('time_zone');
  const today = wallClock(new Date(), timeZone).weekday;

  // 1. The administrator creates an institution.
  const admin = await signedInPage(suite.browser, base, t.users.admin!.username);
  await admin.getByTestId('admin-menu').click();
  await admin.getByTestId('admin-nav').waitFor();
  await admin.getByTestId('admin-nav-institutions').click();
  await admin.getByTestId(`institution-row-${t.institutionId}`).waitFor();
  await admin.getByTestId('institution-new').click();
  await admin.getByTestId('institution-name').fill('Unidade Norte');
  await admin.getByTestId('institution-save').click();
  await admin.getByTestId('institution-dialog').waitFor({ state: 'detached' });
  const north = await eventually(
    () => suite.knex('institutions').where({ account_id: t.accountId, name: 'Unidade Norte' }).first('id'),
    (row) => row !== undefined,
    { what: 'the institution created' },
  );
  await admin.getByTestId(`institution-row-${north.id}`).waitFor();
  await shot(admin, 'institution');
  const northStudies = await insertStudies(suite.knex, t.accountId, north.id, 2);
  // A reporting doctor works there too (their changes are what the user's page hears live).
  const reporterRole = await suite.knex('user_institution_roles').where({ user_id: t.users.reporter!.id }).first('role_id');
  await suite.knex('user_institution_roles').insert({
    account_id: t.accountId,
    user_id: t.users.reporter!.id,
    institution_id: north.id,
    role_id: reporterRole.role_id,
  });

  // 2. The administrator invites an e-mail on the users page.
  const person = newPerson();
  await admin.getByTestId('admin-nav-users').click();
  await admin.getByTestId('users-table').waitFor();
  await admin.getByTestId('users-invite').click();
  await admin.getByTestId('invite-dialog-email').fill(person.email);
  await admin.getByTestId('invite-dialog-send').click();
  await admin.getByTestId('invite-dialog').waitFor({ state: 'detached' });
  const mail = await eventually(
    () => latestMailTo(suite.knex, person.email, 'auth.invitation'),
    (row) => row?.link_url !== undefined,
    { what: 'the invitation mail' },
  );

  // 3. The invitee completes the registration from the link, in a browser of their own.
  const userContext = await suite.browser.newContext({
    viewport: { width: 1400, height: 950 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const user = await userContext.newPage();
  await user.goto(mail.link_url);
  await user.getByTestId('complete-form').waitFor();
  expect(await user.getByTestId('complete-email').inputValue()).toBe(person.email);
  await user.getByTestId('complete-name').fill(person.name);
  await user.getByTestId('complete-username').fill(person.username);
  await user.getByTestId('complete-mobile').fill(person.mobile);
  await user.getByTestId('complete-cpf').fill(person.cpf);
  await user.getByTestId('complete-password').fill(person.password);
  await user.getByTestId('complete-password-confirmation').fill(person.password);
  await user.getByTestId('complete-terms').check();
  await user.getByTestId('complete-submit').click();
  await user.getByTestId('complete-done').waitFor();
  const registered = await suite.knex('users').where({ username: person.username }).first('id', 'email');
  expect(registered.email).toBe(person.email);
  expect(await suite.knex('user_accounts').where({ user_id: registered.id, account_id: t.accountId })).toHaveLength(1);

  // 4. A schedule holding 'now' (the whole of today in the account's zone) and a role with it.
  await editSchedule(admin, 'Plantão jornada', today, true);
  await admin.getByTestId('schedule-Plantão jornada').waitFor();
  await admin.goto(`${base}/admin/roles`);
  await admin.getByTestId('role-new').click();
  const role = admin.getByTestId('role-editor');
  await role.getByTestId('role-name').fill('Leitor de plantão');
  await role.getByTestId('area-studies').getByRole('checkbox', { name: 'Selecionar toda a área Estudos' }).check();
  await role.getByTestId('role-schedule').locator('..').click();
  await admin.getByRole('option', { name: 'Plantão jornada' }).click();
  await role.getByTestId('role-save').click();
  await admin.getByTestId('role-Leitor de plantão').getByTestId('role-shift-chip').waitFor();

  // 5. …given to the new user in the new institution on the users page.
  await admin.goto(`${base}/admin/users`);
  await admin.getByTestId('users-search').fill(person.username);
  await admin.locator('[data-testid="users-page"][aria-busy="false"]').waitFor();
  await eventually(
    () => admin.locator('[data-testid^="user-row-"]').count(),
    (n) => n === 1,
    { what: 'only the new user listed' },
  );
  await admin.getByTestId(`user-row-${registered.id}`).click();
  await admin.getByTestId('drawer-tab-roles').click();
  await admin.getByTestId('user-roles-empty').waitFor();
  await admin.getByTestId('role-add').click();
  const pair = admin.getByTestId('role-pair').nth(0);
  await pair.getByRole('combobox').nth(0).click();
  await admin.getByRole('option', { name: 'Unidade Norte', exact: true }).click();
  await pair.getByRole('combobox').nth(1).click();
  await admin.getByRole('option', { name: 'Leitor de plantão', exact: true }).click();
  await admin.getByRole('listbox').waitFor({ state: 'detached' }); // the menu gone before the picture
  await shot(admin, 'user-role');
  await admin.getByTestId('roles-save').click();
  await admin.getByText('Alterações salvas.').waitFor();

  // 6. The user logs in: exactly the new institution's studies, none of the other's.
  const live = liveFrames(user);
  await user.goto(`${base}/login`);
  await user.getByTestId('login-username').fill(person.username);
  await user.getByTestId('login-password').fill(person.password);
  await user.getByTestId('login-password').press('Enter');
  await user.waitForURL('**/studies');
  await user.getByTestId(`study-row-${northStudies[0]}`).waitFor();
  expect(await visibleStudies(user)).toEqual([...northStudies].sort());
  await shot(user, 'user-list');

  // 7. The shift ends under the open page: the clock passes the period's end, which the database
  // stands in for here (the period moved to another day behind everyone's back, no notice sent).
  await user.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });
  const closedAtShiftEnd = live.closed;
  await suite
    .knex('shift_schedules')
    .where({ account_id: t.accountId, name: 'Plantão jornada' })
    .update({ periods: JSON.stringify([{ weekday: (today + 2) % 7, start: '00:00', end: '23:59' }]) });
  await eventually(
    () => live.closed,
    (v) => v > closedAtShiftEnd,
    { timeout: 10_000, what: 'the live connection cut at the shift end' },
  );
  await user.getByTestId('no-access').waitFor({ timeout: 10_000 }); // no reload: the role grants nothing now
  expect(await visibleStudies(user)).toEqual([]);
  await shot(user, 'outside-shift');

  // …and back to today: inside it again.
  await editSchedule(admin, 'Plantão jornada', today, false);
  await user.goto(`${base}/studies`);
  await user.getByTestId(`study-row-${northStudies[0]}`).waitFor();
  expect(await visibleStudies(user)).toEqual([...northStudies].sort());
  await user.locator('[data-testid="live-status"][data-status="online"]').waitFor({ timeout: 20_000 });
  const token = (await user.evaluate<string | null>("localStorage.getItem('access_token')"))!;
  expect((await suite.api('GET', `/studies/${northStudies[0]}/tags`, { token })).status).toBe(200);
  // Live works for the new institution: another user's change there reaches the open page.
  const reporter = await login(suite.api, t.users.reporter!.username);
  expect((await suite.api('POST', `/studies/${northStudies[0]}/reports/start`, { token: reporter, body: {} })).status).toBe(200);
  await eventually(
    () => live.frames.some((f) => f.includes(northStudies[0]!)),
    (v) => v,
    { timeout: 10_000, what: 'the live change received' },
  );

  // 8. Revoke: the administrator takes the role away; the open page loses the access at once.
  await admin.goto(`${base}/admin/users`);
  await admin.getByTestId('users-search').fill(person.username);
  await admin.locator('[data-testid="users-page"][aria-busy="false"]').waitFor();
  await eventually(
    () => admin.locator('[data-testid^="user-row-"]').count(),
    (n) => n === 1,
    { what: 'only the new user listed' },
  );
  await admin.getByTestId(`user-row-${registered.id}`).click();
  await admin.getByTestId('drawer-tab-roles').click();
  const closedBefore = live.closed;
  await admin.getByTestId('role-pair').nth(0).getByRole('button').click();
  await admin.getByTestId('user-roles-empty').waitFor();
  await admin.getByTestId('roles-save').click();
  await admin.getByText('Alterações salvas.').waitFor();
  await eventually(
    () => live.closed,
    (v) => v > closedBefore,
    { timeout: 10_000, what: 'the live connection closed' },
  );
  // No reload, no click: the open page reads its access again and shows none.
  await user.getByTestId('no-access').waitFor({ timeout: 10_000 });
  expect(await user.locator(`[data-testid^="study-row-"]`).count()).toBe(0);
  await shot(user, 'revoked');
  const refused = await suite.api('GET', `/studies/${northStudies[0]}/tags`, { token });
  expect([403, 404]).toContain(refused.status);
  // Live: reconnected (the page shows no study, so no status chip), a change in the lost
  // institution no longer reaches the page.
  await eventually(
    () => live.opened - live.closed,
    (open) => open >= 1,
    { timeout: 20_000, what: 'the live connection open again' },
  );
  const framesBefore = live.frames.length;
  expect((await suite.api('POST', `/studies/${northStudies[1]}/reports/start`, { token: reporter, body: {} })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 3000));
  expect(live.frames.slice(framesBefore).some((f) => f.includes(northStudies[1]!))).toBe(false);
  await userContext.close();
  await admin.context().close();
});
