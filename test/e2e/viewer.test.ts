/**
 * The viewer in the browser: a study sent over STOW-RS opens from the list's 'open viewer'
 * action; the frame shows its series, scrolls with the wheel, changes window/level by a
 * preset and by a drag, marks a key image; the tags dialog and the report beside the images
 * open, and an attachment is sent from the tile's top bar. Screenshots of the viewer, the
 * tags and the attachments dialogs.
 */
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { seedAttachmentTypes } from '../../migrations/seed/attachments-demo';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' }, web: true });
const api = suite.api;
let t: Tenant;
let page: Page;
let studyId: string;
let study: ReturnType<typeof makeStudy>;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      doctor: [
        ...DOCTOR_PERMISSIONS,
        'STUDIES_UPLOAD_DICOM',
        'STUDIES_CREATE_ATTACHMENTS',
        'STUDIES_DOWNLOAD_ATTACHMENT',
        'STUDIES_DELETE_ATTACHMENT',
      ],
    },
  });
  await seedAttachmentTypes(suite.knex, t.accountId);
  const token = await login(api, t.users.doctor!.username);
  study = makeStudy({ series: 2, perSeries: 6, modalities: ['CT', 'CT'], patientName: 'Souza^Carla', rows: 128, columns: 128 });
  studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    viewport: { width: 1500, height: 900 },
  });
});

const frameText = (frame: FrameLocator, testId: string) =>
  frame
    .getByTestId(testId)
    .innerText()
    .catch(() => '');

test('open the viewer from the list, scroll, window/level, key image, tags and the report beside', async () => {
  await page.getByTestId(`study-open-viewer-${studyId}`).click();
  await page.waitForURL(`**/studies/${studyId}/viewer/general`);
  // A report not started shows the report list first.
  await page.getByTestId('study-versions-dialog').waitFor();
  await page.keyboard.press('Escape');

  const frame = page.frameLocator(`[data-testid="viewer-frame-${studyId}"]`);
  await frame.getByTestId(`viewer-series-${study.seriesUids[0]}`).waitFor();
  await frame.getByTestId(`viewer-series-${study.seriesUids[1]}`).waitFor();
  // The frame loaded a real image.
  await eventually(
    () => frame.getByTestId('viewer-image').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    (w) => w > 0,
    { what: 'first image decoded' },
  );
  const start = await frameText(frame, 'viewer-position');
  expect(start).toBe('4 / 6');
  await frame.getByTestId('viewer-image-area').hover();
  await page.mouse.wheel(0, 120);
  await eventually(
    () => frameText(frame, 'viewer-position'),
    (v) => v === '5 / 6',
    { what: 'scrolled one image' },
  );
  // The page hears the frame's selection.
  await eventually(
    () => page.getByTestId(`viewer-selection-${studyId}`).innerText(),
    (v) => v.includes('5') && v.includes('6'),
    { what: 'selection message' },
  );

  await frame.getByTestId('window-presets').click();
  await frame.getByTestId('preset-lung').click();
  expect(await frameText(frame, 'viewer-window')).toBe('J: 1500 N: -600');
  await eventually(
    () => frame.getByTestId('viewer-image').getAttribute('data-address'),
    (a) => a !== null && a.includes('window=-600%2C1500'),
    { what: 'the lung window rendered' },
  );

  await frame.getByTestId('preset-lung').waitFor({ state: 'detached' });
  const area = frame.getByTestId('viewer-image-area');
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  expect(await frameText(frame, 'viewer-window')).not.toBe('J: 1500 N: -600');

  await frame.getByTestId('viewer-key-image').click();
  await eventually(
    () => suite.knex('study_key_images').where({ study_id: studyId }).count({ n: '*' }),
    (r) => Number(r[0]!.n) === 1,
    { what: 'key image stored' },
  );
  await frame.getByTestId(`viewer-series-${study.seriesUids[1]}`).click();
  await eventually(
    () => frame.getByTestId('viewer-image').getAttribute('data-image-key'),
    (k) => k !== null && study.sopUids.slice(6).includes(k),
    { what: 'second series shown' },
  );
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'viewer.png') });

  await page.getByTestId(`viewer-manual-${studyId}`).click();
  expect(await page.getByTestId('viewer-manual').innerText()).toContain('Roda do mouse');
  await page.keyboard.press('Escape');
  await page.getByTestId('viewer-manual').waitFor({ state: 'detached' });

  await page.getByTestId(`viewer-tags-${studyId}`).click();
  await page.getByTestId('tags-dialog').getByText('PatientName').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'viewer-tags-dialog.png') });
  await page.keyboard.press('Escape');

  // Attachments from the tile's top bar: empty, then a PDF sent by type, then the badge counts it.
  await page.getByTestId(`viewer-attachments-${studyId}`).click();
  const attachments = page.getByTestId('attachments-dialog');
  expect(await attachments.getByTestId('attachments-empty').innerText()).toBe('Nenhum anexo enviado para este estudo.');
  await attachments.getByTestId('attachment-type').click();
  await page.getByTestId('attachment-type-Pedido médico').click();
  await attachments.getByTestId('attachment-file').setInputFiles({
    name: 'pedido.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await attachments.getByTestId('attachment-item').waitFor();
  expect(await attachments.getByTestId('attachment-item').innerText()).toContain('pedido.pdf');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'attachments-dialog.png') });
  await page.keyboard.press('Escape');
  await eventually(
    () => page.getByTestId(`viewer-attachments-${studyId}`).innerText(),
    (v) => v.includes('1'),
    { what: 'attachment badge' },
  );

  await page.getByTestId('viewer-toggle-report').click();
  const report = page.frameLocator('[data-testid="viewer-report-panel"]');
  await report.getByTestId('start-report').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'viewer-with-report.png') });
});
