/**
 * Issue 6 in the browser: a veterinarian shares a concluded report by e-mail — Send is
 * disabled for 'abc' and enabled for a valid address — then finds it on the 'Caixa de saída'
 * page (embedded outbox, no SMTP), whose link opens the same PDF without login.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pdfText } from '../../documents/testing/pdf-tools';
import { ensureDocumentTools } from '../../scripts/tools';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, fetchBytes, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
const api = suite.api;
let vet: Tenant;
let human: Tenant;
let token: string;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_ARTIFACTS, `${name}.png`), fullPage: true });

beforeAll(async () => {
  ensureDocumentTools(); // pdftotext
  vet = await createTenant(suite.knex, { studies: 1, isForHuman: false, users: { doctor: DOCTOR_PERMISSIONS } });
  human = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  token = await login(api, vet.users.doctor!.username);
  // The report, concluded (state 2) through the api: this test is about sharing it.
  const id = vet.studyIds[0]!;
  await api('POST', `/studies/${id}/reports/start`, { token });
  const saved = await api('POST', `/studies/${id}/reports/save`, {
    token,
    body: { content: '<p>Felino, SRD: fígado e baço sem alterações.</p>' },
  });
  if (saved.body?.report?.state !== 2) throw new Error(`report not concluded: ${JSON.stringify(saved.body)}`);
});

it('shares a concluded report by e-mail and shows it in the outbox', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, vet.users.doctor!.username);

  // The outbox before any share: the app bar reaches it; empty state.
  await page.getByTestId('outbox-menu').click();
  await page.waitForURL('**/outbox');
  await page.getByTestId('outbox-empty').waitFor();
  expect(await page.getByTestId('outbox-transport').getAttribute('data-transport')).toBe('outbox');
  await shot(page, 'share-outbox-empty');

  await page.goto(`${suite.platform.url}/studies/report/${vet.studyIds[0]}`);
  await page.locator('[data-testid="report-state"][data-state="2"]').waitFor();
  // The page has loaded its text (under load the share dialog opened earlier was once lost).
  await page.locator('.ProseMirror').getByText('fígado e baço').waitFor();
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
  const opened = await fetchBytes(link!);
  expect(opened.type).toBe('application/pdf');
  const pdf = opened.bytes;
  expect(pdfText(pdf)).toContain('Felino, SRD: fígado e baço sem alterações.');
  const download = await fetchBytes(suite.apiUrl(`/studies/${vet.studyIds[0]}/reports/download`), token);
  expect(sha(download.bytes)).toBe(sha(pdf));
  await page.context().close();
});

it('offers neither sharing nor the outbox to a human account', async () => {
  const humanToken = await login(api, human.users.doctor!.username);
  const id = human.studyIds[0]!;
  await api('POST', `/studies/${id}/reports/start`, { token: humanToken });
  await api('POST', `/studies/${id}/reports/save`, { token: humanToken, body: { content: '<p>Sem alterações.</p>' } });
  const page = await signedInPage(suite.browser, suite.platform.url, human.users.doctor!.username);
  await page.goto(`${suite.platform.url}/studies/report/${id}`);
  await page.locator('[data-testid="report-state"][data-state="2"]').waitFor();
  await page.getByTestId('bottom-download').waitFor();
  expect(await page.getByTestId('bottom-share').count()).toBe(0);
  expect(await page.getByTestId('outbox-menu').count()).toBe(0);
  await page.context().close();
});
