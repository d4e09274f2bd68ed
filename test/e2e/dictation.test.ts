/**
 * Dictation (spec 2 speechLaudo, issue 17) in Chromium. The browser's recognition is replaced by
 * a stand-in the test drives (Debian's Chromium has no speech service), so what is checked is the
 * editor's side: pt-BR asked for, what is being heard shown, final text inserted at the cursor
 * and saved, recognition restarted after a silence until the user stops it, a refused
 * microphone said plainly; no button without the setting; a browser without recognition says so.
 */
import type { Page } from 'playwright-core';
import { signedInPage, untilTestIdShows } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;

/** window.SpeechRecognition as a stand-in: instances kept in window.__speech for the test. */
const FAKE_RECOGNITION = `
  window.__speech = [];
  class FakeRecognition {
    constructor() { this.starts = 0; this.stops = 0; window.__speech.push(this); }
    start() { this.starts++; }
    stop() { this.stops++; }
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
`;
const NO_RECOGNITION = `delete window.SpeechRecognition; delete window.webkitSpeechRecognition;`;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 3, users: { doctor: DOCTOR_PERMISSIONS } });
});

async function reportPage(script: string, studyId: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await page.context().addInitScript(script);
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.getByTestId('start-report').click();
  await untilTestIdShows(page, 'report-state', 'Em andamento');
  await page.locator('.ProseMirror').click();
  return page;
}

const speech = (page: Page, js: string) => page.evaluate(`(() => { const r = window.__speech.at(-1); ${js} })()`);

test('speech becomes text at the cursor, in pt-BR, until the user stops', async () => {
  await setAccountConfig(suite.knex, t.accountId, { speechLaudo: 'true' });
  const studyId = t.studyIds[0]!;
  const page = await reportPage(FAKE_RECOGNITION, studyId);
  await page.keyboard.type('Conclusão: ');
  await page.getByTestId('dictation-toggle').click();
  expect(await speech(page, 'return [r.lang, r.continuous, r.interimResults, r.starts]')).toEqual(['pt-BR', true, true, 1]);

  await speech(page, `r.onresult({ resultIndex: 0, results: { length: 1, 0: { isFinal: false, 0: { transcript: 'mamas densas' } } } })`);
  await untilTestIdShows(page, 'dictation-heard', 'mamas densas');
  await speech(
    page,
    `r.onresult({ resultIndex: 0, results: { length: 1, 0: { isFinal: true, 0: { transcript: 'mamas densas sem achados' } } } })`,
  );
  await eventually(
    () => page.locator('.ProseMirror').innerText(),
    (text) => text.includes('Conclusão: mamas densas sem achados'),
    { what: 'dictated text in the editor' },
  );
  // A silence ends the browser's recognition: it starts again while dictation is on.
  await speech(page, 'r.onend()');
  expect(await speech(page, 'return r.starts')).toBe(2);
  // The dictated text is saved like typed text.
  await untilTestIdShows(page, 'draft-status', 'Rascunho salvo');
  expect((await suite.knex('study_drafts').where({ study_id: studyId }).first('content')).content).toContain('mamas densas sem achados');

  await page.getByTestId('dictation-toggle').click();
  expect(await speech(page, 'r.onend(); return [r.stops, r.starts]')).toEqual([1, 2]);
  expect(await page.getByTestId('dictation-heard').count()).toBe(0);

  // A refused microphone is said plainly and stops dictation.
  await page.getByTestId('dictation-toggle').click();
  await speech(page, `r.onerror({ error: 'not-allowed' })`);
  await page.getByText('O acesso ao microfone foi negado').waitFor();
  expect(await page.getByTestId('dictation-toggle').getAttribute('aria-pressed')).toBe('false');
  await page.context().close();
});

test('a browser without speech recognition says so; without the setting there is no button', async () => {
  await setAccountConfig(suite.knex, t.accountId, { speechLaudo: 'true' });
  const page = await reportPage(NO_RECOGNITION, t.studyIds[1]!);
  const button = page.getByTestId('dictation-toggle');
  expect(await button.isDisabled()).toBe(true);
  expect(await button.getAttribute('aria-label')).toContain('não é oferecido por este navegador');
  await page.context().close();

  await setAccountConfig(suite.knex, t.accountId, { speechLaudo: 'false' });
  const off = await reportPage(FAKE_RECOGNITION, t.studyIds[2]!);
  await off.getByTestId('formatting-bar').waitFor();
  await off.waitForLoadState('networkidle'); // the account's settings have been read
  expect(await off.getByTestId('dictation-toggle').count()).toBe(0);
  await off.context().close();
});
