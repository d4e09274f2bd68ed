/**
 * The issue 4 flow in the browser, in Portuguese and in English: a doctor starts a report
 * from a mask, inserts a phrase, types, sees the draft saved, reloads and finds the text,
 * requests review; a second doctor (another browser context) sees it live, starts and
 * finishes the review; the doctor reopens it with a justification and the versions panel
 * shows the archived version. Screenshots of the list, the editor and the dialogs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Permission } from '../../domain/auth/permissions';
import { eventually } from '../support/eventually';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..');
const TEMPLATES: Permission[] = ['ACCOUNTS_GET_MODALITY_TEMPLATES', 'PHRASES_CREATE_PHRASES_BY_ACCOUNT'];
const suite = platformSuite({
  web: true,
  beforeStop: async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  },
});
const contexts: BrowserContext[] = [];

/** A catalogue string by key path (the test reads what the user reads). */
function say(lang: 'pt-BR' | 'en', key: string): string {
  const catalogue = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'src', 'i18n', `${lang}.json`), 'utf8'));
  return key.split('.').reduce((o: any, k) => o[k], catalogue) as string;
}

async function open(lang: 'pt-BR' | 'en', t: Tenant, who: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users[who]!.username, { locale: lang, appLang: lang });
  contexts.push(page.context());
  return page;
}

const stateOf = (page: Page) =>
  page
    .getByTestId('report-state')
    .getAttribute('data-state')
    .catch(() => null);
const untilState = (page: Page, state: number) =>
  eventually(
    () => stateOf(page),
    (s) => s === String(state),
    { what: `state ${state}` },
  );

describe.each(['pt-BR', 'en'] as const)('review flow (%s)', (lang) => {
  it('mask, phrase, autosave, reload, review by a colleague, reopen with a reason', async () => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: path.join(E2E_ARTIFACTS, `${lang}-${name}.png`), fullPage: true });
    const t = await createTenant(suite.knex, {
      studies: 2,
      users: { doctor: [...DOCTOR_PERMISSIONS, ...TEMPLATES], reviewer: [...DOCTOR_PERMISSIONS, 'REPORTS_REVIEW'] },
    });
    const [mask] = await suite
      .knex('masks')
      .insert({
        account_id: t.accountId,
        scope: 'user',
        user_id: t.users.doctor!.id,
        title: 'TC de crânio normal',
        modality: 'CT',
        content: '<h3>TC DE CRÂNIO</h3><p>Técnica: aquisição helicoidal.</p>',
      })
      .returning('id');
    await suite.knex('phrases').insert({
      account_id: t.accountId,
      code: 'NORMAL',
      title: 'Exame normal',
      phrase: 'Exame dentro dos limites da normalidade.',
    });
    const studyId = t.studyIds[1]!;

    const doctor = await open(lang, t, 'doctor');
    const reviewer = await open(lang, t, 'reviewer');
    await shot(reviewer, 'study-list');

    await doctor.goto(`${suite.platform.url}/studies/report/${studyId}`);
    await doctor.getByTestId('start-report').click();
    await untilState(doctor, 1);

    // A mask, then a phrase from the picker, then typing.
    await doctor.getByTestId('toolbar-masksMenu').click();
    await doctor.getByTestId('menu-choose-mask').click();
    await doctor.getByTestId('mask-chooser').waitFor();
    await shot(doctor, 'dialog-masks');
    await doctor.getByTestId(`mask-${mask.id}`).click();
    const editor = doctor.locator('.ProseMirror');
    await eventually(
      () => editor.innerText(),
      (v) => v.includes('Técnica: aquisição helicoidal.'),
      { what: 'mask loaded' },
    );
    await editor.click();
    await doctor.keyboard.press('Control+End');
    await doctor.keyboard.press('Control+Space');
    await doctor.getByTestId('phrase-picker').waitFor();
    await doctor.keyboard.type('NOR');
    await shot(doctor, 'dialog-phrases');
    await doctor.getByTestId('phrase-option-NORMAL').click();
    await eventually(
      () => editor.innerText(),
      (v) => v.includes('Exame dentro dos limites da normalidade.'),
      { what: 'phrase inserted' },
    );
    await editor.click();
    await doctor.keyboard.press('Control+End');
    await doctor.keyboard.type(' Sem sinais de sangramento.');
    await eventually(
      () => doctor.getByTestId('draft-status').innerText(),
      (v) => v.includes(say(lang, 'editor.status.saved')),
      {
        what: 'draft saved',
      },
    );
    await shot(doctor, 'editor');

    await doctor.reload();
    await eventually(
      () => editor.innerText(),
      (v) => v.includes('Sem sinais de sangramento.'),
      { what: 'text after reload' },
    );

    // Request review; the colleague's list shows it live.
    await doctor.getByTestId('toolbar-requestReview').click();
    await shot(doctor, 'dialog-request-review');
    await doctor.getByTestId('confirm-submit').click();
    await eventually(
      () => reviewer.getByTestId(`study-status-${studyId}`).getAttribute('data-state'),
      (s) => s === '11',
      { what: 'live state 11 in the second window' },
    );

    await reviewer.getByTestId(`study-row-${studyId}`).click();
    await reviewer.getByTestId('start-review').click();
    await untilState(reviewer, 12);
    const reviewEditor = reviewer.locator('.ProseMirror');
    await reviewEditor.click();
    await reviewer.keyboard.press('Control+End');
    await reviewer.keyboard.type(' Revisado.');
    await reviewer.getByTestId('finish-report').click();
    await eventually(
      async () => (await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state,
      (s) => s === 2,
      { what: 'review finished' },
    );

    // Reopen with a reason: the reviewed version is archived.
    await doctor.goto(`${suite.platform.url}/studies/report/${studyId}`);
    await untilState(doctor, 2);
    await doctor.getByTestId('toolbar-reopenReview').click();
    await doctor.getByTestId('reopen-dialog').waitFor();
    await doctor.getByTestId('reopen-OTHER').click();
    await doctor.getByTestId('reopen-dialog').locator('textarea, input[type="text"]').first().fill('Lateralidade trocada');
    await shot(doctor, 'dialog-reopen');
    await doctor.getByTestId('reopen-submit').click();
    await eventually(
      () =>
        doctor
          .getByTestId('version-row-1')
          .innerText()
          .catch(() => ''),
      (v) => v.includes(say(lang, 'editor.versions.statuses.CANCELLED')),
      { what: 'version 1 cancelled in the panel' },
    );
    await shot(doctor, 'versions');
    const versions = await suite
      .knex('laudo_versions as v')
      .join('studies as s', 's.laudo_id', 'v.laudo_id')
      .where('s.id', studyId)
      .orderBy('v.version')
      .select('v.version', 'v.cancelled');
    expect(versions).toEqual([
      { version: 1, cancelled: true },
      { version: 2, cancelled: false },
    ]);
  });
});
