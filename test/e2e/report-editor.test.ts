/**
 * A doctor's report in the browser: start, type with autosave, reload without losing a
 * word, a standard phrase, finish, then reopen with a reason and see the archived version.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage, untilTestIdShows } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 2,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'PHRASES_CREATE_PHRASES_BY_ACCOUNT'] },
  });
  await suite.knex('phrases').insert({
    account_id: t.accountId,
    code: 'NORMAL',
    title: 'Exame normal',
    phrase: 'Exame dentro dos limites da normalidade.',
    exams: [],
    modalities: [],
  });
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
});

const until = (testId: string, wanted: string, timeout?: number) => untilTestIdShows(page, testId, wanted, timeout);

test('start, type with autosave, reload, phrase, finish, reopen', async () => {
  const studyId = t.studyIds[1]!;
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await until('report-state', 'Não iniciado');
  await page.getByTestId('start-report').click();
  await until('report-state', 'Em andamento');

  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Pulmões sem alterações. ');
  await until('draft-status', 'Rascunho salvo');
  // The counter under the editor counts what was typed (the text's 24 characters, no markup).
  await until('editor-counter', '24 / 50.000 caracteres');
  expect((await suite.knex('study_drafts').where({ study_id: studyId }).first('content')).content).toContain(
    'Pulmões sem alterações.',
  );

  // Nothing typed is lost on a reload: the draft comes back.
  await page.reload();
  await eventually(
    () => editor.innerText(),
    (v) => v.includes('Pulmões sem alterações.'),
    { what: 'draft restored' },
  );

  // A standard phrase expands from its code.
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' \\NORMAL ');
  await eventually(
    () => editor.innerText(),
    (v) => v.includes('Exame dentro dos limites da normalidade.'),
    { what: 'phrase expanded' },
  );
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-editor.png'), fullPage: true });

  // The current text becomes a personal mask (title and modality required).
  await page.getByTestId('toolbar-masksMenu').click();
  await page.getByTestId('menu-create-mask').click();
  await page.getByTestId('mask-save').click();
  await page.getByTestId('create-mask-dialog').getByRole('alert').waitFor();
  await page.getByTestId('mask-title').fill('Minha TC normal');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'dialog-create-mask.png') });
  await page.getByTestId('mask-save').click();
  const mask = await eventually(
    () => suite.knex('masks').where({ account_id: t.accountId, title: 'Minha TC normal' }).first('scope', 'modality', 'content'),
    (m) => Boolean(m),
    { what: 'mask created' },
  );
  expect(mask).toMatchObject({ scope: 'user', modality: 'CT' });
  expect(mask.content).toContain('Pulmões sem alterações.');

  // Tags from the bottom bar.
  await page.getByTestId('bottom-tags').click();
  await page.getByTestId('label-input').fill('Urgente');
  await page.getByTestId('label-add').click();
  await eventually(
    () =>
      suite.knex('study_labels as sl').join('labels as l', 'l.id', 'sl.label_id').where('sl.study_id', studyId).pluck('l.name'),
    (names) => names.includes('Urgente'),
    { what: 'label added' },
  );
  await page.getByTestId('labels-close').click();
  await page.getByTestId('study-labels-dialog').waitFor({ state: 'detached' });

  await page.getByTestId('finish-report').click();
  // Finishing leaves the editor for the list (spec 1 §4): the list itself shows, not only its address.
  await page.waitForURL('**/studies');
  await page.getByTestId(`study-row-${studyId}`).waitFor();
  expect(await page.locator('.ProseMirror').count()).toBe(0);
  await eventually(
    async () => (await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state,
    (s) => s === 2,
    { what: 'report concluded' },
  );
  const { laudo_id: laudoId } = await suite.knex('studies').where({ id: studyId }).first('laudo_id');
  const version = await suite
    .knex('laudo_versions as v')
    .join('laudo_contents as c', 'c.id', 'v.content_id')
    .where({ 'v.laudo_id': laudoId })
    .first('c.body');
  expect(version.body).toContain('Exame dentro dos limites da normalidade.');

  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await until('report-state', 'Concluído');
  await page.getByTestId('toolbar-reopen').click();
  await page.getByTestId('reopen-OTHER').click();
  await page.getByTestId('reopen-dialog').locator('textarea, input[type="text"]').first().fill('Lateralidade trocada');
  await page.getByTestId('reopen-submit').click();
  await until('report-state', 'Em andamento');
  await until('version-row-1', 'Cancelado');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-editor-reopened.png'), fullPage: true });
});
