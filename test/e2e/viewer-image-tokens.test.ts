/**
 * The viewer on image tokens (issue 12): the frame's address carries a short-lived image
 * token and every frame picture is fetched with one in its header, never the session token; with tokens living 15 s here, a doctor
 * scrolling and windowing for a minute (four lifetimes) sees every image load and no refused request; a
 * key image is still written (with the session's header). The same as an hour with 10-minute
 * tokens, at test speed.
 */
import type { Page, Request } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

const READING_MS = 60_000;
jest.setTimeout(READING_MS + 90_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3', IMAGE_TOKEN_MINUTES: '0.25' }, web: true });
let t: Tenant;
let page: Page;
let studyId: string;
let study: ReturnType<typeof makeStudy>;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  const token = await login(suite.api, t.users.doctor!.username);
  study = makeStudy({ series: 1, perSeries: 12, modalities: ['CT'], patientName: 'Reis^Lia', rows: 64, columns: 64 });
  studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
});

test('reads for four token lifetimes without a refused image, and never puts the session token in a URL', async () => {
  const session = (await page.evaluate<string | null>(`localStorage.getItem("access_token")`))!;
  const requests: Request[] = [];
  const refused: string[] = [];
  page.on('request', (r) => requests.push(r));
  // The viewer and its frame under the served CSP: nothing refused (frames' consoles included).
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.context().addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`);
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if ((path.startsWith('/dicomweb') || path.startsWith('/api')) && r.status() >= 400) refused.push(`${r.status()} ${path}`);
  });

  await page.goto(`${suite.platform.url}/studies/${studyId}/viewer/general`);
  await page.getByTestId('study-versions-dialog').waitFor();
  await page.keyboard.press('Escape');
  const frameSrc = (await page.getByTestId(`viewer-frame-${studyId}`).getAttribute('src'))!;
  const given = new URL(frameSrc, suite.platform.url).searchParams.get('token');
  expect(given).toMatch(/^img_/);

  const frame = page.frameLocator(`[data-testid="viewer-frame-${studyId}"]`);
  const decoded = () =>
    frame.getByTestId('viewer-image').evaluate((img) => {
      const i = img as unknown as { naturalWidth: number; complete: boolean; getAttribute(n: string): string | null };
      return i.complete && i.naturalWidth > 0 ? i.getAttribute('data-address') : null;
    });
  await eventually(decoded, (src) => src !== null, { what: 'first image decoded' });

  // A doctor reading: one image every few seconds, back and forth, for a minute.
  const started = Date.now();
  let step = 1;
  while (Date.now() - started < READING_MS) {
    const area = frame.getByTestId('viewer-image-area');
    await area.hover();
    await page.mouse.wheel(0, step * 120);
    // And a window/level drag: pictures the page has not kept yet, asked for with today's token.
    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 8 * step, box.y + box.height / 2 + 4, { steps: 2 });
    await page.mouse.up();
    await eventually(decoded, (s) => s !== null, { timeout: 10_000, what: 'the next image decoded' });
    if (Math.random() < 0.3) step = -step;
    await page.waitForTimeout(4_000);
  }
  // A write after all that: the session's header, not a URL.
  await frame.getByTestId('viewer-key-image').click();
  await eventually(
    () => suite.knex('study_key_images').where({ study_id: studyId }).count({ n: '*' }),
    (r) => Number(r[0]!.n) === 1,
    { what: 'key image stored' },
  );

  expect(refused).toEqual([]);
  expect(problems).toEqual([]);
  // The images were fetched with several tokens in turn (renewed at half their 15-s life).
  const pictures = requests.filter((r) => new URL(r.url()).pathname.includes('/viewer/images/'));
  const shownTokens = new Set(pictures.map((r) => r.headers()['access_token'] ?? ''));
  expect(shownTokens.size).toBeGreaterThanOrEqual(4);
  for (const token of shownTokens) expect(token).toMatch(/^img_/);
  const renewals = requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/imageToken');
  expect(renewals.length).toBeGreaterThanOrEqual(6);
  // The session token is in no URL the browser asked for.
  const leaked = requests.filter((r) => r.url().includes(session) || r.url().includes(encodeURIComponent(session)));
  expect(leaked.map((r) => r.url())).toEqual([]);
  const keyImage = requests.find((r) => r.method() === 'POST' && r.url().endsWith(`/studies/${studyId}/key-image`))!;
  expect(keyImage.headers()['access_token']).toBe(session);
});
