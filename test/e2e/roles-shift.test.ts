/**
 * Issue 14 in the browser: the account administrator creates a shift schedule (the periods
 * editor refuses an end before the start with the spec's message), then a role from the
 * catalogue (an area selected at once, a predefined role's permissions added) with that shift,
 * and sees it listed. A user holding only that role, outside the shift, reaches no study: the
 * no-access screen. Screenshots at desktop and 390 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { wallClock } from '../../domain/auth/shifts';
import { signedInPage } from '../support/browser';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ worker: false, web: true });
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { admin: [], nurse: [] } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  await suite.knex('user_institution_roles').where({ user_id: t.users.nurse!.id }).delete();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `roles-shift-${name}.png`), fullPage: true });

test('an administrator creates a role with a shift; its holder outside the shift sees no studies', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  // Two days from now in the account's zone (America/Sao_Paulo by default): never the current day.
  const weekday = (wallClock(new Date(), 'America/Sao_Paulo').weekday + 2) % 7;

  await page.goto(`${suite.platform.url}/admin/schedules`);
  await page.getByTestId('schedules-page-empty').waitFor();
  await page.getByTestId('schedule-new').click();
  const editor = page.getByTestId('schedule-editor');
  await editor.getByTestId('schedule-name').fill('Plantão noturno');
  await editor.getByTestId('period-0-start').fill('18:00');
  await editor.getByTestId('period-0-end').fill('08:00');
  await editor.getByText('O fim do período deve ser depois do início.').waitFor();
  await editor.getByTestId('period-0-end').fill('23:00');
  await editor.getByRole('combobox').first().click();
  await page.getByRole('option').nth(weekday).click();
  await editor.getByTestId('schedule-save').click();
  await page.getByTestId('schedule-Plantão noturno').waitFor();
  await shot(page, 'schedules');

  await page.goto(`${suite.platform.url}/admin/roles`);
  await page.getByTestId('role-new').click();
  const role = page.getByTestId('role-editor');
  await role.getByTestId('role-name').fill('Técnico noturno');
  await role.getByTestId('area-studies').getByRole('checkbox', { name: 'Selecionar toda a área Estudos' }).check();
  await role.getByTestId('role-predefined').locator('..').click();
  await page.getByRole('option', { name: 'Leitor' }).click();
  await role.getByTestId('role-import').click();
  expect(await role.getByTestId('perm-STUDIES_RETRIEVE_REPORTS').locator('input').isChecked()).toBe(true);
  await role.getByTestId('role-schedule').locator('..').click();
  await page.getByRole('option', { name: 'Plantão noturno' }).click();
  await shot(page, 'editor');
  await role.getByTestId('role-save').click();
  const row = page.getByTestId('role-Técnico noturno');
  await row.getByTestId('role-shift-chip').getByText('Escala: Plantão noturno').waitFor();
  await row.getByText('16 permissões').waitFor();

  const saved = await suite.knex('roles').where({ account_id: t.accountId, name: 'Técnico noturno' }).first();
  expect([...saved.permissions].sort()).toEqual(
    [
      'STUDIES_CREATE_HEADER',
      'STUDIES_EDIT_HEADER',
      'STUDIES_UPDATE_HEADER',
      'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT',
      'STUDIES_CREATE_COMMENTS',
      'STUDIES_CREATE_ATTACHMENTS',
      'STUDIES_DOWNLOAD_ATTACHMENT',
      'STUDIES_DELETE_ATTACHMENT',
      'STUDIES_UPLOAD_DICOM',
      'STUDIES_CHANGE_ROUTINE',
      'STUDIES_INVALIDATE',
      'STUDIES_DIVERGENT_ACTIONS',
      'STUDIES_RETRIEVE_ARCHIVED',
      'STUDIES_DUPLICATE',
      'STUDIES_CHANGE_EXAM_STATUS',
      'STUDIES_RETRIEVE_REPORTS',
    ].sort(),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'roles-390');
  await page.context().close();

  // The users screen is another engineer's: the role is given here as that screen would.
  await suite.knex('user_institution_roles').insert({
    account_id: t.accountId,
    user_id: t.users.nurse!.id,
    institution_id: t.institutionId,
    role_id: saved.id,
  });
  const context = await suite.browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const nurse = await context.newPage();
  await nurse.goto(`${suite.platform.url}/login`);
  await nurse.getByTestId('login-username').fill(t.users.nurse!.username);
  await nurse.getByTestId('login-password').fill(PASSWORD);
  await nurse.getByTestId('login-password').press('Enter');
  await nurse.getByTestId('no-access').waitFor();
  await shot(nurse, 'out-of-shift');
  await context.close();
});

test('medical groups, specialties and an access grant from their screens; the grantee sees only that study', async () => {
  const [reader] = await suite
    .knex('users')
    .insert({
      name: 'Dr. Solicitante',
      username: `solicitante.${Date.now()}`,
      email: `solicitante.${Date.now()}@test.laudos`,
      password_hash: (await suite.knex('users').where({ id: t.users.admin!.id }).first('password_hash')).password_hash,
    })
    .returning(['id', 'username']);
  await suite.knex('user_accounts').insert({ user_id: reader.id, account_id: t.accountId });
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, {
    viewport: { width: 390, height: 844 },
  });

  for (const [route, kind, name] of [
    ['medical-groups', 'medicalGroups', 'Neurorradiologia'],
    ['specialties', 'specialties', 'Mamografia'],
  ] as const) {
    await page.goto(`${suite.platform.url}/admin/${route}`);
    await page.getByTestId(`${kind}-page-empty`).waitFor();
    await page.getByTestId(`${kind}-new-name`).fill(name);
    await page.getByTestId(`${kind}-new-name`).press('Enter');
    await page.getByTestId(`${kind}-${name}`).waitFor();
    await page.getByTestId(`${kind}-new-name`).fill(name);
    await page.getByTestId(`${kind}-new-name`).press('Enter');
    await page.getByText('Este nome já está em uso.').waitFor();
    await shot(page, `${route}-390`);
  }

  const study = await suite.knex('studies').where({ id: t.studyIds[1] }).first('accession_number');
  await page.goto(`${suite.platform.url}/admin/access-grants`);
  await page.getByTestId('grants-page-empty').waitFor();
  await page.getByTestId('grant-user').fill(reader.username);
  await page.getByTestId('grant-accession').fill('NAO-EXISTE');
  await page.getByTestId('grant-save').click();
  await page.getByTestId('grant-error').getByText('Não encontrado.').waitFor();
  await page.getByTestId('grant-accession').fill(study.accession_number);
  await page.getByTestId('grant-save').click();
  await page.getByText(`Dr. Solicitante → `).waitFor();
  await shot(page, 'grants-390');
  await page.context().close();

  const grantee = await signedInPage(suite.browser, suite.platform.url, reader.username);
  await grantee.getByText(study.accession_number).first().waitFor();
  const other = await suite.knex('studies').where({ id: t.studyIds[0] }).first('accession_number');
  expect(await grantee.getByText(other.accession_number).count()).toBe(0);
  await shot(grantee, 'grantee-list');

  // Revoked (after a confirmation), the study is gone from the grantee's list.
  const admin = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  await admin.goto(`${suite.platform.url}/admin/access-grants`);
  await admin.getByRole('button', { name: 'Revogar acesso' }).first().click();
  await admin.getByTestId('confirm-delete').getByText('Excluir Dr. Solicitante → ').waitFor();
  await admin.getByTestId('confirm-delete-yes').click();
  await admin.getByTestId('grants-page-empty').waitFor();
  await admin.context().close();
  await grantee.reload();
  await grantee.getByTestId('no-access').waitFor();
  await grantee.context().close();
});
