/**
 * The study header edit in the browser: the doctor opens the editor, opens 'edit data and
 * image header' from the toolbar, a future birth date blocks saving, the age is computed from
 * the birth date, weight and birth date and the exam indication are saved; the header strip
 * and the clinical summary update, also live on a colleague's open page. Screenshots of the
 * dialog and the updated editor.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Permission } from '../../domain/auth/permissions';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const DOCTOR: Permission[] = [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_HEADER'];

const suite = platformSuite({ web: true });
let t: Tenant;

async function loggedIn(username: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, username, { viewport: { width: 1400, height: 900 } });
  return page;
}

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR, colleague: ['STUDIES_SAVE_REPORTS'] } });
});

const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .innerText()
    .catch(() => '');

test('the doctor edits the weight and birth date from the editor toolbar; the header updates, live too', async () => {
  const studyId = t.studyIds[0]!;
  const doctor = await loggedIn(t.users.doctor!.username);
  const colleague = await loggedIn(t.users.colleague!.username);
  await doctor.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await doctor.getByTestId('start-report').click();
  await doctor.getByTestId('report-toolbar').waitFor();
  // The colleague holds no header permission: no button for them.
  await colleague.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await colleague.getByTestId('report-header').waitFor();
  await colleague.getByTestId('report-toolbar').waitFor();
  expect(await colleague.getByTestId('toolbar-editHeader').count()).toBe(0);

  // Spec 1 §2 order: the button comes right after the masks menu.
  const order = await doctor.$$eval('[data-testid^="toolbar-"]', (els) => els.map((e) => e.getAttribute('data-testid')));
  expect(order.slice(order.indexOf('toolbar-masksMenu'), order.indexOf('toolbar-masksMenu') + 2)).toEqual([
    'toolbar-masksMenu',
    'toolbar-editHeader',
  ]);
  await doctor.getByTestId('toolbar-editHeader').click();
  const dialog = doctor.getByTestId('study-header-dialog');
  await dialog.getByText('Dados do paciente').waitFor();
  await dialog.getByText('Dados do exame').waitFor();

  // A future birth date blocks saving.
  await dialog.getByTestId('header-patientBirthDate').fill('2099-01-01');
  await dialog.getByText('A data não pode ser no futuro').waitFor();
  expect(await dialog.getByTestId('header-save').isDisabled()).toBe(true);

  // With a birth date the age is computed from the exam date (1 Nov 2026) and disabled.
  await dialog.getByTestId('header-patientBirthDate').fill('1990-05-10');
  expect(await dialog.getByTestId('header-patientAge').isDisabled()).toBe(true);
  expect(await dialog.getByTestId('header-patientAge').inputValue()).toBe('36 anos, 5 meses e 22 dias');
  await dialog.getByTestId('header-patientWeight').fill('72.5');
  await dialog.getByTestId('header-indicacaoExame').fill('Cefaleia intensa há 3 dias');
  expect(await dialog.getByTestId('header-save').isDisabled()).toBe(false);
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'study-header-dialog.png') });

  await dialog.getByTestId('header-save').click();
  await doctor.getByText('Cabeçalho atualizado com sucesso!').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const details = await eventually(
    () => text(doctor, 'report-patient-details'),
    (v) => v.includes('72.5') && v.includes('10/05/1990'),
    { what: 'header strip with the new weight and birth date' },
  );
  expect(details).toContain('36 anos, 5 meses e 22 dias');
  expect(await text(doctor, 'clinical-summary')).toContain('Indicação do exame: Cefaleia intensa há 3 dias');
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'study-header-updated.png') });

  // The colleague's open page follows without a reload (the study's live document).
  await eventually(
    () => text(colleague, 'report-patient-details'),
    (v) => v.includes('72.5') && v.includes('10/05/1990'),
    { what: "colleague's header strip updated live" },
  );
  await eventually(
    () => text(colleague, 'clinical-summary'),
    (v) => v.includes('Cefaleia intensa há 3 dias'),
    { what: "colleague's clinical summary updated live" },
  );

  // Reopened, the dialog shows the saved values and the edit in its history.
  await doctor.getByTestId('toolbar-editHeader').click();
  expect(await dialog.getByTestId('header-patientWeight').inputValue()).toBe('72.5');
  const entry = await eventually(
    () => text(doctor, 'header-history-entry'),
    (v) => v.includes('Peso (kg): — → 72.5'),
    { what: 'history entry' },
  );
  expect(entry).toContain(t.users.doctor!.name);
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'study-header-history.png') });
  await doctor.keyboard.press('Escape');

  // Saved: one applied edit with before/after.
  const edits = await suite.knex('study_header_edits').where({ study_id: studyId });
  expect(edits).toEqual([
    expect.objectContaining({ status: 'applied', after: expect.objectContaining({ patientWeight: 72.5 }) }),
  ]);
});
