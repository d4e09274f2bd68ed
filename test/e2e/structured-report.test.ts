/**
 * A SISMAMA report in the browser: switch an MG study's report to SISMAMA, fill the form,
 * try to preview and to finish with a BI-RADS category missing ('Campos inválidos.'), fill
 * it, preview, finish, and read the rendering back.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage, testIdText, untilTestIdShows } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_SAVE_REPORTS_OIT'] } });
  await suite
    .knex('studies')
    .where({ id: t.studyIds[0] })
    .update({ modalities: ['MG'], exam_type: 'Mamografia bilateral' });
  await suite
    .knex('studies')
    .where({ id: t.studyIds[1] })
    .update({ modalities: ['DX'], exam_type: 'RX de tórax PA (OIT)' });
  await suite
    .knex('accounts')
    .where({ id: t.accountId })
    .update({ config: { ALLOW_REPORT_SISMAMA: 'true' } });
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
});

const text = (testId: string) => testIdText(page, testId);
const until = (testId: string, wanted: string, timeout?: number) => untilTestIdShows(page, testId, wanted, timeout);

async function choose(testId: string, value: string) {
  await page.getByTestId(testId).click();
  await page.locator(`li[data-value="${value}"]`).click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
}

test('switch to SISMAMA, fill the form, finish refused without BI-RADS, then finished', async () => {
  const studyId = t.studyIds[0]!;
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await until('report-state', 'Não iniciado');
  await page.getByTestId('start-report').click();
  await until('report-state', 'Em andamento');
  await page.getByTestId('toolbar-switchModel').click();
  await page.getByTestId('model-SISMAMA').click();
  await page.getByTestId('structured-form').waitFor();

  await choose('field-sismama.indication', 'RASTREAMENTO');
  await choose('field-sismama.composition', 'b');
  await page.getByTestId('add-sismama.findings').click();
  await choose('field-sismama.findings-0-finding.breast', 'D');
  await choose('field-sismama.findings-0-finding.kind', 'NODULO');
  await choose('field-sismama.findings-0-finding.location', 'QSL');
  await page.getByTestId('field-sismama.findings-0-finding.size').fill('8');
  await choose('field-sismama.biradsRight', '3');
  await until('structured-status', 'Rascunho salvo');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'structured-sismama-form.png'), fullPage: true });

  // The left BI-RADS category is missing: preview is refused with the same dialog (spec 2 §5).
  await page.getByTestId('bottom-preview').click();
  await until('invalid-fields-dialog', 'Campo BI-RADS mama esquerda é obrigatório.');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'structured-preview-invalid.png') });
  expect(await page.getByTestId('pdf-preview-dialog').count()).toBe(0);
  await page.getByTestId('invalid-fields-dialog').getByRole('button', { name: 'Fechar' }).click();
  await page.getByTestId('invalid-fields-dialog').waitFor({ state: 'detached' });

  // …and so is finishing: the dialog lists it.
  await page.getByTestId('finish-report').click();
  await until('invalid-fields-dialog', 'Campo BI-RADS mama esquerda é obrigatório.');
  expect(await text('invalid-fields-dialog')).toContain('Campos inválidos.');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'structured-invalid-fields.png') });
  await page.getByTestId('invalid-fields-dialog').getByRole('button', { name: 'Fechar' }).click();
  await page.getByTestId('invalid-fields-dialog').waitFor({ state: 'detached' });
  expect((await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state).toBe(1);

  // The values were saved as they were chosen (the structured draft).
  const saved = await suite
    .knex('structured_report_values as v')
    .join('studies as s', 's.laudo_id', 'v.laudo_id')
    .where('s.id', studyId)
    .pluck('v.field_id');
  expect(saved.sort()).toEqual(['sismama.biradsRight', 'sismama.composition', 'sismama.findings', 'sismama.indication']);

  await choose('field-sismama.biradsLeft', '1');
  // A valid form previews its rendering.
  await page.getByTestId('bottom-preview').click();
  await page.getByTestId('pdf-preview-frame').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'structured-preview-valid.png') });
  await page.getByTestId('pdf-preview-dialog').getByRole('button', { name: 'Fechar' }).click();
  await page.getByTestId('pdf-preview-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('finish-report').click();
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
    .first('c.body', 'v.structured_type');
  expect(version.structured_type).toBe('SISMAMA');
  expect(version.body).toContain('<strong>BI-RADS mama esquerda:</strong> 1 — Negativo');
  expect(version.body).toContain(
    'Achado 1: Mama: Mama direita; Tipo de achado: Nódulo; Localização: Quadrante superior lateral; Tamanho (mm): 8',
  );

  // The finished report reads as its rendering.
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await until('editor-card', 'BI-RADS mama direita: 3 — Provavelmente benigno');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'structured-sismama-finished.png'), fullPage: true });
});

test('the OIT form: ILO table of zones, symbols, plaques as a dynamic group', async () => {
  const studyId = t.studyIds[1]!;
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await until('report-state', 'Não iniciado');
  await page.getByTestId('start-report').click();
  await until('report-state', 'Em andamento');
  await page.getByTestId('toolbar-switchModel').click();
  await page.getByTestId('model-OIT').click();
  await page.getByTestId('structured-form').waitFor();
  await choose('field-oit.parenchymal', 'S');
  await page.getByRole('checkbox', { name: 'Superior Direita' }).check();
  await page.getByTestId('add-oit.plaques').click();
  await until('structured-status', 'Rascunho salvo');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'structured-oit-form.png'), fullPage: true });
  const zones = await eventually(
    // Scoped to this study's report: other test files write OIT values in the same database.
    () =>
      suite
        .knex('structured_report_values as v')
        .join('studies as s', 's.laudo_id', 'v.laudo_id')
        .where({ 'v.field_id': 'oit.zones', 's.id': studyId })
        .first('v.value'),
    (row) => Boolean(row),
    { what: 'zones saved' },
  );
  expect(zones.value).toEqual(['U.R']);
});
