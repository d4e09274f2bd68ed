/**
 * 'Selecionar Imagens' in the browser (issue 6, spec 2 §2): finishing a report of a study
 * with images opens the dialog with the viewer's key image chosen, every image in one group
 * 'Todas as imagens' (6 ≤ maxAdjacentImages 12); a second image is picked with the keyboard,
 * the order is changed, a non-image file is refused with the spec's error, and 'Finalizar'
 * finishes: the downloaded PDF has the 2 images in that order. Screenshots of the dialog and
 * of the PDF's page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { imagesOf, pdfText, qpdfCheck, renderPage, tempFile } from '../../documents/testing/pdf-tools';
import { makeTestPki, pdfsig } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { E2E_ARTIFACTS, fetchBytes, login, platformSuite } from '../support/suite';

jest.setTimeout(150_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' }, web: true });
const api = suite.api;
let t: Tenant;
let page: Page;
let studyId: string;
let study: ReturnType<typeof makeStudy>;
let token: string;

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  token = await login(api, t.users.doctor!.username);
  study = makeStudy({ series: 2, perSeries: 3, patientName: 'Araújo^Inês', rows: 96, columns: 128 });
  studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);
  // The viewer's key image: chosen when the dialog opens.
  const key = { seriesId: study.seriesUids[1], imageKey: study.sopUids[4], frame: 1 };
  expect((await api('POST', `/studies/${studyId}/key-image`, { token, body: key })).status).toBe(204);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    viewport: { width: 1400, height: 1000 },
  });
  page.context().setDefaultTimeout(20_000);
});

test('finishes through the dialog with 2 images, and the PDF holds them in the chosen order', async () => {
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.getByTestId('start-report').click();
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Exame com duas imagens-chave.');
  await page.getByTestId('finish-report').click();

  const dialog = page.getByTestId('report-images-dialog');
  await dialog.getByRole('heading', { name: 'Selecionar Imagens' }).waitFor();
  await dialog.getByTestId('report-images-group').getByText('Todas as imagens').waitFor();
  expect(await dialog.getByTestId('report-images-group').count()).toBe(1);
  // allowSelectAllImagesReport is false by default: no 'select all'.
  expect(await dialog.getByTestId('report-images-select-all').count()).toBe(0);

  // The key image comes numbered 1; the first image is picked with the keyboard as 2.
  const keyTile = dialog.getByTestId(`report-image-${study.sopUids[4]}`);
  expect(await keyTile.getAttribute('aria-pressed')).toBe('true');
  expect(await keyTile.getByTestId('report-image-number').textContent()).toBe('1');
  const firstTile = dialog.getByTestId(`report-image-${study.sopUids[0]}`);
  await firstTile.focus();
  await page.keyboard.press('Enter');
  expect(await firstTile.getByTestId('report-image-number').textContent()).toBe('2');
  // …and moved up to be the first.
  const order = dialog.getByTestId('report-images-order');
  await order.getByRole('button', { name: 'Mover para cima' }).nth(1).click();
  expect(await firstTile.getByTestId('report-image-number').textContent()).toBe('1');
  expect(await keyTile.getByTestId('report-image-number').textContent()).toBe('2');
  // Labelled as the PDF captions them (DICOM series and instance numbers).
  expect(await order.getByRole('listitem').allTextContents()).toEqual(['1Série 1 · Imagem 1', '2Série 2 · Imagem 2']);

  // A file that is not jpg/png is refused with the spec's error.
  await dialog.getByTestId('report-images-file-input').setInputFiles({
    name: 'laudo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  const uploadError = dialog.getByTestId('report-images-upload-error');
  await uploadError.getByText('Erro', { exact: true }).waitFor();
  await uploadError.getByText('Aconteceu um erro ao enviar os arquivos. Recarrege a página e tente novamente.').waitFor();
  await uploadError.getByRole('button').click();

  // Thumbnails painted before the screenshot.
  await dialog.locator('img').nth(5).waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-images-dialog.png') });

  await dialog.getByTestId('report-images-confirm').click();
  await page.waitForURL('**/studies');

  // The finished report's PDF: the 2 images, the chosen order.
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.locator('[data-testid="report-state"][data-state="2"]').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bottom-download').click()]);
  const pdf = fs.readFileSync((await download.path())!);
  expect(qpdfCheck(pdf)).toMatchObject({ ok: true });
  const images = imagesOf(pdf).filter((i) => i.type === 'image');
  expect(images).toHaveLength(2);
  expect(images.map((i) => `${i.width}x${i.height}`)).toEqual(['128x96', '128x96']);
  const text = pdfText(pdf);
  expect(text.indexOf('1. Série 1 · Imagem 1')).toBeGreaterThan(text.indexOf('Exame com duas imagens-chave.'));
  expect(text).toContain('2. Série 2 · Imagem 2');
  fs.copyFileSync(renderPage(pdf, 'report-images-e2e-page'), path.join(E2E_ARTIFACTS, 'report-images-pdf-page.png'));
});

test('groups by series above maxAdjacentImages, selects all when allowed, uploads an external image, and skips; the setting turns it off', async () => {
  await setAccountConfig(suite.knex, t.accountId, { maxAdjacentImages: '4', allowSelectAllImagesReport: 'true' });
  const second = makeStudy({ series: 2, perSeries: 3, patientName: 'Lima^Otávio' });
  const secondId = await ingestStudy(suite.platform.url, suite.knex, token, second);

  await page.goto(`${suite.platform.url}/studies/report/${secondId}`);
  await page.getByTestId('start-report').click();
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Sem imagens no laudo.');
  await page.getByTestId('finish-report').click();
  const dialog = page.getByTestId('report-images-dialog');
  await dialog.getByTestId('report-images-select-all').waitFor();
  // 6 images > 4: one group per series, the first shown.
  expect(await dialog.getByTestId('report-images-group').count()).toBe(2);
  expect(await dialog.getByTestId(`report-image-${second.sopUids[3]}`).count()).toBe(0);
  await dialog.getByTestId('report-images-select-all').click();
  expect(await dialog.getByTestId('report-images-order').getByRole('listitem').count()).toBe(6);
  await dialog.getByTestId('report-images-group').nth(1).click();
  expect(await dialog.getByTestId(`report-image-${second.sopUids[5]}`).getByTestId('report-image-number').textContent()).toBe(
    '6',
  );

  // A file named .png whose bytes are not an image is refused by the server: the spec's error.
  await dialog
    .getByTestId('report-images-file-input')
    .setInputFiles({ name: 'falso.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 não é imagem') });
  await dialog.getByTestId('report-images-upload-error').getByText('Recarrege a página', { exact: false }).waitFor();
  expect(await dialog.getByText('falso.png').count()).toBe(0);
  // An external PNG is sent and comes chosen after the study images, with the accents stripped.
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await dialog
    .getByTestId('report-images-file-input')
    .setInputFiles({ name: 'Ecocardiograma São.png', mimeType: 'image/png', buffer: png });
  await dialog.getByText('Ecocardiograma Sao.png').waitFor();
  expect(await dialog.getByRole('checkbox', { name: 'Ecocardiograma Sao.png' }).isChecked()).toBe(true);
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-images-dialog-series.png') });

  // At the report's cap of 30 external files the dialog says so (reloading would not help).
  const laudoId = (await suite.knex('studies').where({ id: secondId }).first('laudo_id')).laudo_id;
  const sent = await suite
    .knex('laudo_external_images')
    .where({ laudo_id: laudoId })
    .first('account_id', 'laudo_id', 'content_type', 'size_in_bytes', 'object_key', 'uploaded_by');
  await suite
    .knex('laudo_external_images')
    .insert(Array.from({ length: 29 }, (_, i) => ({ ...sent, filename: `anterior-${i}.png` })));
  await dialog
    .getByTestId('report-images-file-input')
    .setInputFiles({ name: 'mais uma.png', mimeType: 'image/png', buffer: png });
  const limit = dialog.getByTestId('report-images-upload-error');
  await limit.getByText('O laudo atingiu o limite de 30 imagens externas.').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-images-dialog-limit.png') });
  await limit.getByRole('button').click();
  expect(await dialog.getByText('mais uma.png').count()).toBe(0);

  // 'Pular' finishes without images.
  await dialog.getByTestId('report-images-skip').click();
  await page.waitForURL('**/studies');
  const pdf = await fetchBytes(suite.apiUrl(`/studies/${secondId}/reports/download?version=1`), token);
  expect(pdf.status).toBe(200);
  expect(imagesOf(pdf.bytes)).toHaveLength(0);

  // DISABLE_LAUDO_IMAGE_SELECTOR 'true': finishing goes straight on.
  expect(
    (await api('POST', '/users/config', { token, body: { key: 'DISABLE_LAUDO_IMAGE_SELECTOR', value: 'true' } })).status,
  ).toBeLessThan(300);
  const third = makeStudy({ series: 1, perSeries: 2, patientName: 'Rocha^Davi' });
  const thirdId = await ingestStudy(suite.platform.url, suite.knex, token, third);
  await page.goto(`${suite.platform.url}/studies/report/${thirdId}`);
  await page.getByTestId('start-report').click();
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Sem diálogo.');
  await page.getByTestId('finish-report').click();
  await page.waitForURL('**/studies');
  expect(await page.getByTestId('report-images-dialog').count()).toBe(0);
});

test('with an A1 the dialog continues to the password, and the signed PDF holds the images', async () => {
  // The selector back on; the doctor registers a certificate.
  await api('POST', '/users/config', { token, body: { key: 'DISABLE_LAUDO_IMAGE_SELECTOR', value: 'false' } });
  const pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  try {
    const uploaded = await api('POST', '/digitalSignature/upload', {
      token,
      body: { file: pki.p12.toString('base64'), password: pki.password },
    });
    expect(uploaded.status).toBe(200);
    const fourth = makeStudy({ series: 1, perSeries: 3, patientName: 'Prado^Lúcia' });
    const fourthId = await ingestStudy(suite.platform.url, suite.knex, token, fourth);
    await page.goto(`${suite.platform.url}/studies/report/${fourthId}`); // a fresh page reads the session again
    await page.getByTestId('start-report').click();
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Laudo assinado com imagem.');
    await page.getByTestId('finish-report').click();

    const dialog = page.getByTestId('report-images-dialog');
    await dialog.getByTestId(`report-image-${fourth.sopUids[2]}`).click();
    const confirm = dialog.getByTestId('report-images-confirm');
    expect(await confirm.textContent()).toBe('Continuar');
    await confirm.click();
    await page.getByTestId('certificate-password').fill(pki.password);
    await page.getByTestId('certificate-password-submit').click();
    await page.waitForURL('**/studies');
    // The page leaves on the live 'finished'; the signature lands just after (state 3).
    await page.goto(`${suite.platform.url}/studies/report/${fourthId}`);
    await page.locator('[data-testid="report-state"][data-state="3"]').waitFor();

    const pdf = (await fetchBytes(suite.apiUrl(`/studies/${fourthId}/reports/download?version=1`), token)).bytes;
    expect(pdfsig(tempFile(pdf), pki.nssDir)).toContain('Signature is Valid');
    // The chosen frame (64×64) and the verification QR code.
    const drawn = imagesOf(pdf).filter((i) => i.type === 'image');
    expect(drawn.filter((i) => i.width === 64 && i.height === 64)).toHaveLength(1);
    expect(drawn).toHaveLength(2);
    expect(pdfText(pdf)).toContain('1. Série 1 · Imagem 3');
  } finally {
    fs.rmSync(pki.dir, { recursive: true, force: true });
  }
});
