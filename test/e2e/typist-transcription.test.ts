/**
 * Issue 17, the typist: a doctor narrates a report (an encoded MP3 tone sent through the
 * API, as the recorder sends it) and it waits for typing (22); the typist finds it with the
 * list's 'Laudo narrado' filter, starts the transcription (23) and on
 * /studies/report/{id}/transcription plays the audio, jumps ±5 s and changes speed with the
 * pedal keys while the cursor is in the editor, types and finishes (24); the narrating doctor
 * starts the review of the typed report (25), edits and finishes it (2). States are read over
 * the API; the page is looked at at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '../support/eventually';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { encodeToneMp3 } from '../support/mp3';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const contexts: BrowserContext[] = [];
const suite = platformSuite({
  web: true,
  // headless Chromium plays through its fake audio output; no gesture rule in the way of F2
  chromiumArgs: ['--autoplay-policy=no-user-gesture-required'],
  beforeStop: async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  },
});
const api = suite.api;
let t: Tenant;
const tokens: Record<string, string> = {};

/** What the test reads of the page's <audio> (the Node project has no DOM types). */
interface AudioLike {
  currentTime: number;
  playbackRate: number;
  paused: boolean;
  readyState: number;
  duration: number;
}

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 2,
    users: { doctor: DOCTOR_PERMISSIONS, typist: ['STUDIES_TRANSCRIBE_REPORTS'], other: ['STUDIES_TRANSCRIBE_REPORTS'] },
  });
  for (const who of ['doctor', 'typist', 'other']) tokens[who] = await login(api, t.users[who]!.username);
});

async function call(who: string, method: string, p: string, body: unknown = {}) {
  const res = await api(method, p, { token: tokens[who], body: method === 'GET' ? undefined : body });
  if (res.status !== 200) throw new Error(`${method} ${p} by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const stateOf = async (studyId: string): Promise<number> =>
  (await call('doctor', 'GET', `/studies/${studyId}`)).study.report.state;

async function narrate(studyId: string, seconds: number) {
  await call('doctor', 'POST', `/studies/${studyId}/reports/start`);
  // The upload is judged before its bytes are read: a refusal would cut a large body short.
  await eventually(
    () => stateOf(studyId),
    (s) => s === 1,
    { what: 'report started' },
  );
  // A fresh connection: a large body on a reused keep-alive socket the server is closing
  // meets ECONNRESET (a transport race of the test client, not of the platform).
  const body = encodeToneMp3(seconds);
  const send = () =>
    new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${suite.platform.url}/api/studies/${studyId}/narratedReport`,
        {
          method: 'POST',
          agent: false,
          headers: {
            access_token: tokens.doctor!,
            'content-type': 'audio/mpeg',
            'content-length': body.length,
            'idempotency-key': key,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(`${res.statusCode} ${text.slice(0, 200)}`));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  // As the recorder does (web/src/lib/intent.ts): a 503 leaves the outcome unknown, so the same
  // intent is sent again with its key; the platform answers what the first attempt did.
  const key = `narrate-${randomUUID()}`;
  let answer = await send();
  for (const delay of [400, 1200]) {
    if (!answer.startsWith('503')) break;
    console.log(`narratedReport answered ${answer}; resent with the same key`);
    await new Promise((r) => setTimeout(r, delay));
    answer = await send();
  }
  expect(answer.slice(0, 3)).toBe('200');
  expect(await stateOf(studyId)).toBe(22);
}

async function open(who: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users[who]!.username, { viewport });
  contexts.push(page.context());
  page.setDefaultTimeout(20_000);
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`browser (${who}): ${m.text()}`);
  });
  return page;
}

const audio = (page: Page) => page.getByTestId('narration-audio');
const readAudio = (page: Page) =>
  audio(page).evaluate((a: AudioLike) => ({
    currentTime: a.currentTime,
    playbackRate: a.playbackRate,
    paused: a.paused,
    readyState: a.readyState,
    duration: a.duration,
  }));

/** Every one of the page's own blocks fits the viewport's width (nothing scrolls sideways). */
async function widestOverflow(page: Page, testIds: string[], width: number): Promise<string[]> {
  const over: string[] = [];
  for (const id of testIds) {
    const box = await page.getByTestId(id).boundingBox();
    if (!box) throw new Error(`${id} not on the page`);
    if (box.x < 0 || box.x + box.width > width + 0.5) over.push(`${id}: ${box.x}+${box.width}`);
  }
  return over;
}

test('narrated → typed with the player keys → reviewed and finished by the narrating doctor', async () => {
  const studyId = t.studyIds[0]!;
  await narrate(studyId, 30);

  // The typist's entry: the list filtered on 'Laudo narrado' (state 22), the row opens the report.
  const typist = await open('typist');
  await typist.goto(`${suite.platform.url}/studies?status=22`);
  const row = typist.getByTestId(`study-row-${studyId}`);
  await eventually(
    () => row.innerText(),
    (s) => s.includes('Laudo narrado'),
    { what: 'narrated row listed' },
  );
  expect(await typist.getByTestId(`study-row-${t.studyIds[1]!}`).count()).toBe(0);
  await row.click();
  await typist.waitForURL(`**/studies/report/${studyId}`);
  await typist.getByTestId('start-typing').click();
  await typist.waitForURL(`**/studies/report/${studyId}/transcription`);
  expect(await stateOf(studyId)).toBe(23);

  // The narration loads; the hotkeys are listed on the page.
  await eventually(
    () => readAudio(typist),
    (a) => a.readyState >= 1 && a.duration > 25,
    { what: 'audio metadata' },
  );
  const hotkeys = await typist.getByTestId('player-hotkeys').innerText();
  expect(hotkeys).toContain('F2 ou Ctrl+Espaço');
  expect(hotkeys).toContain('F1');
  expect(hotkeys).toContain('F3');

  // Every key below is pressed with the cursor in the editor, as while typing.
  const editor = typist.getByTestId('report-editor');
  await editor.click();
  await typist.keyboard.press('F2');
  await eventually(
    () => readAudio(typist),
    (a) => !a.paused && a.currentTime > 1,
    { what: 'playing (currentTime advances)' },
  );
  expect(await typist.getByTestId('player-toggle').getAttribute('data-playing')).toBe('true');
  await typist.keyboard.press('F2');
  await eventually(
    () => readAudio(typist),
    (a) => a.paused,
    { what: 'paused' },
  );
  const at = (await readAudio(typist)).currentTime;
  await typist.keyboard.press('F3');
  expect((await readAudio(typist)).currentTime).toBeCloseTo(at + 5, 1);
  await typist.keyboard.press('F1');
  await typist.keyboard.press('F1');
  expect((await readAudio(typist)).currentTime).toBeCloseTo(Math.max(0, at - 5), 1);
  await typist.keyboard.press('F3');
  expect((await readAudio(typist)).currentTime).toBeCloseTo(Math.max(0, at - 5) + 5, 1);
  await typist.keyboard.press('F8');
  expect((await readAudio(typist)).playbackRate).toBe(1.25);
  await typist.keyboard.press('F8');
  await typist.keyboard.press('F8');
  await typist.keyboard.press('F8');
  await typist.keyboard.press('F8'); // stays at the fastest
  expect((await readAudio(typist)).playbackRate).toBe(2);
  for (let i = 0; i < 6; i++) await typist.keyboard.press('F4');
  expect((await readAudio(typist)).playbackRate).toBe(0.5);
  await typist.keyboard.press('Control+Space');
  await eventually(
    () => readAudio(typist),
    (a) => !a.paused,
    { what: 'Ctrl+Space plays' },
  );
  // The keys did not type into the text, and the editor kept the focus.
  expect((await editor.innerText()).trim()).toBe('');
  await typist.keyboard.type('Fígado de dimensões normais. ');
  await typist.keyboard.press('Control+Space');
  await eventually(
    () => readAudio(typist),
    (a) => a.paused,
    { what: 'Ctrl+Space pauses' },
  );
  await typist.keyboard.type('Vesícula sem cálculos.');
  expect(await editor.innerText()).toContain('Fígado de dimensões normais. Vesícula sem cálculos.');
  // The typed text is the study's draft on the server (decision 023), and survives a reload.
  await eventually(
    async () => (await call('typist', 'GET', `/studies/${studyId}/drafts`)).draft?.content ?? '',
    (c: string) => c.includes('Vesícula sem cálculos.'),
    { what: 'typist draft saved' },
  );
  await typist.getByTestId('draft-status').and(typist.locator('[data-status="saved"]')).waitFor();
  await typist.reload();
  await eventually(
    () => typist.getByTestId('report-editor').innerText(),
    (s) => s.includes('Vesícula sem cálculos.'),
    {
      what: 'text back after reload',
    },
  );
  await eventually(
    () => readAudio(typist),
    (a) => a.readyState >= 1,
    { what: 'audio after reload' },
  );
  await typist.getByTestId('report-editor').click();
  await typist.keyboard.press('F8');
  expect((await readAudio(typist)).playbackRate).toBe(1.25);

  await typist.screenshot({ path: path.join(E2E_ARTIFACTS, 'typist-transcription-1280.png'), fullPage: true });
  const blocks = ['transcription-header', 'narration-player', 'transcription-editor-card', 'transcription-actions'];
  expect(await widestOverflow(typist, blocks, 1280)).toEqual([]);
  // Side by side at 1280 px: the player left of the editor.
  const player = (await typist.getByTestId('narration-player').boundingBox())!;
  const card = (await typist.getByTestId('transcription-editor-card').boundingBox())!;
  expect(player.x + player.width).toBeLessThanOrEqual(card.x);
  await typist.setViewportSize({ width: 390, height: 844 });
  await typist.waitForTimeout(300);
  await typist.screenshot({ path: path.join(E2E_ARTIFACTS, 'typist-transcription-390.png'), fullPage: true });
  expect(await widestOverflow(typist, [...blocks, 'player-toggle', 'finish-typing'], 390)).toEqual([]);
  await typist.setViewportSize({ width: 1280, height: 900 });

  // Another typist cannot take or finish it.
  const refused = await api('POST', `/studies/${studyId}/reports/finishReportTranscription`, {
    token: tokens.other,
    body: { content: '<p>x</p>' },
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);

  await typist.getByTestId('finish-typing').click();
  await typist.getByText('Laudo digitado enviado ao médico para revisão.').waitFor();
  await typist.waitForURL('**/studies');
  expect(await stateOf(studyId)).toBe(24);
  const typed = await call('doctor', 'GET', `/studies/${studyId}/reports/content`);
  expect(typed.laudoContent).toContain('Fígado de dimensões normais. Vesícula sem cálculos.');

  // The narrating doctor reviews the typed report (24 → 25), edits and finishes (→ 2).
  const doctor = await open('doctor');
  await doctor.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await doctor.getByTestId('start-typed-review').click();
  await eventually(
    () => stateOf(studyId),
    (s) => s === 25,
    { what: 'reviewing typed report' },
  );
  const doctorEditor = doctor.getByTestId('report-editor');
  await eventually(
    () => doctorEditor.innerText(),
    (s) => s.includes('Vesícula sem cálculos.'),
    { what: 'typed text in the editor' },
  );
  await eventually(
    () => doctorEditor.getAttribute('contenteditable'),
    (s) => s === 'true',
    { what: 'editable' },
  );
  // The narration is at hand beside the doctor's editor: its F-keys work there too.
  await eventually(
    () => readAudio(doctor),
    (a) => a.readyState >= 1 && a.duration > 25,
    { what: 'doctor audio' },
  );
  await doctorEditor.click();
  await doctor.keyboard.press('F3');
  expect((await readAudio(doctor)).currentTime).toBeCloseTo(5, 1);
  await doctor.keyboard.press('Control+End');
  await doctor.keyboard.type(' Conclusão: exame normal.');
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'typist-typed-review.png'), fullPage: true });
  await doctor.getByTestId('finish-report').click();
  await doctor.getByText('Laudo finalizado com sucesso!').waitFor();
  await eventually(
    () => stateOf(studyId),
    (s) => s === 2,
    { what: 'concluded' },
  );
  const final = await call('doctor', 'GET', `/studies/${studyId}/reports/content`);
  expect(final.laudoContent).toContain('Vesícula sem cálculos.');
  expect(final.laudoContent).toContain('Conclusão: exame normal.');
});

test('the transcription page: give the audio back, and who may not type sees why', async () => {
  const studyId = t.studyIds[1]!;
  await narrate(studyId, 3);
  const typist = await open('typist', { width: 390, height: 844 });
  // Opened directly in 22: the page offers to start.
  await typist.goto(`${suite.platform.url}/studies/report/${studyId}/transcription`);
  await typist.getByTestId('transcription-start-button').click();
  await typist.getByTestId('narration-player').waitFor();
  expect(await stateOf(studyId)).toBe(23);
  // Nothing typed: finishing is not offered (as the report's own finish).
  await typist.getByTestId('report-editor').waitFor();
  expect(await typist.getByTestId('finish-typing').isDisabled()).toBe(true);
  await typist.screenshot({ path: path.join(E2E_ARTIFACTS, 'typist-transcription-390-start.png'), fullPage: true });

  // Another typist opening it is told it is being typed by someone else.
  const other = await open('other');
  await other.goto(`${suite.platform.url}/studies/report/${studyId}/transcription`);
  await other.getByTestId('transcription-unavailable').getByText('Outro digitador está transcrevendo este laudo.').waitFor();

  // Giving the audio back returns the report to 22 and the typist to the report page.
  await typist.getByTestId('cancel-typing').click();
  await typist.getByTestId('cancel-typing-dialog').getByRole('button', { name: 'Devolver áudio' }).click();
  await typist.waitForURL(`**/studies/report/${studyId}`);
  expect(await stateOf(studyId)).toBe(22);
  await typist.getByTestId('start-typing').waitFor();
});
