/**
 * Issue 6 in the browser: a doctor registers an A1 in the profile, previews the report,
 * finishes it with the certificate password (a wrong one shows the spec's error), downloads
 * the signed PDF (pdfsig trusts it) and opens the public verification page of its QR code.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pdfText, tempFile } from '../../documents/testing/pdf-tools';
import { type TestPki, makeTestPki, pdfsig } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { signedInPage } from '../support/browser';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(150_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let pki: TestPki;

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  pki = makeTestPki({ cpf: t.users.doctor!.cpf });
});

afterAll(() => {
  fs.rmSync(pki.dir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(E2E_ARTIFACTS, `${name}.png`), fullPage: true });

it('registers an A1, previews, finishes with the password, downloads and verifies the signed PDF', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    appLang: 'pt-BR',
  });
  const context = page.context();

  // My profile → digital certificate.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('profile-certificate-link').click();
  await page.getByTestId('certificate-none').waitFor();

  // Issue 12: the doctor's CPF (the one the A1 must name) and council, set on the same page.
  const cpf = pki.cpf;
  expect(await page.getByTestId('professional-cpf').inputValue()).toBe(
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
  );
  await page.getByRole('combobox', { name: 'Conselho' }).click();
  await page.getByRole('option', { name: 'CRM', exact: true }).click();
  await page.getByTestId('professional-number').fill('123456');
  await page.getByRole('combobox', { name: 'UF' }).click();
  await page.getByRole('option', { name: 'SP', exact: true }).click();
  await page.getByTestId('professional-save').click();
  await page.getByText('Identificação profissional salva').waitFor();

  // Another person's certificate is refused with its own message.
  await page
    .getByTestId('certificate-file')
    .setInputFiles({ name: 'outro.p12', mimeType: 'application/x-pkcs12', buffer: pki.secondDoctor.p12 });
  await page.getByTestId('certificate-upload-password').fill(pki.password);
  await page.getByTestId('certificate-upload').click();
  await page
    .getByTestId('certificate-error')
    .getByText('O certificado digital não pertence a este usuário', { exact: false })
    .waitFor();
  await page.getByTestId('certificate-file').setInputFiles({ name: 'a1.p12', mimeType: 'application/x-pkcs12', buffer: pki.p12 });
  await page.getByTestId('certificate-upload-password').fill('errada');
  await page.getByTestId('certificate-upload').click();
  await page.getByTestId('certificate-error').getByText('Senha do certificado digital incorreta').waitFor();
  await page.getByTestId('certificate-upload-password').fill(pki.password);
  await page.getByTestId('certificate-upload').click();
  await page.getByTestId('certificate-current').getByText('Dr. João Silva', { exact: false }).waitFor();
  await shot(page, 'documents-certificate');

  // The report: start, write, preview.
  await page.goto(`${suite.platform.url}/studies/report/${t.studyIds[0]}`);
  await page.getByTestId('start-report').click();
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Pulmões com transparência preservada. Coração de dimensões normais.');
  await page.getByTestId('bottom-preview').click();
  await page.getByTestId('pdf-preview-frame').waitFor();
  await page.waitForTimeout(1500); // Chromium's PDF viewer paints after the frame loads
  await shot(page, 'documents-preview-dialog');
  await page.getByTestId('pdf-preview-dialog').getByRole('button', { name: 'Fechar' }).click();

  // Finish asks for the certificate password; a wrong one is refused and the report stays open.
  await page.getByTestId('finish-report').click();
  const password = page.getByTestId('certificate-password');
  await expectDisabled(page, 'certificate-password-submit');
  await password.fill('errada');
  await page.getByTestId('certificate-password-submit').click();
  const error = page.getByTestId('report-action-error');
  await error.getByText('Erro ao assinar laudo digitalmente').first().waitFor();
  await error.getByText('Senha do certificado digital incorreta').waitFor();
  await shot(page, 'documents-sign-error');
  await error.getByRole('button').first().click();
  expect(await page.getByTestId('report-state').getAttribute('data-state')).toBe('1');

  // The password dialog stays open for another try.
  await page.getByTestId('certificate-password').fill(pki.password);
  await page.getByTestId('certificate-password-submit').click();
  await page.waitForURL('**/studies');

  // Back on the report: signed (state 3); its PDF downloads and verifies.
  await page.goto(`${suite.platform.url}/studies/report/${t.studyIds[0]}`);
  await page.locator('[data-testid="report-state"][data-state="3"]').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bottom-download').click()]);
  const pdf = fs.readFileSync((await download.path())!);
  await shot(page, 'documents-signed-report');
  const verdict = pdfsig(tempFile(pdf), pki.nssDir);
  expect(verdict).toContain('Signature is Valid');
  expect(verdict).toContain('Total document signed');
  expect(verdict).toContain('Certificate is Trusted');
  const text = pdfText(pdf);
  expect(text).toContain('Pulmões com transparência preservada.');
  expect(text).toContain('CRM 123456/SP');
  // The versions table offers the same document for version 1.
  const [fromTable] = await Promise.all([page.waitForEvent('download'), page.getByTestId('version-pdf-1').click()]);
  expect(fs.readFileSync((await fromTable.path())!).equals(pdf)).toBe(true);

  // The QR's page, public: a fresh context without a session.
  const code = text.match(/Código de verificação: ([A-Z0-9-]{14})/)![1]!;
  const visitor = await (await suite.browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`${suite.platform.url}/verify/${code}`);
  await visitor.locator('[data-testid="verify-status"][data-status="valid"]').waitFor();
  await shot(visitor, 'documents-verify-page');
  await context.close();
});

async function expectDisabled(page: Page, testId: string) {
  expect(await page.getByTestId(testId).isDisabled()).toBe(true);
}
