/**
 * The results portal in Chromium (issue 18): reception opens the concluded report, makes a code
 * for the receipt in 'Acesso ao resultado'; the patient, with no login, opens /resultados, is
 * told every field is required, then types the patient ID, birth date and code and downloads the
 * report's PDF. Also at 390 px. Screenshots under test-results/e2e.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, actAs, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let patientId: string;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `portal-${name}.png`), fullPage: true });
const overflowsSideways = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth + 1');

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 1,
    users: { reception: ['STUDIES_RETRIEVE_REPORTS'], doctor: DOCTOR_PERMISSIONS },
  });
  await suite.knex('accounts').where({ id: t.accountId }).update({ results_portal: true });
  const study = await suite.knex('studies').where({ id: t.studyIds[0] }).first('patient_ref');
  [{ patient_id: patientId }] = await suite
    .knex('patients')
    .where({ id: study.patient_ref })
    .update({ birth_date: '1975-12-31' })
    .returning('patient_id');
  const act = actAs(suite.api, await loginTokens(suite.api, { doctor: t.users.doctor! }));
  await act('doctor', 'POST', `/studies/${t.studyIds[0]}/reports/start`);
  await act('doctor', 'POST', `/studies/${t.studyIds[0]}/reports/save`, { content: '<p>Sem alterações.</p>', finish: true });
  await eventually(
    () => suite.knex('studies').where({ id: t.studyIds[0] }).first('laudo_state'),
    (r) => r.laudo_state === 2,
    { what: 'the report concluded' },
  );
});

test('reception makes a code; the patient opens the result and downloads the PDF', async () => {
  const staff = await signedInPage(suite.browser, suite.platform.url, t.users.reception!.username);
  await staff.goto(`${suite.platform.url}/studies/report/${t.studyIds[0]}`);
  await staff.getByTestId('result-access').click();
  await staff.getByTestId('result-access-status').waitFor();
  expect(await staff.getByTestId('result-access-status').innerText()).toBe('Nenhum código de acesso ativo para este exame.');
  await staff.getByTestId('result-access-give').click();
  const code = await staff.getByTestId('result-access-code').innerText();
  expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  await shot(staff, 'staff-code');

  const patient = await suite.browser.newPage();
  await patient.goto(`${suite.platform.url}/resultados`);
  expect(await patient.getByRole('heading', { level: 1 }).innerText()).toBe('Resultados de exames');
  await patient.getByTestId('portal-submit').click();
  expect(await patient.getByText('Campo obrigatório').count()).toBe(3);
  await patient.getByTestId('portal-patient-id').fill(patientId);
  await patient.getByTestId('portal-birth-date').fill('30/12/1975');
  await patient.getByTestId('portal-access-code').fill(code.toLowerCase());
  await patient.getByTestId('portal-submit').click();
  await patient.getByTestId('portal-error').waitFor();
  expect(await patient.getByTestId('portal-error').innerText()).toContain('Não encontramos um resultado com esses dados');
  await patient.getByTestId('portal-birth-date').fill('31/12/1975');
  await patient.getByTestId('portal-submit').click();
  await patient.getByTestId('portal-report-ready').waitFor();
  expect(await patient.getByTestId('portal-patient').innerText()).toMatch(/^Paciente /);
  await shot(patient, 'result');
  const [download] = await Promise.all([patient.waitForEvent('download'), patient.getByTestId('portal-download').click()]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The patient's page holds no platform session.
  expect(await patient.evaluate<string | null>("localStorage.getItem('access_token')")).toBeNull();
});

test('the portal fits a 390 px phone', async () => {
  const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${suite.platform.url}/resultados`);
  await page.getByTestId('portal-submit').waitFor();
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, 'form-390');
});
