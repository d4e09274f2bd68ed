/**
 * The keyboard alone does the day's work (issue 24, WCAG 2.1.1, 2.4.7): log in, choose the
 * account, move through the study list with the arrows and open a report with Enter, start it,
 * write, finish it signing with the certificate password, and land back on the list. No click
 * and no fill: only Tab, arrows, Enter and typing into whatever has the focus — and at every
 * stop the focused element shows it (an outline, or a focused field's thick border).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { type TestPki, makeTestPki } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, actAs, login, platformSuite } from '../support/suite';

jest.setTimeout(150_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let pki: TestPki;

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 2, users: { doctor: DOCTOR_PERMISSIONS } });
  // A second account: the account selection comes after the login.
  const other = await createTenant(suite.knex, { studies: 0, users: {} });
  await suite.knex('user_accounts').insert({ user_id: t.users.doctor!.id, account_id: other.accountId, is_admin: true });
  // The doctor's A1, registered beforehand (its upload screen is report-signing's subject).
  pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  const token = await login(suite.api, t.users.doctor!.username);
  const act = actAs(suite.api, { doctor: token });
  await act('doctor', 'POST', '/auth/changeAccount', { accountId: t.accountId });
  await act('doctor', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });
});

afterAll(() => {
  fs.rmSync(pki.dir, { recursive: true, force: true });
});

/** What has the focus, and whether it shows: '' when it does, else why not. */
function focusProblem(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has the focus';
    const s = getComputedStyle(el);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) return '';
    // A text field shows its focus on its frame (MUI's notched outline, 2 px when focused).
    const frame = el.closest('.MuiInputBase-root.Mui-focused')?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (frame && parseFloat(getComputedStyle(frame).borderTopWidth) >= 2) return '';
    return 'no visible focus on ' + el.tagName.toLowerCase() + '[' + (el.getAttribute('data-testid') ?? el.className) + ']';
  })()`);
}

async function expectFocusVisible(page: Page, step: string): Promise<void> {
  expect({ step, problem: await focusProblem(page) }).toEqual({ step, problem: '' });
}

/** A description of the focused element that `wanted` (a JS expression over `el`) tests. */
function focusedIs(page: Page, wanted: string): Promise<boolean> {
  return page.evaluate(`(() => { const el = document.activeElement; return Boolean(el && (${wanted})); })()`);
}

/** Presses Tab until the focused element satisfies `wanted`; every stop on the way shows its focus. */
async function tabTo(page: Page, wanted: string, step: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await focusedIs(page, wanted)) {
      await expectFocusVisible(page, step);
      return;
    }
    const problem = await focusProblem(page);
    if (problem && problem !== 'nothing has the focus') throw new Error(`${step}: tab stop ${i + 1}: ${problem}`);
  }
  throw new Error(`${step}: ${max} presses of Tab never reached ${wanted}`);
}

const testId = (id: string) => `el.closest('[data-testid="${id}"]') !== null`;

test('log in, choose the account, open a report, write, sign and return to the list — keyboard only', async () => {
  const context = await suite.browser.newContext({
    viewport: { width: 1400, height: 950 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const shot = (name: string) => page.screenshot({ path: path.join(E2E_ARTIFACTS, `keyboard-${name}.png`) });

  // Login: typing into the focused fields, Enter sends.
  await page.goto(`${suite.platform.url}/login`);
  await page.getByTestId('login-username').waitFor();
  if (!(await focusedIs(page, testId('login-username')))) await tabTo(page, testId('login-username'), 'username');
  await expectFocusVisible(page, 'username');
  await page.keyboard.type(t.users.doctor!.username);
  await tabTo(page, testId('login-password'), 'password');
  await page.keyboard.type(PASSWORD);
  await shot('login');
  await page.keyboard.press('Enter');

  // The account selection.
  await page.waitForURL('**/select-account');
  await page.getByTestId(`account-${t.accountId}`).waitFor();
  await tabTo(page, testId(`account-${t.accountId}`), 'account');
  await shot('account');
  await page.keyboard.press('Enter');

  // The list: Tab reaches a row, ↓ moves to the next, Enter opens it.
  await page.waitForURL('**/studies');
  await page.locator('[data-testid^="study-row-"]:not([data-testid="study-row-skeleton"])').first().waitFor();
  await tabTo(page, `(el.getAttribute('data-testid') ?? '').startsWith('study-row-')`, 'study row');
  const first = await page.evaluate<string>("document.activeElement.getAttribute('data-testid')");
  await page.keyboard.press('ArrowDown');
  const second = await page.evaluate<string>("document.activeElement.getAttribute('data-testid')");
  expect(second).not.toBe(first);
  expect(second).toMatch(/^study-row-/);
  await expectFocusVisible(page, 'second row');
  await shot('list');
  const studyId = second.replace('study-row-', '');
  await page.keyboard.press('Enter');

  // The report: start it, reach the editor, write.
  await page.waitForURL(`**/studies/report/${studyId}`);
  await tabTo(page, testId('start-report'), 'start report');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="report-state"][data-state="1"]').waitFor();
  await tabTo(page, `el.classList.contains('ProseMirror')`, 'editor');
  await page.keyboard.type('Exame realizado somente com o teclado. Sem alterações.');
  await shot('editor');

  // Finish: the certificate password dialog takes the focus; Enter signs.
  await tabTo(page, testId('finish-report'), 'finish');
  await page.keyboard.press('Enter');
  await page.getByTestId('certificate-password').waitFor();
  await eventually(
    () => focusedIs(page, testId('certificate-password')),
    (focused) => focused,
    { what: 'the focus in the certificate password' },
  );
  await expectFocusVisible(page, 'certificate password');
  await page.keyboard.type(pki.password);
  await shot('sign');
  await page.keyboard.press('Enter');

  // Back on the list, signed.
  await page.waitForURL('**/studies');
  await eventually(
    async () => (await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state,
    (state) => state === 3,
    { what: 'the report signed (state 3)' },
  );
  await page.getByTestId(`study-row-${studyId}`).waitFor();
  await tabTo(page, `(el.getAttribute('data-testid') ?? '').startsWith('study-row-')`, 'list again');
  await shot('back-on-list');
  await context.close();
});
