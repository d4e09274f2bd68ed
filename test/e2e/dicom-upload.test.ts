/**
 * Manual upload in the web app (issue 5): the uploader opens 'Enviar exames', picks a
 * study's DICOM files plus a non-DICOM file, sees the progress and the summary with the
 * refused file's reason, and the new study appears live in the list without a reload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.5' }, web: true });
let t: Tenant;
let dir: string;
let uploaded: string;
const study = makeStudy({
  series: 2,
  perSeries: 3,
  modalities: ['CT'],
  patientName: 'Upload^Paciente',
  accessionNumber: 'ACC-E2E-UP',
  rows: 128,
  columns: 128,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-e2e-upload-'));
  t = await createTenant(suite.knex, {
    studies: 3,
    users: { uploader: ['STUDIES_UPLOAD_DICOM', 'STUDIES_SAVE_REPORTS'], reader: ['STUDIES_SAVE_REPORTS'] },
  });
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function loggedIn(username: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.platform.url, username, { viewport: { width: 1400, height: 900 } });
  await page.getByTestId('live-status').and(page.locator('[data-status="online"]')).waitFor({ timeout: 15_000 });
  return page;
}

test('a study uploaded in the web app appears live in the list; a bad file is refused with its reason', async () => {
  const files = study.files.map((bytes, i) => {
    const f = path.join(dir, `img-${i + 1}.dcm`);
    fs.writeFileSync(f, bytes);
    return f;
  });
  const bad = path.join(dir, 'laudo-antigo.pdf');
  fs.writeFileSync(bad, '%PDF-1.4 not a DICOM file');

  const watcher = await loggedIn(t.users.reader!.username); // sees it arrive, without reloading
  expect(await watcher.getByTestId('upload-open').count()).toBe(0); // no upload permission

  const page = await loggedIn(t.users.uploader!.username);
  await page.getByTestId('upload-open').click();
  await page.getByTestId('upload-files-input').setInputFiles([...files, bad]);
  const summary = page.getByTestId('upload-summary');
  await summary.waitFor({ timeout: 30_000 });
  expect(await summary.innerText()).toContain('6 arquivo(s) aceito(s), 1 recusado(s).');
  const rejected = await page.getByTestId('upload-rejected').innerText();
  expect(rejected).toContain('laudo-antigo.pdf');
  expect(rejected).toContain('O arquivo não é DICOM (Part 10).');
  expect(await page.getByTestId('upload-progress').getAttribute('aria-valuenow')).toBe('100');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'dicom-upload-summary.png') });

  const row = await eventually(
    () => suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('id'),
    (r) => Boolean(r),
  );
  for (const p of [watcher, page]) {
    await p.getByTestId(`study-row-${row.id}`).waitFor({ timeout: 15_000 });
    expect(await p.getByTestId(`study-row-${row.id}`).innerText()).toContain('Paciente Upload');
  }
  await page.getByTestId('upload-close').click();
  await watcher.screenshot({ path: path.join(E2E_ARTIFACTS, 'dicom-upload-live-list.png') });
  uploaded = row.id;
});

test('another doctor opens the uploaded study in the viewer: series, scroll, window/level, tags', async () => {
  const page = await loggedIn(t.users.reader!.username);
  await page.getByTestId(`study-open-viewer-${uploaded}`).click();
  await page.waitForURL(`**/studies/${uploaded}/viewer/general`);
  await page.getByTestId('study-versions-dialog').waitFor(); // a report not started: its list first
  await page.keyboard.press('Escape');
  expect(await page.getByTestId(`viewer-study-select-${uploaded}`).innerText()).toContain('ACC-E2E-UP - Paciente Upload');
  const frame = page.frameLocator(`[data-testid="viewer-frame-${uploaded}"]`);
  const image = frame.getByTestId('viewer-image');
  await image.waitFor({ timeout: 15_000 });
  const loaded = () =>
    image.evaluate((img) => {
      const el = img as unknown as { complete: boolean; naturalWidth: number };
      return el.complete && el.naturalWidth > 0;
    });
  await eventually(loaded, Boolean, { what: 'first image rendered' });
  const position = () => frame.getByTestId('viewer-position').innerText();
  expect(await position()).toBe('2 / 3'); // the middle of 3

  // Scroll through the stack with the wheel.
  await frame.getByTestId('viewer-image-area').hover();
  await page.mouse.wheel(0, 120);
  await eventually(position, (v) => v === '3 / 3', { what: 'scrolled down' });
  await page.mouse.wheel(0, -120);
  await page.mouse.wheel(0, -120);
  await eventually(position, (v) => v === '1 / 3', { what: 'scrolled up' });

  // A preset, then a drag, change the window the server renders with.
  await frame.getByTestId('window-presets').click();
  await frame.getByTestId('preset-bone').click();
  await frame.getByTestId('preset-bone').waitFor({ state: 'detached' });
  // The picture's address (the page shows it from a fetched blob).
  const address = () => image.getAttribute('data-address');
  await eventually(address, (a) => Boolean(a?.includes('window=400%2C1800')), { what: 'bone window asked for' });
  await eventually(loaded, Boolean, { what: 'bone window rendered' });
  const box = (await frame.getByTestId('viewer-image-area').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 + 50, { steps: 5 });
  await page.mouse.up();
  await eventually(address, (a) => Boolean(a && !a.includes('window=400%2C1800') && a.includes('window=')), {
    what: 'dragged window rendered',
  });
  await eventually(loaded, Boolean, { what: 'dragged window image decoded' });

  // The second series from its thumbnail.
  const firstSeriesImage = await image.getAttribute('data-image-key');
  await frame.getByTestId(`viewer-series-${study.seriesUids[1]}`).click();
  await eventually(
    () => image.getAttribute('data-image-key'),
    (key) => Boolean(key && key !== firstSeriesImage),
    { what: 'second series shown' },
  );
  await eventually(
    async () => [await image.getAttribute('data-image-key'), await address()] as const,
    ([key, a]) => Boolean(key && a?.includes(key)),
    { what: 'second series picture' },
  );
  await eventually(loaded, Boolean, { what: 'second series rendered' });
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'dicom-viewer.png') });

  await page.getByTestId(`viewer-tags-${uploaded}`).click();
  await page.getByTestId('tags-dialog').getByText('PatientName').waitFor();
  expect(await page.getByTestId('tags-dialog').innerText()).toContain('Upload^Paciente');
});
