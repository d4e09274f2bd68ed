/**
 * WCAG 2.1 A/AA over every page (issue 24): axe-core's wcag2a, wcag2aa, wcag21a and wcag21aa
 * rules find no violation on the login, account selection, study list, the report in each
 * state, the viewer and every administration and catalogue page, in pt-BR, en and es, light
 * and dark, desktop and 390 px. One browser context per combination; after the login the
 * pages are reached client-side (history + popstate), so the bundle loads once per combination.
 *
 * `npm test` checks every page in pt-BR light desktop and in two more combinations each, in
 * turn, so that every combination checks its share of pages (the pages before the study list
 * too: each combination still signs in through them): 3 of the 12 checks per page, which
 * keeps the suite within its time. `npm run test:a11y` (A11Y_FULL=1) checks every page in
 * all 12 combinations.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { makeTestPki } from '../../documents/testing/test-pki';
import { ensureDocumentTools } from '../../scripts/tools';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, PASSWORD, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { actAs, loginTokens, platformSuite } from '../support/suite';
import { ADMIN_PAGES } from '../../web/src/features/admin/admin-pages';

jest.setTimeout(240_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' }, web: true });
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LANGS = ['pt-BR', 'en', 'es'] as const;
const MODES = ['light', 'dark'] as const;
const VIEWPORTS = { desktop: { width: 1400, height: 950 }, phone: { width: 390, height: 844 } } as const;

let t: Tenant;
/** Page name → path, in the order visited. */
const pages: [string, string][] = [];

beforeAll(async () => {
  ensureDocumentTools();
  const reporting = [...DOCTOR_PERMISSIONS, 'REPORTS_REVIEW', 'STUDIES_UPLOAD_DICOM'] as const;
  t = await createTenant(suite.knex, { studies: 6, users: { admin: [...reporting], doctor: [...reporting] } });
  const other = await createTenant(suite.knex, { studies: 0, users: {} });
  const admin = t.users.admin!;
  // The administrator (super role too, for the accounts page) belongs to two accounts: the
  // account selection comes after the login.
  await suite.knex('users').where({ id: admin.id }).update({ super_role: true });
  await suite.knex('user_accounts').where({ user_id: admin.id }).update({ is_admin: true });
  await suite.knex('user_accounts').insert({ user_id: admin.id, account_id: other.accountId, is_admin: true });

  const tokens = await loginTokens(suite.api, t.users);
  const act = actAs(suite.api, tokens);
  await act('admin', 'POST', '/auth/changeAccount', { accountId: t.accountId });
  const [notStarted, draft, concluded, signed, awaitingReview, reviewing] = t.studyIds as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const report = (id: string) => `/studies/${id}/reports`;
  await act('admin', 'POST', `${report(draft)}/start`);
  await act('admin', 'PUT', `/studies/${draft}/drafts`, { content: '<p>Rascunho em andamento.</p>' });
  await act('admin', 'POST', `${report(concluded)}/start`);
  await act('admin', 'POST', `${report(concluded)}/save`, { content: '<p>Exame sem alterações.</p>' });
  const pki = makeTestPki({ cpf: admin.cpf });
  try {
    await act('admin', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });
    await act('admin', 'POST', `${report(signed)}/start`);
    await act('admin', 'POST', `${report(signed)}/save`, { content: '<p>Laudo assinado.</p>' });
    await act('admin', 'POST', `${report(signed)}/sign`, { personalKeyPassword: pki.password });
  } finally {
    fs.rmSync(pki.dir, { recursive: true, force: true });
  }
  for (const id of [awaitingReview, reviewing]) {
    await act('doctor', 'POST', `${report(id)}/start`);
    await act('doctor', 'POST', `${report(id)}/requestReview`, { content: '<p>Para revisão.</p>' });
  }
  await act('admin', 'POST', `${report(reviewing)}/associateReview`);
  const imaged = await ingestStudy(
    suite.platform.url,
    suite.knex,
    tokens.doctor!,
    makeStudy({ series: 1, perSeries: 2, patientName: 'Souza^Ana', rows: 64, columns: 64 }),
  );
  const scheduled = await createScheduledExam(suite.knex, t);
  // 'Notificações e inscrições' shows both statuses: the doctor's pending, the admin's confirmed.
  for (const who of ['doctor', 'admin'] as const) {
    const { subscription } = await act(
      'admin',
      'POST',
      '/notification-subscriptions',
      {
        events: ['deadline.overdue'],
        institutionId: t.institutionId,
        userId: t.users[who]!.id,
      },
      201,
    );
    if (who === 'admin')
      await suite.knex('notification_subscriptions').where({ id: subscription.id }).update({ confirmed_at: new Date() });
  }

  pages.push(
    ['study list', '/studies'],
    ['report: not started', `/studies/report/${notStarted}`],
    ['report: in progress', `/studies/report/${draft}`],
    ['report: concluded', `/studies/report/${concluded}`],
    ['report: signed', `/studies/report/${signed}`],
    ['report: awaiting review', `/studies/report/${awaitingReview}`],
    ['report: reviewing', `/studies/report/${reviewing}`],
    ['report: scheduled exam', `/scheduledExam/report/${scheduled}`],
    ['viewer', `/studies/${imaged}/viewer/general`],
    ['scheduled exams', '/scheduled-exams'],
    ['overdue studies', '/overdue-studies'],
    ['management reports', '/management'],
    ['management report (chart)', '/management?tab=summary'],
    ['divergent studies', '/divergent-studies'],
    ['invalidated studies', '/invalidated-studies'],
    ['institutions', '/institutions'],
    ['my phrases', '/phrases'],
    ['invitations', '/invitations'],
    ['outbox', '/outbox'],
    ['profile', '/profile'],
    ['certificate', '/profile/certificate'],
    ['administration', '/admin'],
    ...ADMIN_PAGES.map((p): [string, string] => [`admin ${p}`, `/admin/${p}`]),
    ['not found', '/nowhere'],
  );
});

interface Found {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** What "the page has loaded what it shows" means: no request running, no spinner or skeleton, no transition. */
const QUIET = `window.__pendingFetches === 0 &&
  document.querySelector('main, [role="main"], form') !== null &&
  document.querySelector('.MuiCircularProgress-root, .MuiSkeleton-root, .MuiLinearProgress-root, [aria-busy="true"]') === null &&
  document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)`;

/** Counts the page's requests in flight (the app talks to the api through fetch). */
const COUNT_FETCHES = `(() => {
  let pending = 0;
  const original = window.fetch.bind(window);
  window.fetch = (...args) => {
    pending++;
    return original(...args).finally(() => pending--);
  };
  Object.defineProperty(window, '__pendingFetches', { get: () => pending });
})()`;

/**
 * Transitions end at once (as Playwright does for screenshots): axe judges the colours a page
 * settles on, not a button caught halfway from disabled grey or a tooltip halfway faded in.
 */
const NO_TRANSITIONS = `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
  document.head.append(style);
})`;

/** Waits until the page is quiet, twice 150 ms apart (an answer may start the next request). */
async function settled(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await page.waitForTimeout(150);
    // a page that keeps a progress bar (or a poll) is still checked after 8 s
    await page.waitForFunction(QUIET, undefined, { timeout: 8_000, polling: 50 }).catch(() => undefined);
  }
}

async function check(page: Page, name: string, found: Found[]): Promise<void> {
  await settled(page);
  // Only the violations are wanted: axe skips collecting the passes (half its time).
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] }) // before withTags: options() replaces the rule selection
    .withTags(WCAG)
    .analyze();
  for (const v of result.violations) {
    found.push({
      page: name,
      rule: v.id,
      impact: v.impact ?? '?',
      help: v.help,
      // each target with the first line of axe's reason (for contrast: the colours and ratio)
      targets: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}`),
    });
  }
}

/** A client-side navigation (the router follows popstate), as a link in the app would do. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
}

const combinations = LANGS.flatMap((lang) =>
  MODES.flatMap((mode) => (Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]).map((viewport) => ({ lang, mode, viewport }))),
).map((c, index) => ({ ...c, index }));
const FULL = process.env.A11Y_FULL === '1';

/** Page i is checked in combination 0 (pt-BR light desktop) and in two others, in turn. */
function checkedIn(combination: number, i: number): boolean {
  const others = combinations.length - 1;
  return FULL || combination === 0 || combination === 1 + (i % others) || combination === 1 + ((i + 5) % others);
}

/** The pages on the way to the study list, in the order visited (after `pages` in the turn). */
const BEFORE_LIST = [
  'login',
  'forgot password',
  'results portal (required fields)',
  'critical finding acknowledgement (unknown link)',
  'subscription confirmation (unknown link)',
  'account selection',
] as const;

test.each(combinations)('0 WCAG 2.1 A/AA violations: $lang $mode $viewport', async ({ lang, mode, viewport, index }) => {
  const mine = pages.filter((_, i) => checkedIn(index, i));
  const beforeList = new Set(BEFORE_LIST.filter((_, i) => checkedIn(index, pages.length + i)));
  const started = Date.now();
  const context = await suite.browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: lang,
    timezoneId: 'America/Sao_Paulo',
  });
  context.setDefaultTimeout(20_000);
  await context.addInitScript(COUNT_FETCHES);
  await context.addInitScript(NO_TRANSITIONS);
  await context.addInitScript(
    `localStorage.setItem('lang', ${JSON.stringify(lang)}); localStorage.setItem('theme', ${JSON.stringify(mode)})`,
  );
  const page = await context.newPage();
  const found: Found[] = [];
  const checkOnTheWay = (name: (typeof BEFORE_LIST)[number], into: Found[]) =>
    beforeList.has(name) ? check(page, name, into) : Promise.resolve();
  try {
    await page.goto(`${suite.platform.url}/login`);
    await page.getByTestId('login-username').waitFor();
    await checkOnTheWay('login', found);
    await navigate(page, '/forgotPassword');
    await checkOnTheWay('forgot password', found);
    await navigate(page, '/resultados');
    await page.getByTestId('portal-submit').click();
    await checkOnTheWay('results portal (required fields)', found);
    await navigate(page, '/critical-ack/not-a-real-token');
    await page.getByTestId('critical-ack-error').waitFor();
    await checkOnTheWay('critical finding acknowledgement (unknown link)', found);
    await navigate(page, '/confirm-subscription?token=not-a-real-token');
    await page.getByTestId('subscription-confirm-error').waitFor();
    await checkOnTheWay('subscription confirmation (unknown link)', found);
    await navigate(page, '/login');
    await page.getByTestId('login-username').fill(t.users.admin!.username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL('**/select-account');
    await page.getByTestId(`account-${t.accountId}`).waitFor();
    await checkOnTheWay('account selection', found);
    await page.getByTestId(`account-${t.accountId}`).click();
    await page.waitForURL('**/studies');
    for (const [name, path] of mine) {
      await navigate(page, path);
      await check(page, name, found);
    }
  } finally {
    await context.close();
  }
  const list = found.map((f) => `- [${f.page}] ${f.rule} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`);
  // Written at once (jest prints a failure only at the end of the file): the time and what was found.
  process.stderr.write(
    `accessibility ${lang} ${mode} ${viewport}: ${mine.length + beforeList.size} pages in ${Date.now() - started} ms, ${found.length} violations\n${list.join('\n')}\n`,
  );
  expect({ combination: `${lang} ${mode} ${viewport}`, violations: list.join('\n') }).toEqual({
    combination: `${lang} ${mode} ${viewport}`,
    violations: '',
  });
});
