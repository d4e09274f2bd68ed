/**
 * Issue 16's setup journey in Chromium: from an account with no catalogue, its administrator
 * creates through the UI alone an institution, a modality, an exam, a routine with a rule, a
 * default mask (in the report's editor), a standard phrase, a label and a Connect with its key
 * (first refused with the spec's 'the institution has no valid AeTitle', then with an AE Title
 * of its own). A study sent over STOW-RS with that key arrives in the new institution with its
 * routine and remaining time, and starting its report loads the mask. Screens saved at 1280
 * and 390 px (the Connect, masks, phrases and labels pages).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ web: true, overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `clinic-setup-${name}.png`), fullPage: true });
let t: Tenant;

beforeAll(async () => {
  // The administrator reports too: their role (not the catalogue) holds in every institution.
  t = await createTenant(suite.knex, { studies: 0, users: { admin: DOCTOR_PERMISSIONS } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
  await suite.knex('roles').where({ account_id: t.accountId }).update({ applies_to_all_institutions: true });
});

/** Settles the dialog's entrance before a picture. */
const settled = (page: Page) =>
  page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))');

test('a clinic set up through the UI alone receives a study with its routine, and the mask applies on start', async () => {
  for (const table of ['modalities', 'exams', 'masks', 'phrases', 'labels', 'connects'])
    expect([table, (await suite.knex(table).where({ account_id: t.accountId })).length]).toEqual([table, 0]);
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, {
    viewport: { width: 1280, height: 900 },
  });
  const url = (p: string) => `${suite.platform.url}${p}`;
  const choose = async (scope: ReturnType<Page['getByTestId']>, label: string, option: string) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  // Institution (no AE Title yet).
  await page.goto(url('/admin/institutions'));
  await page.getByTestId('institution-new').click();
  await page.getByTestId('institution-name').fill('Clínica Sul');
  await page.getByTestId('institution-save').click();
  await page.getByTestId('institution-dialog').waitFor({ state: 'detached' });

  // Modality, exam, routine with a rule for the new institution's US studies.
  await page.getByTestId('admin-nav-modalities').click();
  await page.getByTestId('modality-new').click();
  await page.getByTestId('modality-code').fill('US');
  await page.getByTestId('modality-save').click();
  await page.getByTestId('modality-row-US').waitFor();
  await page.getByTestId('admin-nav-exams').click();
  await page.getByTestId('exam-new').click();
  await page.getByTestId('exam-title').fill('US de abdome total');
  await page.getByLabel('Modalidade').click();
  await page.getByTestId('exam-modality-option-US').click();
  await page.getByTestId('exam-save').click();
  await page.getByTestId('exam-row-US de abdome total').waitFor();
  await page.getByTestId('admin-nav-routines').click();
  await page.getByTestId('routine-new').click();
  await page.getByTestId('routine-name').fill('Plantão Sul');
  await page.getByTestId('routine-duration').fill('90');
  await page.getByTestId('routine-alert').fill('20');
  await page.getByTestId('routine-add-rule').click();
  await choose(page.getByTestId('routine-rule-0'), 'Instituição', 'Clínica Sul');
  await page.getByTestId('routine-rule-0').getByLabel('Modalidade').click();
  await page.getByTestId('routine-rule-modality-option-US').click();
  await page.getByTestId('routine-save').click();
  await page.getByTestId('routine-row-Plantão Sul').waitFor();

  // A default mask for US, written in the report editor.
  await page.getByTestId('admin-nav-masks').click();
  await page.getByTestId('masks-page-empty').waitFor();
  await page.getByTestId('mask-new').click();
  const maskDialog = page.getByTestId('mask-dialog');
  await page.getByTestId('mask-title').fill('US abdome normal');
  await choose(maskDialog, 'Modalidade', 'US');
  await page.getByTestId('mask-default').check();
  await maskDialog.getByTestId('report-editor').click();
  await page.keyboard.type('Fígado de dimensões normais e contornos regulares.');
  await maskDialog
    .getByRole('button', { name: /negrito/i })
    .first()
    .click();
  await page.keyboard.type(' Vesícula sem cálculos.');
  await settled(page);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'clinic-setup-mask-editor.png') });
  await page.getByTestId('mask-save').click();
  await page.getByTestId('mask-row-US abdome normal').waitFor();
  await shot(page, 'masks');

  // A standard phrase (the code already in use is refused with the spec's words).
  await page.getByTestId('admin-nav-phrases').click();
  await page.getByTestId('phrase-new').click();
  await page.getByTestId('phrase-code').fill('vb');
  await page.getByTestId('phrase-title').fill('Vesícula biliar');
  await page.getByTestId('phrase-text').fill('Vesícula biliar normodistendida, de paredes finas.');
  await page.getByTestId('phrase-save').click();
  await page.getByTestId('phrase-row-VB').waitFor();
  await page.getByTestId('phrase-new').click();
  await page.getByTestId('phrase-code').fill('VB');
  await page.getByTestId('phrase-title').fill('Outra');
  await page.getByTestId('phrase-text').fill('Outro texto.');
  await page.getByTestId('phrase-save').click();
  await page.getByTestId('phrase-error').getByText('Código já em uso').waitFor();
  await page.getByTestId('phrase-dialog').getByRole('button', { name: 'Cancelar' }).click();
  await page.getByTestId('phrase-dialog').waitFor({ state: 'detached' });
  await shot(page, 'phrases');

  // A label (one letter is refused with the spec's message).
  await page.getByTestId('admin-nav-labels').click();
  await page.getByTestId('label-new').click();
  await page.getByTestId('label-name').fill('A');
  await page.getByTestId('label-save').click();
  await page.getByTestId('label-error').getByText('O label precisa ter no mínimo 2 letras').waitFor();
  await page.getByTestId('label-name').fill('Retorno');
  await page.getByTestId('label-save').click();
  await page.getByTestId('label-row-Retorno').waitFor();
  await shot(page, 'labels');

  // The Connect: the institution has no AE Title, so the Connect needs one of its own.
  await page.getByTestId('admin-nav-connects').click();
  await page.getByTestId('connects-page-empty').waitFor();
  await page.getByTestId('connect-new').click();
  const connectDialog = page.getByTestId('connect-dialog');
  await page.getByTestId('connect-name').fill('Recepção Sul');
  await choose(connectDialog, 'Instituição', 'Clínica Sul');
  await page.getByTestId('connect-storePort').fill('11112');
  await page.getByTestId('connect-save').click();
  await page.getByTestId('connect-error').getByText('A instituição não possui um AeTitle válido.').waitFor();
  await page.getByTestId('connect-ae-title').fill('sul01');
  await settled(page);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'clinic-setup-connect-dialog.png') });
  await page.getByTestId('connect-save').click();
  const keyField = page.getByTestId('connect-key-value');
  await keyField.waitFor();
  const key = await keyField.inputValue();
  expect(key).toMatch(/^lcn_/);
  await page.getByTestId('connect-key-close').click();
  await page.getByTestId('connect-row-Recepção Sul').waitFor();
  await shot(page, 'connects');
  const connect = await suite
    .knex('connects')
    .where({ account_id: t.accountId })
    .first('id', 'ae_title', 'store_port', 'institution_id');
  expect(connect).toMatchObject({ ae_title: 'SUL01', store_port: 11112 });
  expect(JSON.stringify(await suite.knex('connect_keys').where({ connect_id: connect.id }))).not.toContain(key);

  // The study sent with that key.
  const study = makeStudy({ modalities: ['US'], perSeries: 1, studyDescription: 'US de abdome total', patientName: 'Sul^Maria' });
  const studyId = await ingestStudy(suite.platform.url, suite.knex, key, study);
  const row = await suite.knex('studies').where({ id: studyId }).first('institution_id', 'connect_id', 'routine_id');
  const routine = await suite.knex('routines').where({ account_id: t.accountId, name: 'Plantão Sul' }).first('id');
  expect(row).toEqual({ institution_id: connect.institution_id, connect_id: connect.id, routine_id: routine.id });

  await page.goto(url('/studies'));
  const chip = page.getByTestId(`study-routine-${studyId}`);
  await chip.waitFor();
  expect(await chip.textContent()).toMatch(/^Plantão Sul · (1h 29min|1h 30min)$/);
  expect(await chip.getAttribute('data-status')).toBe('onTime');
  await shot(page, 'study-list');

  // The Connect's status shows the study received.
  await page.goto(url('/admin/connects'));
  await eventually(
    () => page.getByTestId('connect-status-Recepção Sul').textContent(),
    (text) => text !== null && !/Último estudo recebido: nunca/.test(text),
    { what: 'last study shown' },
  );

  // Starting the report loads the default mask.
  await page.goto(url(`/studies/report/${studyId}`));
  await page.getByTestId('start-report').click();
  const editor = page.getByTestId('report-editor');
  await eventually(
    () => editor.textContent(),
    (text) =>
      text !== null &&
      text.includes('Fígado de dimensões normais e contornos regulares.') &&
      text.includes('Vesícula sem cálculos.'),
    { what: 'the mask loaded on start' },
  );
  expect(await editor.locator('strong').textContent()).toBe(' Vesícula sem cálculos.');
  await shot(page, 'report-started');

  // The pages on a phone: nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const area of ['connects', 'masks', 'phrases', 'labels']) {
    await page.goto(url(`/admin/${area}`));
    await page.getByTestId(`${area}-page`).waitFor();
    await page
      .locator(
        '[data-testid$="-row-Recepção Sul"], [data-testid^="mask-row-"], [data-testid^="phrase-row-"], [data-testid^="label-row-"]',
      )
      .first()
      .waitFor();
    await shot(page, `${area}-390`);
    expect([area, await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')]).toEqual([area, 0]);
  }
});

test('veterinary brand in English at 390 px: a key is rotated and revoked in the UI and the old keys stop at once', async () => {
  const vet = await createTenant(suite.knex, { studies: 0, isForHuman: false, users: { admin: [] } });
  await suite.knex('user_accounts').where({ user_id: vet.users.admin!.id }).update({ is_admin: true });
  await suite.knex('institutions').where({ id: vet.institutionId }).update({ ae_title: 'VETPET' });
  const page = await signedInPage(suite.browser, suite.platform.url, vet.users.admin!.username, {
    viewport: { width: 390, height: 844 },
    appLang: 'en',
  });
  const poll = (key: string) =>
    fetch(`${suite.platform.url}/api/connect-agent/downloads`, { headers: { authorization: `Bearer ${key}` } }).then(
      (r) => r.status,
    );
  await page.goto(`${suite.platform.url}/admin/connects`);
  await page.getByText('No Connect registered.').waitFor();
  await page.getByTestId('connect-new').click();
  await page.getByTestId('connect-name').fill('Front desk');
  await page.getByTestId('connect-dialog').getByRole('combobox', { name: 'Institution' }).click();
  await page.getByRole('option').first().click();
  await page.getByTestId('connect-save').click();
  const first = await page.getByTestId('connect-key-value').inputValue();
  await page.getByText('Copy the key now: it will not be shown again.', { exact: false }).waitFor();
  await page.getByTestId('connect-key-close').click();
  expect(await poll(first)).toBe(200);

  const card = page.getByTestId('connect-row-Front desk');
  await card.getByRole('button', { name: 'Rotate key' }).click();
  const second = await page.getByTestId('connect-key-value').inputValue();
  expect(second).not.toBe(first);
  await page.getByTestId('connect-key-close').click();
  await card.getByText('Revoked').waitFor();
  expect(await poll(first)).toBe(401);
  expect(await poll(second)).toBe(200);

  await card.getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('confirm-delete-yes').click();
  await eventually(
    () => card.getByText('Revoked').count(),
    (n) => n === 2,
    { what: 'both keys revoked' },
  );
  expect(await poll(second)).toBe(401);
  await card.getByText(/^Last contact: /).waitFor();

  // A connection mapping a DICOM tag; the default one cannot be deleted.
  await page.getByTestId('connection-new-Front desk').click();
  await page.getByTestId('connection-name').fill('PACS');
  await page.getByTestId('connection-add-tag').click();
  await page.getByTestId('connection-tag-0').fill('0010,1000');
  await settled(page);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'clinic-setup-connection-dialog-vet-en-390.png') });
  await page.getByTestId('connection-save').click();
  await card.getByTestId('connection-row-PACS').getByText('PACS · 1 mapped tag').waitFor();
  expect(await suite.knex('connect_connections').where({ account_id: vet.accountId, name: 'PACS' }).first('tag_mapping')).toEqual(
    {
      tag_mapping: [{ tag: '0010,1000', field: 'patientId' }],
    },
  );
  await card.getByTestId('connection-row-Padrão').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-delete-yes').click();
  await page.getByText('The default connection cannot be deleted.').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'clinic-setup-connects-vet-en-390.png'), fullPage: true });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
  await page.context().close();
});
