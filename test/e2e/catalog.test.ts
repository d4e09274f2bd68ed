/**
 * Issue 16 (first part) in Chromium: an account administrator creates a modality, an exam and
 * a routine with a modality rule through the Administration screens; a study of that modality
 * then arrives (STOW-RS) and the study list shows it with the routine and its remaining time.
 * Screens saved (desktop, and the routine dialog at 390 px) to be looked at.
 */
import path from 'node:path';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ web: true, overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const shot = (name: string) => path.join(E2E_ARTIFACTS, `catalog-${name}.png`);
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { admin: ['STUDIES_UPLOAD_DICOM'] } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
});

test('modality, exam and routine made in the UI; an arriving study shows its routine and remaining time', async () => {
  const started = Date.now();
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username);
  const url = (p: string) => `${suite.platform.url}${p}`;

  await page.goto(url('/admin/modalities'));
  await page.getByTestId('modalities-page-empty').waitFor();
  await page.getByTestId('modality-new').click();
  await page.getByTestId('modality-code').fill('us');
  await page.getByTestId('modality-description').fill('Ultrassonografia');
  await page.getByTestId('modality-save').click();
  await page.getByTestId('modality-row-US').waitFor();

  await page.getByTestId('admin-nav-exams').click();
  await page.getByTestId('exam-new').click();
  await page.getByTestId('exam-title').fill('US de abdome total');
  await page.getByLabel('Modalidade').click();
  await page.getByTestId('exam-modality-option-US').click();
  await page.getByTestId('exam-save').click();
  await page.getByTestId('exam-row-US de abdome total').waitFor();
  // The import: a preview of what changes, then the import itself.
  await page.getByTestId('exam-import').click();
  await page.getByTestId('exam-import-file').setInputFiles({
    name: 'exames.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('título;modalidade\r\nUS de abdome total;US\r\nDoppler de carótidas;US\r\n'),
  });
  await page.getByTestId('exam-import-preview').getByText('1 a criar, 0 a alterar, 1 sem mudança.').waitFor();
  await page.screenshot({ path: shot('import-preview') });
  await page.getByTestId('exam-import-commit').click();
  await page.getByTestId('exam-row-Doppler de carótidas').waitFor();

  await page.getByTestId('admin-nav-routines').click();
  await page.getByTestId('routine-row-Padrão').waitFor();
  await page.getByTestId('routine-new').click();
  await page.getByTestId('routine-name').fill('Urgência US');
  await page.getByTestId('routine-duration').fill('120');
  await page.getByTestId('routine-alert').fill('30');
  await page.getByTestId('routine-add-rule').click();
  await page.getByTestId('routine-rule-0').getByLabel('Modalidade').click();
  await page.getByTestId('routine-rule-modality-option-US').click();
  await page.screenshot({ path: shot('routine-dialog') });
  await page.getByTestId('routine-save').click();
  await page.getByTestId('routine-row-Urgência US').waitFor();
  await page.screenshot({ path: shot('routines') });

  const routine = await suite.knex('routines').where({ account_id: t.accountId, name: 'Urgência US' }).first('id');
  expect(await suite.knex('routine_rules').where({ routine_id: routine.id }).select('modality')).toEqual([{ modality: 'US' }]);

  const token = await login(suite.api, t.users.admin!.username);
  const study = makeStudy({
    modalities: ['US'],
    perSeries: 1,
    studyDescription: 'US de abdome total',
    patientName: 'Rotina^Ana',
  });
  const studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);

  await page.goto(url('/studies'));
  const chip = page.getByTestId(`study-routine-${studyId}`);
  await chip.waitFor();
  // 120 minutes from arrival, seconds ago: 1h 59min left (2h 00min on a fast clock), on time.
  expect(await chip.textContent()).toMatch(/^Urgência US · (1h 59min|2h 00min)$/);
  expect(await chip.getAttribute('data-status')).toBe('onTime');
  await page.screenshot({ path: shot('study-list') });

  // On a phone the routine stays in sight, and a tap on it changes the study's routine.
  await page.setViewportSize({ width: 390, height: 844 });
  await chip.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('study-list-390') });
  const sideways = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(await sideways()).toBeLessThanOrEqual(0);
  await chip.click();
  await page.getByTestId('study-routine-dialog').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Padrão' }).click();
  await page.getByTestId('study-routine-save').click();
  await page.getByTestId('study-routine-dialog').waitFor({ state: 'detached' });
  await page.getByText(/^Padrão · (23h 59min|1d 0h)$/).waitFor();
  expect(await chip.getAttribute('data-status')).toBe('onTime');
  const { routine_id } = await suite.knex('studies').where({ id: studyId }).first('routine_id');
  expect(routine_id).toBe((await suite.knex('routines').where({ account_id: t.accountId, is_default: true }).first('id')).id);

  await page.goto(url('/admin/routines'));
  await page.getByTestId('routine-row-Urgência US').waitFor();
  await page.screenshot({ path: shot('routines-390') });
  expect(await sideways()).toBeLessThanOrEqual(0);
  expect(Date.now() - started).toBeLessThan(60_000);
});
