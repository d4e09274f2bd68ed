/**
 * Critical findings and comments in the browser: a colleague registers a suspicion from the
 * list and the doctor sees the badge arrive live; starting the report opens the finding
 * dialog by itself and the doctor accepts it; a comment shows as unread on the other
 * doctor's list until opened; saved filters kept on the server. Screenshots of the list, the
 * dialogs and the editor.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const DOCTOR = [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT' as const, 'STUDIES_CREATE_COMMENTS' as const];
const suite = platformSuite({ web: true });
let t: Tenant;
let doctor: Page;
let colleague: Page;

async function loggedIn(username: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, username, { viewport: { width: 1500, height: 900 } });
  return page;
}

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: DOCTOR, colleague: DOCTOR } });
  await suite.knex('account_critical_findings').insert([
    { account_id: t.accountId, level_and_name: 'Nível 1 - Pneumotórax hipertensivo' },
    { account_id: t.accountId, level_and_name: 'Nível 2 - Tromboembolismo pulmonar' },
  ]);
  doctor = await loggedIn(t.users.doctor!.username);
  colleague = await loggedIn(t.users.colleague!.username);
});

const attr = (page: Page, testId: string, name: string) =>
  page
    .getByTestId(testId)
    .getAttribute(name)
    .catch(() => null);
const untilAttr = (page: Page, testId: string, name: string, wanted: string) =>
  eventually(
    () => attr(page, testId, name),
    (v) => v === wanted,
    { timeout: 10_000, what: `${testId} ${name}=${wanted}` },
  );

test('a suspicion registered from the list reaches the doctor live; the doctor accepts it in the editor', async () => {
  const studyId = t.studyIds[0]!;
  await untilAttr(doctor, `study-finding-${studyId}`, 'data-status', 'none');

  await colleague.getByTestId(`study-finding-${studyId}`).click();
  const dialog = colleague.getByTestId('critical-finding-dialog');
  await dialog.getByTestId('finding-register').click();
  expect(await dialog.getByTestId('finding-required').innerText()).toBe('Descrição do achado crítico é obrigatória');
  await dialog.getByTestId('finding-option-Nível 1 - Pneumotórax hipertensivo').click();
  await dialog.getByTestId('finding-observation').fill('Possível pneumotórax à direita.');
  await colleague.screenshot({ path: path.join(E2E_ARTIFACTS, 'finding-register-dialog.png') });
  await dialog.getByTestId('finding-register').click();
  await eventually(
    () => dialog.getByTestId('finding-status').innerText(),
    (v) => v === 'Suspeita criada',
    { what: 'suspicion shown' },
  );
  await colleague.getByTestId('finding-close').click();

  // The doctor's list shows the suspicion without a reload.
  await untilAttr(doctor, `study-finding-${studyId}`, 'data-status', 'SUSPICION_CREATED');
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'studies-list-badges.png') });

  // Starting the report opens the finding dialog by itself (spec 1 §4).
  await doctor.getByTestId(`study-row-${studyId}`).click();
  await doctor.getByTestId('start-report').click();
  const decide = doctor.getByTestId('critical-finding-dialog');
  await decide.getByTestId('finding-accept').waitFor();
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'finding-decide-dialog.png') });
  await decide.getByTestId('finding-accept').click();
  await eventually(
    () => decide.getByTestId('finding-status').innerText(),
    (v) => v === 'Suspeita aceita',
    { what: 'suspicion accepted' },
  );
  await decide.getByTestId('finding-close').click();
  await untilAttr(colleague, `study-finding-${studyId}`, 'data-status', 'SUSPICION_ACCEPTED');
});

test('a comment is unread on the other doctor’s list until opened; the limit warns', async () => {
  const studyId = t.studyIds[1]!;
  await colleague.getByTestId(`study-comments-${studyId}`).click();
  const box = colleague.getByTestId('comments-dialog');
  expect(await box.getByTestId('comments-empty').innerText()).toBe('Nenhum comentário neste estudo.');
  expect(await box.getByTestId('comment-send').isDisabled()).toBe(true);
  await box.getByTestId('comment-input').fill('x'.repeat(251));
  expect(await box.getByTestId('comment-helper').innerText()).toBe('O comentário excede o limite');
  expect(await box.getByTestId('comment-send').isDisabled()).toBe(true);
  await box.getByTestId('comment-input').fill('Paciente com prótese metálica no quadril.');
  await box.getByTestId('comment-send').click();
  await box.getByTestId('comment-item').waitFor();
  await colleague.screenshot({ path: path.join(E2E_ARTIFACTS, 'comments-dialog.png') });
  await colleague.keyboard.press('Escape');

  await doctor.goto(`${suite.platform.url}/studies`);
  await untilAttr(doctor, `study-comments-${studyId}`, 'data-unread', '1');
  await doctor.getByTestId(`study-comments-${studyId}`).click();
  expect(await doctor.getByTestId('comment-item').innerText()).toContain('Paciente com prótese metálica no quadril.');
  await doctor.keyboard.press('Escape');
  await untilAttr(doctor, `study-comments-${studyId}`, 'data-unread', '0');
});

test('saved filters follow the doctor to another browser', async () => {
  await doctor.goto(`${suite.platform.url}/studies?modality=CT`);
  await doctor.getByTestId('saved-filters').click();
  await doctor.getByTestId('saved-filters-save').click();
  await doctor.getByTestId('saved-filter-name').fill('Tomografias');
  await doctor.getByTestId('saved-filter-confirm').click();
  await eventually(
    async () =>
      (await suite.knex('users').where({ id: t.users.doctor!.id }).first('config')).config.SAVED_FILTERS as string | undefined,
    (v) => typeof v === 'string' && v.includes('Tomografias'),
    { what: 'saved filter on the server' },
  );

  // A fresh browser (no localStorage) signs in and finds it.
  const elsewhere = await loggedIn(t.users.doctor!.username);
  await elsewhere.getByTestId('saved-filters').click();
  await elsewhere.getByTestId('saved-filter-Tomografias').click();
  await elsewhere.waitForURL(/modality=CT/);
  await elsewhere.context().close();
});
