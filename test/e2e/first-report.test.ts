/**
 * The five user steps of issue 2 in headless Chromium against the whole platform:
 * login page and language, account selection and the study list, the report page and
 * Start, the live update in a second window, and the workflow with its search attributes.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { Client, Connection } from '@temporalio/client';
import { laudoWorkflowId } from '../../workflows/laudo/messages';
import { type Tenant, PASSWORD, createTenant } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';
import { testEnv } from '../setup/env';

jest.setTimeout(120_000);

const suite = platformSuite({
  web: true,
  beforeStop: async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  },
});
let human: Tenant;
let vet: Tenant;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  human = await createTenant(suite.knex, {
    studies: 30,
    users: { doctor: ['STUDIES_SAVE_REPORTS'], colleague: ['STUDIES_SAVE_REPORTS'] },
  });
  vet = await createTenant(suite.knex, { studies: 2, isForHuman: false, users: {} });
  // The doctor works for both accounts: the account-selection screen comes first.
  await suite.knex('user_accounts').insert({ user_id: human.users.doctor!.id, account_id: vet.accountId });
  const [role] = await suite
    .knex('roles')
    .insert({ account_id: vet.accountId, name: 'Veterinário', permissions: ['STUDIES_SAVE_REPORTS'] })
    .returning('id');
  await suite.knex('user_institution_roles').insert({
    account_id: vet.accountId,
    user_id: human.users.doctor!.id,
    institution_id: vet.institutionId,
    role_id: role.id,
  });
});

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: { width: 1400, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  contexts.push(context);
  return context.newPage();
}

async function login(page: Page, username: string): Promise<void> {
  await page.goto(`${suite.platform.url}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-password').press('Enter');
}

async function chooseHumanAccount(page: Page): Promise<void> {
  await page.getByTestId(`account-${human.accountId}`).click();
  await page.waitForURL('**/studies');
}

const rowOf = (page: Page, studyId: string) => page.getByTestId(`study-row-${studyId}`);
const statusOf = (page: Page, studyId: string) => page.getByTestId(`study-status-${studyId}`);

test('1. the login page opens in pt-BR and keeps the chosen language', async () => {
  const page = await newPage();
  await page.goto(suite.platform.url);
  await page.waitForURL('**/login');
  await expectVisible(page.getByText('Usuário ou e-mail').first());
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-en').click();
  await expectVisible(page.getByText('Username or e-mail').first());
  expect(await page.evaluate('localStorage.getItem("lang")')).toBe('en');
  await page.reload();
  await expectVisible(page.getByText('Username or e-mail').first());
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-es').click();
  expect(await page.evaluate('localStorage.getItem("lang")')).toBe('es');
});

test('1b. wrong credentials show the spec message on the form', async () => {
  const page = await newPage();
  await page.goto(`${suite.platform.url}/login`);
  await page.getByTestId('login-username').fill(human.users.doctor!.username);
  await page.getByTestId('login-password').fill('wrong-Password1!');
  await page.getByTestId('login-submit').click();
  await expectText(page.getByTestId('login-error'), 'Cadastro não encontrado ou senha inválida.');
});

test('2-5. choose an account, list studies, start a report and see it live in a second window', async () => {
  const page = await newPage();
  await login(page, human.users.doctor!.username);
  await page.waitForURL('**/select-account');
  await chooseHumanAccount(page);

  // The list: newest exam first, 25 rows by default out of 30, with the columns of the issue.
  const newest = human.studyIds[29]!;
  await expectVisible(rowOf(page, newest));
  expect(await page.locator('[data-testid^="study-row-"]:not([data-testid="study-row-skeleton"])').count()).toBe(25);
  const table = page.locator('table');
  for (const header of ['Paciente', 'Modalidade', 'Instituição'])
    await expectVisible(table.getByText(header, { exact: false }).first());
  const newestRow = await suite.knex('studies').where({ id: newest }).first('accession_number');
  await expectVisible(rowOf(page, newest).getByText(newestRow.accession_number));
  // DD/MM/YYYY in pt-BR, in the exam date's own cell: the received date (today) may be the same day.
  await expectText(rowOf(page, newest).locator('.col-examDate'), '30/11/2026');
  await expectText(statusOf(page, newest), 'Não iniciado');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'study-list.png'), fullPage: true });

  // Page sizes 10 / 25 / 50 / 100.
  await page.getByRole('combobox').last().click();
  const options = await page.getByRole('option').allInnerTexts();
  expect(options.map((o) => o.trim())).toEqual(['10', '25', '50', '100']);
  await page.getByRole('option', { name: '10', exact: true }).click();
  await eventually(
    () => page.locator('[data-testid^="study-row-"]').count(),
    (n) => n === 10,
    { what: '10 rows' },
  );

  // A second window (another doctor of the account) on the same list.
  const second = await newPage();
  await login(second, human.users.colleague!.username);
  await second.waitForURL('**/studies');
  const studyId = newest;
  await expectText(statusOf(second, studyId), 'Não iniciado');

  // The report page: state 0 and Start.
  await rowOf(page, studyId).click();
  await page.waitForURL(`**/studies/report/${studyId}`);
  await expectText(page.getByTestId('report-state'), 'Não iniciado');
  await expectVisible(page.getByTestId('start-report'));
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-page-not-started.png'), fullPage: true });

  await page.getByTestId('start-report').click();
  const clicked = Date.now();
  await expectText(page.getByTestId('report-state'), 'Em andamento');
  // The other window sees it within a second, without reloading.
  await expectText(statusOf(second, studyId), 'Em andamento', 1_000 + (Date.now() - clicked));
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'report-page-in-progress.png'), fullPage: true });
  await second.screenshot({ path: path.join(E2E_ARTIFACTS, 'study-list-live.png'), fullPage: true });
  await eventually(
    () => page.getByTestId('start-report').count(),
    (n) => n === 0,
    { what: 'Start button gone' },
  );

  // The workflow `laudo:{laudoId}` with its search attributes (what the Temporal UI shows).
  const { laudo_id: laudoId } = await suite.knex('studies').where({ id: studyId }).first('laudo_id');
  const connection = await Connection.connect({ address: testEnv('temporalAddress') });
  try {
    const client = new Client({ connection });
    const description = await client.workflow.getHandle(laudoWorkflowId(laudoId)).describe();
    expect(description.type).toBe('laudoWorkflow');
    expect(description.status.name).toBe('RUNNING');
    const attrs = description.searchAttributes as Record<string, unknown[]>;
    expect(attrs.LaudoState).toEqual([1]);
    expect(attrs.AccountId).toEqual([human.accountId]);
    expect(attrs.StudyIds).toEqual([studyId]);
    // Operations staff find it by those attributes (visibility is eventually consistent).
    const found = await eventually(
      async () => {
        const ids: string[] = [];
        for await (const wf of client.workflow.list({ query: `LaudoState = 1 AND AccountId = '${human.accountId}'` }))
          ids.push(wf.workflowId);
        return ids;
      },
      (ids) => ids.length > 0,
      { what: 'workflow found by search attributes' },
    );
    expect(found).toEqual([laudoWorkflowId(laudoId)]);
  } finally {
    await connection.close();
  }
});

test('the brand follows the account: the veterinary account shows the vet brand', async () => {
  const page = await newPage();
  await login(page, human.users.doctor!.username);
  await page.waitForURL('**/select-account');
  await page.getByTestId(`account-${vet.accountId}`).click();
  await page.waitForURL('**/studies');
  await expectVisible(page.getByText('Laudos Vet').first());
  await expectVisible(rowOf(page, vet.studyIds[1]!));
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'study-list-vet.png'), fullPage: true });
});

async function expectVisible(locator: ReturnType<Page['locator']>, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

async function expectText(locator: ReturnType<Page['locator']>, text: string, timeout = 10_000): Promise<void> {
  await eventually(
    async () => (await locator.innerText().catch(() => '')).trim(),
    (v) => v.includes(text),
    { timeout, what: `text "${text}"` },
  );
}
