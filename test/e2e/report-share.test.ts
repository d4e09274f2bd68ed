/**
 * Issue 6 in the browser: a veterinarian shares a concluded report by e-mail — Send is
 * disabled for 'abc' and enabled for a valid address — then finds it on the 'Caixa de saída'
 * page (embedded outbox, no SMTP), whose link opens the same PDF without login.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '../../documents/testing/pdf-tools';
import type { Platform } from '../../scripts/platform';
import { ensureDocumentTools } from '../../scripts/tools';
import { launchChromium, signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';

jest.setTimeout(120_000);

const ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-results', 'e2e');
let platform: Platform;
let knex: Knex;
let browser: Browser;
let vet: Tenant;
let human: Tenant;
let token: string;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

beforeAll(async () => {
  ensureDocumentTools(); // pdftotext
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  ({ platform, knex } = await startTestPlatform({ SERVE_WEB: 'true' }));
  vet = await createTenant(knex, { studies: 1, isForHuman: false, users: { doctor: DOCTOR_PERMISSIONS } });
  human = await createTenant(knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  const api = apiClient(platform.url);
  token = (await api('POST', '/auth', { body: { username: vet.users.doctor!.username, password: PASSWORD } })).body.data
    .accessToken;
  // The report, concluded (state 2) through the api: this test is about sharing it.
  const id = vet.studyIds[0]!;
  await api('POST', `/studies/${id}/reports/start`, { token });
  const saved = await api('POST', `/studies/${id}/reports/save`, {
    token,
    body: { content: '<p>Felino, SRD: fígado e baço sem alterações.</p>' },
  });
  if (saved.body?.report?.state !== 2) throw new Error(`report not concluded: ${JSON.stringify(saved.body)}`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await knex?.destroy();
});

it('shares a concluded report by e-mail and shows it in the outbox', async () => {
  const page = await signedInPage(browser, platform.url, vet.users.doctor!.username);

  // The outbox before any share: the app bar reaches it; empty state.
  await page.getByTestId('outbox-menu').click();
  await page.waitForURL('**/outbox');
  await page.getByTestId('outbox-empty').waitFor();
  expect(await page.getByTestId('outbox-transport').getAttribute('data-transport')).toBe('outbox');
  await shot(page, 'share-outbox-empty');

  await page.goto(`${platform.url}/studies/report/${vet.studyIds[0]}`);
  await page.locator('[data-testid="report-state"][data-state="2"]').waitFor();
  await page.getByTestId('bottom-share').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByText('Compartilhar o PDF do laudo').waitFor();
  const email = page.getByTestId('share-email');
  const send = page.getByTestId('share-send');
  expect(await send.isDisabled()).toBe(true);
  await email.fill('abc');
  await email.press('Tab'); // leaving the field explains why Send stays disabled
  expect(await send.isDisabled()).toBe(true);
  await dialog.getByText('Informe um endereço de e-mail válido').waitFor();
  await shot(page, 'share-dialog-invalid');
  await email.fill('tutor.mingau@example.org');
  expect(await send.isEnabled()).toBe(true);
  await shot(page, 'share-dialog-valid');
  await email.press('Enter'); // the form submits from the keyboard too
  await page.getByTestId('notification').getByText('Laudo colocado na caixa de saída para tutor.mingau@example.org').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await shot(page, 'share-sent');

  // The outbox, from the report page's app bar (a read-only report once re-rendered without
  // end, so in-app links never left it), lists it; its link opens the same PDF without a session.
  await page.getByTestId('outbox-menu').click();
  await page.waitForURL('**/outbox');
  const row = page.getByTestId('outbox-row').first();
  await row.getByTestId('outbox-to').getByText('tutor.mingau@example.org').waitFor();
  expect(await row.getAttribute('data-status')).toBe('stored');
  await row.getByText('Na caixa de saída').waitFor();
  await shot(page, 'share-outbox');
  const link = await row.getByTestId('outbox-link').getAttribute('href');
  expect(link).toMatch(/\/api\/files\/[A-Za-z0-9_-]+$/);
  const opened = await fetch(link!);
  expect(opened.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await opened.arrayBuffer());
  expect(pdfText(pdf)).toContain('Felino, SRD: fígado e baço sem alterações.');
  const download = await fetch(`${platform.url}/api/studies/${vet.studyIds[0]}/reports/download`, {
    headers: { access_token: token },
  });
  expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(pdf));
  await page.context().close();
});

it('offers neither sharing nor the outbox to a human account', async () => {
  const api = apiClient(platform.url);
  const humanToken = (await api('POST', '/auth', { body: { username: human.users.doctor!.username, password: PASSWORD } })).body
    .data.accessToken;
  const id = human.studyIds[0]!;
  await api('POST', `/studies/${id}/reports/start`, { token: humanToken });
  await api('POST', `/studies/${id}/reports/save`, { token: humanToken, body: { content: '<p>Sem alterações.</p>' } });
  const page = await signedInPage(browser, platform.url, human.users.doctor!.username);
  await page.goto(`${platform.url}/studies/report/${id}`);
  await page.locator('[data-testid="report-state"][data-state="2"]').waitFor();
  await page.getByTestId('bottom-download').waitFor();
  expect(await page.getByTestId('bottom-share').count()).toBe(0);
  expect(await page.getByTestId('outbox-menu').count()).toBe(0);
  await page.context().close();
});
