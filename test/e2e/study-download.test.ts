/**
 * Study download in the browser: from the report page's study details, 'Other download
 * options' opens the dialog (series grid, formats, includes); Download shows the progress
 * from the live document and the zip arrives as a browser download that unzip -t accepts.
 * Screenshots of the dialog and of the progress.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureDocumentTools } from '../../scripts/tools';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' }, web: true });
const api = suite.api;
let t: Tenant;
let page: Page;
let studyId: string;
// Enough instances (rendered to JPEG too) that the zip takes a few progress reports.
const study = makeStudy({
  series: 2,
  perSeries: 30,
  modalities: ['CT', 'CT'],
  patientName: 'Souza^Carla',
  rows: 256,
  columns: 256,
});

beforeAll(async () => {
  ensureDocumentTools(); // unzip, pdftotext
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  const token = await login(api, t.users.doctor!.username);
  studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    viewport: { width: 1400, height: 900 },
  });
});

it('downloads the study as a zip from the dialog, with the progress shown', async () => {
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.getByTestId('download-more').click();
  await page.getByTestId('download-open-dialog').click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByRole('checkbox', { checked: true }).first().waitFor();
  expect(await page.getByTestId('download-series').getByRole('checkbox').count()).toBe(2);
  await page.getByTestId('download-formats').click();
  await page.getByRole('option', { name: 'JPEG' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'download-dialog.png') });

  const downloaded = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByTestId('download-submit').click();
  await page
    .getByTestId('download-progress')
    .getByText(/de 120 arquivos/)
    .waitFor({ timeout: 30_000 });
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'download-progress.png') });
  const download = await downloaded;
  const file = path.join(E2E_ARTIFACTS, 'study-download.zip');
  await download.saveAs(file);
  expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
  const listing = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
  expect(listing.filter((p) => p.endsWith('.dcm'))).toHaveLength(60);
  expect(listing.filter((p) => p.endsWith('.jpg'))).toHaveLength(60);
  // The options were saved as the user setting.
  const saved = await suite.knex('users').where({ id: t.users.doctor!.id }).first('config');
  expect(JSON.parse(saved.config.DOWNLOAD_OPTIONS).imageFormats).toEqual(['DICOM', 'JPEG']);
  await page.getByTestId('download-progress').waitFor({ state: 'detached' });
});
