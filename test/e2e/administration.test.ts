/**
 * The Administration area in Chromium (issue 14): the super role creates an account and edits
 * one of its settings on the screen generated from the registry; an account administrator
 * creates an institution (CNPJ and AE Title checked) and deactivates it. Screens are saved
 * (desktop, 390 px, English, veterinary brand) to be looked at.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
const shot = (name: string) => path.join(E2E_ARTIFACTS, `admin-${name}.png`);
let t: Tenant;
let vet: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { admin: [], root: [], doctor: ['STUDIES_SAVE_REPORTS'] } });
  vet = await createTenant(suite.knex, { studies: 0, isForHuman: false, users: { admin: [] } });
  await suite.knex('user_accounts').whereIn('user_id', [t.users.admin!.id, vet.users.admin!.id]).update({ is_admin: true });
  await suite.knex('users').where({ id: t.users.root!.id }).update({ super_role: true });
});

const openAdmin = async (page: Page) => {
  // Below 600 px the app bar's links are in its menu (issue 17).
  if ((page.viewportSize()?.width ?? 1400) < 600) {
    await page.getByTestId('app-menu').click();
    await page.getByTestId('app-menu-admin').click();
  } else await page.getByTestId('admin-menu').click();
  await page.getByTestId('admin-nav').waitFor();
};

test('the super role creates an account and edits one of its settings', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.root!.username);
  await openAdmin(page);
  await page.waitForURL('**/admin/accounts');
  await page.getByTestId('accounts-list-search').waitFor();
  await page.getByTestId('account-new').click();
  await page.getByTestId('account-name').fill('Clínica E2E');
  await page.getByTestId('account-billingEmail').fill('não é e-mail');
  await page.getByTestId('account-save').click();
  // The form's zod check refuses the e-mail before anything is sent.
  await page.getByText('Verifique este campo').waitFor();
  expect(await suite.knex('accounts').where({ name: 'Clínica E2E' }).first('id')).toBeUndefined();
  await page.getByTestId('account-billingEmail').fill('financeiro@e2e.com.br');
  await page.getByTestId('account-cep').fill('01310-100');
  await page.getByTestId('account-twoFactorRequired').check();
  await page.screenshot({ path: shot('account-dialog') });
  await page.getByTestId('account-save').click();
  await page.getByTestId('account-dialog').waitFor({ state: 'detached' });
  const created = await eventually(
    () => suite.knex('accounts').where({ name: 'Clínica E2E' }).first('id', 'billing_email', 'address_cep', 'config'),
    (row) => row !== undefined,
    { what: 'the account created' },
  );
  expect(created).toMatchObject({ billing_email: 'financeiro@e2e.com.br', address_cep: '01310100', config: { TWO_FACTOR_REQUIRED: true } });

  await page.getByTestId('accounts-list-search').fill('E2E');
  // Rows of the last search stay while the new one loads; a click on a row that moves under
  // the pointer as the answer lands is lost (mousedown and mouseup on different elements).
  await page.locator('[data-testid="accounts-list"][aria-busy="false"]').waitFor();
  await page.getByTestId(`account-row-${created.id}`).waitFor();
  await page.screenshot({ path: shot('accounts'), fullPage: true });
  await page.getByTestId(`account-settings-${created.id}`).click();
  await page.waitForURL(`**/admin/settings?account=${created.id}*`);
  const attempts = page.getByTestId('setting-LOGIN_ATTEMPTS-input');
  await attempts.fill('99');
  expect(await page.getByTestId('setting-LOGIN_ATTEMPTS-save').isDisabled()).toBe(true);
  await attempts.fill('3');
  await page.getByTestId('setting-LOGIN_ATTEMPTS-save').click();
  await eventually(
    () => suite.knex('accounts').where({ id: created.id }).first('config'),
    (row) => row.config.LOGIN_ATTEMPTS === 3,
    { what: 'LOGIN_ATTEMPTS saved' },
  );
  await page.getByTestId('setting-LOGIN_ATTEMPTS-reset').waitFor();
  await page.screenshot({ path: shot('settings'), fullPage: true });
  await page.context().close();
});

test('an account administrator creates an institution and deactivates it', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  await openAdmin(page);
  // Accounts is the super role's: not in an administrator's navigation.
  expect(await page.getByTestId('admin-nav-accounts').count()).toBe(0);
  await page.getByTestId('admin-nav-institutions').click();
  await page.getByTestId(`institution-row-${t.institutionId}`).waitFor();
  await page.getByTestId('institution-new').click();
  await page.getByTestId('institution-name').fill('Unidade Leste');
  await page.getByTestId('institution-cnpj').fill('11.222.333/0001-82');
  await page.getByTestId('institution-aeTitle').fill('leste01');
  await page.getByTestId('institution-save').click();
  await page.getByText('Verifique este campo').waitFor();
  await page.getByTestId('institution-cnpj').fill('11.222.333/0001-81');
  await page.getByTestId('institution-save').click();
  await page.getByTestId('institution-dialog').waitFor({ state: 'detached' });
  const created = await eventually(
    () => suite.knex('institutions').where({ account_id: t.accountId, name: 'Unidade Leste' }).first('id', 'cnpj', 'ae_title', 'active'),
    (row) => row !== undefined,
    { what: 'the institution created' },
  );
  expect(created).toMatchObject({ cnpj: '11222333000181', ae_title: 'LESTE01', active: true });

  await page.getByTestId(`institution-deactivate-${created.id}`).click();
  await page.getByTestId('institution-deactivate-confirm').click();
  await page.getByTestId(`institution-reactivate-${created.id}`).waitFor();
  expect((await suite.knex('institutions').where({ id: created.id }).first('active')).active).toBe(false);
  await page.screenshot({ path: shot('institutions'), fullPage: true });
  await page.context().close();
});

test('usable at 390 px, in English and in the veterinary brand; hidden from non-administrators', async () => {
  const phone = await signedInPage(suite.browser, suite.platform.url, vet.users.admin!.username, {
    viewport: { width: 390, height: 844 },
    appLang: 'en',
  });
  await openAdmin(phone);
  await phone.waitForURL('**/admin/settings');
  await phone.getByTestId('setting-LOGIN_ATTEMPTS').waitFor();
  await phone.screenshot({ path: shot('settings-390-en'), fullPage: true });
  const width = await phone.evaluate<number>('document.documentElement.scrollWidth');
  // Nothing sticks out to the right (the app bar's entries included), named if it does.
  const wide = await phone.evaluate<string[]>(
    `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).map((e) => e.tagName + ' ' + (e.getAttribute('data-testid') ?? ''))`,
  );
  expect(wide).toEqual([]);
  expect(width).toBeLessThanOrEqual(390);
  await phone.getByTestId('admin-nav-institutions').click();
  await phone.getByTestId(`institution-row-${vet.institutionId}`).waitFor();
  await phone.getByTestId(`institution-edit-${vet.institutionId}`).click();
  await phone.getByTestId('institution-dialog').waitFor();
  // The dialog's entrance transition ends before the picture.
  // A transition cancelled by the next one rejects its promise (AbortError): that is finished too.
  await phone.evaluate('Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))');
  await phone.screenshot({ path: shot('institution-dialog-390-en') });
  await phone.keyboard.press('Escape');
  await phone.context().close();

  const doctor = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  expect(await doctor.getByTestId('admin-menu').count()).toBe(0);
  await doctor.goto(`${suite.platform.url}/admin/institutions`);
  await doctor.getByTestId('not-found').waitFor();
  await doctor.context().close();
});
