/**
 * An account administrator sets the institution's report-header logo in the browser: the
 * institutions page from the app bar, an oversize file refused with the spec's 2 MB message
 * before upload, a PNG uploaded and shown, and a doctor of the account sees it without the
 * upload controls. Screenshot of the page.
 */
import path from 'node:path';
import sharp from 'sharp';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false, web: true });
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { admin: [], doctor: DOCTOR_PERMISSIONS } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
});

test('the administrator uploads the logo; a doctor sees it', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  await page.getByTestId('institutions-menu').click();
  const row = page.getByTestId(`institution-${t.institutionId}`);
  await row.getByText('Sem logo', { exact: true }).waitFor();

  await row.getByTestId('institution-logo-file').setInputFiles({
    name: 'grande.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await row.getByTestId('institution-logo-error').getByText('O logo excede o limite de 2MB').waitFor();

  const png = await sharp({ create: { width: 360, height: 120, channels: 3, background: '#0b6e99' } })
    .composite([
      { input: Buffer.from('<svg width="360" height="120"><rect x="20" y="20" width="80" height="80" fill="#fff"/></svg>') },
    ])
    .png()
    .toBuffer();
  await row.getByTestId('institution-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByText('Logo salvo.').waitFor();
  const img = row.getByTestId('institution-logo');
  await img.waitFor();
  expect(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(360);
  expect(await row.getByTestId('institution-logo-error').count()).toBe(0);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'institution-logo.png') });
  const stored = await suite.knex('institution_logos').where({ institution_id: t.institutionId }).first('mime');
  expect(stored.mime).toBe('image/png');

  const doctor = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await doctor.goto(`${suite.platform.url}/institutions`);
  const doctorRow = doctor.getByTestId(`institution-${t.institutionId}`);
  await doctorRow.getByTestId('institution-logo').waitFor();
  expect(await doctorRow.getByTestId('institution-logo-file').count()).toBe(0);
});
