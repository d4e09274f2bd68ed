/**
 * Study download through the Connect in the browser: while the account does not allow it the
 * dialog's folder path is disabled with the reason; with the setting on and the clinic's
 * agent (a real process) polling, the folder path is editable, Download answers 'Download
 * requisitado' and the status follows the agent until it wrote the files in that folder.
 * Screenshots of the dialog (disabled, then editable) and of the request.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createConnect } from '../../services/connects/connects';
import { agentEnvFor, startAgentProcess } from '../support/connect-agent';
import { signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';
import { killHard } from '../support/worker-process';

jest.setTimeout(150_000);

const suite = platformSuite({
  overrides: { STUDY_STABLE_SECONDS: '0.3' },
  web: true,
  beforeStop: async () => {
    if (agent) await killHard(agent);
  },
});
const api = suite.api;
let t: Tenant;
let page: Page;
let studyId: string;
let agent: ChildProcess | undefined;
let work: string;
const study = makeStudy({ series: 1, perSeries: 3, modalities: ['CT'], patientId: 'P-E2E-CONNECT', patientName: 'Reis^Ana' });

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-e2e-'));
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  const token = await login(api, t.users.doctor!.username);
  studyId = await ingestStudy(suite.platform.url, suite.knex, token, study);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    viewport: { width: 1400, height: 900 },
  });
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function openDialog() {
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.getByTestId('download-more').click();
  await page.getByTestId('download-open-dialog').click();
  await page.getByTestId('download-dialog').waitFor();
}

it('keeps the folder path disabled, saying why, while Connect downloads are not allowed', async () => {
  await openDialog();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByText('Download pelo Connect não habilitado para esta conta.').waitFor();
  expect(await page.getByTestId('download-folder-path').isDisabled()).toBe(true);
  expect(await page.getByTestId('download-includePatientId').isDisabled()).toBe(true);
  await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot only
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'connect-download-disabled.png') });
  await page.keyboard.press('Escape');
  await page.getByTestId('download-dialog').waitFor({ state: 'detached' });
});

it("with the Connect reachable, the folder is editable and Download shows 'Download requisitado' until the agent wrote it", async () => {
  await suite
    .knex('accounts')
    .where({ id: t.accountId })
    .update({ config: { allowDownloadConnect: 'true' } });
  const { key } = await createConnect(suite.knex, t.accountId, { institutionId: t.institutionId, name: 'Recepção' }, null);
  agent = (
    await startAgentProcess(
      // The agent writes only under DOWNLOAD_ROOT, which holds the folder typed below.
      await agentEnvFor(suite.platform.url, key, path.join(work, 'spool'), {
        DOWNLOAD_POLL_MS: '300',
        DOWNLOAD_ROOT: path.join(work, 'clinica'),
      }),
    )
  ).child;
  await page.waitForTimeout(1_000); // the agent's first poll is its first heartbeat

  await openDialog();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByText(/Connect Recepção acessível/).waitFor();
  const folder = page.getByTestId('download-folder-path');
  expect(await folder.isEnabled()).toBe(true);
  // A relative folder is refused before anything is sent.
  await folder.fill('exames');
  await dialog.getByText(/Informe uma pasta absoluta/).waitFor();
  expect(await page.getByTestId('download-submit').isDisabled()).toBe(true);
  const dest = path.join(work, 'clinica', 'Exames');
  await folder.fill(dest);
  await page.getByTestId('download-includePatientId').check();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'connect-download-dialog.png') });

  await page.getByTestId('download-submit').click();
  const requested = page.getByTestId('download-requested');
  await requested.getByText('Download requisitado').waitFor();
  await requested.getByText(/arquivo\(s\) gravado\(s\) pelo Connect/).waitFor({ timeout: 60_000 });
  await requested.scrollIntoViewIfNeeded();
  await requested.screenshot({ path: path.join(E2E_ARTIFACTS, 'connect-download-requested.png') });
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'connect-download-requested-page.png') });
  const dicoms = fs.readdirSync(path.join(dest, 'P-E2E-CONNECT', 'DICOM'), { recursive: true }) as string[];
  expect(dicoms.filter((p) => p.endsWith('.dcm'))).toHaveLength(3);
  // The folder was saved with the options.
  const saved = await suite.knex('users').where({ id: t.users.doctor!.id }).first('config');
  expect(JSON.parse(saved.config.DOWNLOAD_OPTIONS)).toMatchObject({ folderPath: dest, includePatientId: true });
});
