/**
 * The report-list dialog of a study not started offers starting it (issue 17): from the study
 * list, 'Iniciar laudo' starts the report and opens its page (the button follows the server's
 * allowed actions: 'Reiniciar laudo' where the report has archived versions). A reader who may
 * not start sees Close only.
 */
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
const api = suite.api;
let t: Tenant;
let page: Page;
let token: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 2,
    users: { doctor: DOCTOR_PERMISSIONS, reader: ['STUDIES_RETRIEVE_REPORTS'] },
  });
  token = await login(api, t.users.doctor!.username);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, { viewport: { width: 1280, height: 800 } });
});

const state = async (studyId: string) => (await api('GET', `/studies/${studyId}`, { token })).body.study.report.state as number;

test("'Iniciar laudo' in the report list starts the report and opens it", async () => {
  const id = t.studyIds[0]!;
  await page.getByTestId(`study-versions-${id}`).click();
  const dialog = page.getByTestId('study-versions-dialog');
  const start = dialog.getByTestId('study-versions-start');
  expect((await start.innerText()).toLowerCase()).toBe('iniciar laudo');
  await start.click();
  await page.waitForURL(`**/studies/report/${id}`);
  expect(await state(id)).toBe(1);
});

test('a reader who may not start sees Close only', async () => {
  const id = t.studyIds[1]!;
  const reader = await signedInPage(suite.browser, suite.platform.url, t.users.reader!.username, {
    viewport: { width: 1280, height: 800 },
  });
  // The study's detail (its allowed actions decide) has arrived and is drawn: no start offered.
  const detail = reader.waitForResponse((r) => r.url().endsWith(`/api/studies/${id}`) && r.request().method() === 'GET');
  await reader.getByTestId(`study-versions-${id}`).click();
  const dialog = reader.getByTestId('study-versions-dialog');
  await detail;
  await reader.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  await dialog.getByText(/fechar/i).waitFor();
  expect(await dialog.getByTestId('study-versions-start').count()).toBe(0);
  await reader.close();
});
