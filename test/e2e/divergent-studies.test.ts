/**
 * Issue 16 in Chromium: two studies of one patient and accession number arrive (STOW-RS); a
 * coordinator opens 'Estudos divergentes', merges them behind the typed word, then splits them
 * — each study ends with exactly its own images. Then the study maintenance dialog: exam status
 * with its confirmation, and the history tab. Screens saved at 1280 and 390 px.
 */
import path from 'node:path';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true, overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const shot = (name: string) => path.join(E2E_ARTIFACTS, `divergent-${name}.png`);
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      coordinator: [
        ...DOCTOR_PERMISSIONS,
        'STUDIES_UPLOAD_DICOM',
        'STUDIES_DIVERGENT_ACTIONS',
        'STUDIES_CHANGE_EXAM_STATUS',
        'STUDIES_INVALIDATE',
        'STUDIES_DUPLICATE',
      ],
    },
  });
});

const count = async (studyId: string) =>
  Number((await suite.knex('dicom_instances').where({ study_id: studyId }).count({ n: '*' }))[0]!.n);

test('merge then split on the divergent studies screen; exam status and history from the study list', async () => {
  const token = await login(suite.api, t.users.coordinator!.username);
  const same = { patientId: 'PAC-E2E', patientName: 'Divergente^Dora', accessionNumber: 'ACC-E2E' };
  const a = await ingestStudy(suite.platform.url, suite.knex, token, makeStudy({ ...same, series: 1, perSeries: 2 }));
  const b = await ingestStudy(suite.platform.url, suite.knex, token, makeStudy({ ...same, series: 1, perSeries: 3 }));

  const page = await signedInPage(suite.browser, suite.platform.url, t.users.coordinator!.username);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId('divergent-link').click();
  const card = page.locator('[data-testid^="divergence-"][data-status]');
  await card.first().waitFor();
  expect(await card.count()).toBe(1);
  await page.screenshot({ path: shot('received') });

  await card.getByTestId('divergence-merge').click();
  await page.getByTestId('irreversible-dialog').waitFor();
  // The confirm button waits for the word.
  expect(await page.getByTestId('irreversible-confirm').isDisabled()).toBe(true);
  await page.getByTestId('irreversible-word').fill('unir');
  await page.screenshot({ path: shot('merge-confirm') });
  await page.getByTestId('irreversible-confirm').click();
  await page.getByTestId('irreversible-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('divergent-filter-MERGED').click();
  await page.locator('[data-status="MERGED"]').waitFor();
  expect([await count(a), await count(b)]).toEqual([5, 0]);

  await page.locator('[data-status="MERGED"]').getByTestId('divergence-split').click();
  await page.getByTestId('irreversible-word').fill('SEPARAR');
  await page.getByTestId('irreversible-confirm').click();
  await page.getByTestId('divergent-filter-SEPARATED').click();
  await page.locator('[data-status="SEPARATED"]').waitFor();
  expect([await count(a), await count(b)]).toEqual([2, 3]);
  await page.screenshot({ path: shot('separated') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('separated-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Exam status from the list: asked, confirmed, shown on the row.
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId(`study-maintenance-${a}`).click();
  await page.getByTestId('exam-status-CALL_PATIENT').click();
  await page.getByTestId('maintenance-apply').click();
  await page.getByTestId('maintenance-confirm').waitFor();
  await page.screenshot({ path: shot('exam-status-confirm') });
  await page.getByTestId('maintenance-confirm-yes').click();
  await page.getByTestId(`exam-status-chip-${a}`).getByText('Chamar paciente').waitFor();
  await page.screenshot({ path: shot('list') });
  await page.getByTestId(`study-maintenance-${a}`).click();
  await page.getByTestId('maintenance-tab-study').click();
  await page.getByTestId('history-study').getByText('Alterou o status do exame').waitFor();
  await page.getByTestId('history-study').getByText('Separou estudos divergentes').waitFor();
  await page.getByTestId('history-study').getByText('Chamar paciente').waitFor();
  await page.getByTestId('history-study').getByText('3 imagens movidas').first().waitFor();
  await page.screenshot({ path: shot('study-history') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('study-history-390') });
  await page.keyboard.press('Escape');
  await page.getByTestId('study-maintenance-dialog').waitFor({ state: 'detached' });
  await page.screenshot({ path: shot('list-390') });

  // Duplicating: asked, confirmed, and the copy appears in the list with the same images.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId(`study-maintenance-${b}`).click();
  await page.getByTestId('maintenance-tab-duplicate').click();
  await page.getByTestId('maintenance-apply').click();
  await page.getByTestId('maintenance-confirm').waitFor();
  await page.getByTestId('maintenance-confirm-yes').click();
  await page.getByTestId('study-maintenance-dialog').waitFor({ state: 'detached' });
  const copy = await suite.knex('studies').where({ duplicate_of_id: b }).first('id');
  await page.getByTestId(`study-row-${copy.id}`).waitFor();
  expect(await count(copy.id)).toBe(3);

  // Invalidating the copy with a reason; it leaves the list and is recovered from its screen.
  await page.getByTestId(`study-maintenance-${copy.id}`).click();
  await page.getByTestId('maintenance-tab-invalidate').click();
  await page.getByTestId('invalidate-reason').fill('Cópia feita por engano');
  await page.getByTestId('maintenance-apply').click();
  await page.getByTestId('maintenance-confirm-yes').click();
  await page.getByTestId(`study-row-${copy.id}`).waitFor({ state: 'detached' });
  await page.getByTestId('invalidated-link').click();
  await page.getByTestId(`invalidated-${copy.id}`).getByText('Motivo: Cópia feita por engano').waitFor();
  await page.screenshot({ path: shot('invalidated') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('invalidated-390') });
  await page.getByTestId(`recover-${copy.id}`).click();
  await page.getByTestId('invalidated-empty').waitFor();
  expect((await suite.knex('studies').where({ id: copy.id }).first('invalidated_at')).invalidated_at).toBeNull();
});
