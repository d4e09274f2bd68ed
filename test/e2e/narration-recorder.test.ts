/**
 * The audio recorder in Debian's Chromium with its fake microphone (a beep tone): the doctor
 * records about 3 s with a pause, listens, is asked before leaving with unsent audio, sends;
 * the study list shows 'Laudo narrado' and the stored audio is a real MP3 of that length.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { frameAt, firstMp3Frame } from '../../domain/audio/mp3';
import { eventually } from '../support/eventually';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({
  web: true,
  chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
const api = suite.api;
let t: Tenant;
let page: Page;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, { permissions: ['microphone'] });
  page.setDefaultTimeout(20_000);
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`browser: ${m.text()}`);
  });
});

const recorderState = () => page.getByTestId('narration-recorder').getAttribute('data-state');
const untilState = (wanted: string, timeout = 15_000) =>
  eventually(recorderState, (s) => s === wanted, { timeout, what: `recorder ${wanted}` });
const timerText = () => page.getByTestId('recorder-timer').innerText();

/** What the test reads of the page's <audio> (the Node project has no DOM types). */
interface AudioLike {
  readyState: number;
  duration: number;
  error: { code: number } | null;
  addEventListener(type: string, listener: () => void): void;
}

/** Seconds of audio in an MP3, from its frames. */
function mp3Seconds(bytes: Uint8Array): number {
  let frame = firstMp3Frame(bytes);
  let seconds = 0;
  while (frame) {
    seconds += (frame.version === 3 ? 1152 : 576) / frame.sampleRate;
    frame = frameAt(bytes, frame.offset + frame.length);
  }
  return seconds;
}

test('record with a pause, listen, leave prompt, send: the report is narrated and the audio is an MP3', async () => {
  const studyId = t.studyIds[0]!;
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.getByTestId('start-report').click();
  await eventually(
    () => page.getByTestId('report-state').innerText(),
    (s) => s.includes('Em andamento'),
    { what: 'report started' },
  );
  await page.getByTestId('bottom-change-mask').waitFor();

  await page.getByTestId('toolbar-narrate').click();
  await page.getByTestId('recorder-record').click();
  await untilState('recording');
  // no mask change while recording (spec 2 §4)
  await page.getByTestId('bottom-change-mask').waitFor({ state: 'detached', timeout: 5_000 });
  await eventually(timerText, (s) => s === '00:00:02', { timeout: 10_000, what: 'timer at 2 s' });
  // the fake microphone beeps with silences between: the meter moves within a beep or two
  await eventually(
    async () => Number(await page.getByTestId('recorder-level').getAttribute('aria-valuenow')),
    (v) => v > 0,
    { timeout: 5_000, what: 'level meter moves' },
  );
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'recorder-recording.png'), fullPage: true });

  await page.getByTestId('recorder-pause').click();
  await untilState('paused');
  const pausedAt = await timerText();
  await page.waitForTimeout(1200);
  expect(await timerText()).toBe(pausedAt); // the timer stands still while paused
  await page.getByTestId('recorder-resume').click();
  await untilState('recording');
  // counting again from where it stood (a slow screenshot may have paused it past 2 s)
  await eventually(timerText, (s) => s > pausedAt, { timeout: 10_000, what: 'timer past its paused value' });
  await page.getByTestId('recorder-stop').click();
  await untilState('stopped');
  // What the timer shows is what was recorded: the clip's length is judged against it.
  const recorded = (await timerText()).split(':').reduce((total, part) => total * 60 + Number(part), 0);
  expect(recorded).toBeGreaterThanOrEqual(3);
  // change mask comes back once the recording stopped (the bar re-renders after the state)
  await page.getByTestId('bottom-change-mask').waitFor({ timeout: 5_000 });

  // playback of the recorded MP3 in the browser itself
  const duration = await page.getByTestId('recorder-playback').evaluate(
    (audio: AudioLike) =>
      new Promise<number>((resolve, reject) => {
        if (audio.readyState >= 1) resolve(audio.duration);
        if (audio.error) reject(new Error(`audio error ${audio.error.code}`));
        setTimeout(() => reject(new Error('no audio metadata in 10 s')), 10_000);
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
        audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)));
      }),
  );
  // the timer shows whole seconds; the encoder's last frame pads up to a frame's length
  expect(duration).toBeGreaterThan(recorded - 0.5);
  expect(duration).toBeLessThan(recorded + 2);
  // the MP3 was encoded in the Web Worker (its script was loaded), not on the page
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as unknown as { name: string }[]).map((e) => e.name),
  );
  expect(scripts.some((n) => /mp3-encoder\.worker/.test(n))).toBe(true);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'recorder-stopped.png'), fullPage: true });

  // leaving with unsent audio asks first; staying keeps the clip
  await page.locator('header a[href="/studies"]').first().click();
  await page.getByTestId('recorder-leave-dialog').getByText('Deseja mesmo sair do site?').waitFor();
  await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'recorder-leave-prompt.png') });
  await page.getByTestId('recorder-leave-dialog').getByRole('button', { name: 'Cancelar' }).click();
  expect(page.url()).toContain(`/studies/report/${studyId}`);
  expect(await recorderState()).toBe('stopped');

  await page.getByTestId('recorder-send').click();
  await page.getByText('Áudio salvo com sucesso!').waitFor();
  // the report is now narrated (22), no longer the doctor's to edit: the editor leaves for the
  // list (spec 1 §4), where the row shows the translated state
  await page.waitForURL('**/studies');
  await eventually(
    () => page.getByTestId(`study-row-${studyId}`).innerText(),
    (s) => s.includes('Laudo narrado'),
    { what: 'row shows Laudo narrado' },
  );
  expect(await page.getByTestId('narration-recorder').count()).toBe(0);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'recorder-sent.png'), fullPage: true });
  expect((await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state).toBe(22);

  const token = await login(api, t.users.doctor!.username);
  const res = await fetch(`${suite.platform.url}/api/studies/${studyId}/narratedReport`, { headers: { access_token: token } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('audio/mpeg');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(firstMp3Frame(bytes)).toMatchObject({ offset: 0, bitrateKbps: 64 });
  const seconds = mp3Seconds(bytes);
  console.log(`narration e2e: ${bytes.length} bytes, ${seconds.toFixed(2)} s of MP3, playback duration ${duration.toFixed(2)} s`);
  expect(seconds).toBeGreaterThan(recorded - 0.5);
  expect(seconds).toBeLessThan(recorded + 2);
});
