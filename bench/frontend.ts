/**
 * The front end in Chromium (issue 20): the study list's first paint and the report editor's
 * open time, each over RUNS cold runs (a fresh browser context: empty cache, the session token
 * put where the web app keeps it), median and p95 beside a budget; then the compressed
 * JavaScript each main route loads. The platform serves the built web app with the demo data
 * on loopback, no throttling. Prints figures only (never part of `npm test`).
 *
 * Timings come from the page's own clock (Performance API, ms since navigation start): paint
 * entries for first paint / first contentful paint; for "visible", a MutationObserver notes
 * when the element first exists and the frame after it (requestAnimationFrame + a task) is taken
 * as painted. JavaScript bytes: the responses the browser actually got for scripts (Playwright
 * response events), body bytes as sent (brotli from web/dist's .br files).
 *
 *   npm run bench:frontend        FRONTEND_RUNS=10 npm run bench:frontend
 */
import os from 'node:os';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { LaudoState } from '../domain/laudo/states';
import { findChromium } from '../scripts/tools';
import { ensureWebBuilt } from '../scripts/web-build';
import { type Figure, atMost, loadAverage, printFigures } from './report-table';
import { median, pct, signedInToken, startBenchPlatform } from './support';
import { runBench } from './run';

const RUNS = Number(process.env.FRONTEND_RUNS ?? 5);
const DOCTOR = 'dr.silva';
const ADMIN = 'ana.admin';

/**
 * Budgets, loopback and no throttling, so they are about our own work (bundle, render, API):
 * first contentful paint and the first row within Web Vitals' "good" FCP and LCP (1.8 s, 2.5 s);
 * the editor ready to type 2.5 s after a cold load of its address, and 1 s after a click on
 * the list's row (RAIL: past a second the user's flow of thought breaks).
 */
const BUDGET_MS = { fcp: 1800, firstRow: 2500, editorCold: 2500, editorFromList: 1000 };
/** Compressed JavaScript of the sign-in page (the same goal as bench:lighthouse). */
const LOGIN_JS_KB = 350;

const ROW = '.study-row';
const EDITOR = '.ProseMirror[contenteditable="true"]';

type Marks = Partial<Record<'row' | 'editor' | 'click' | 'fp' | 'fcp', number>>;

/** Runs in every page before the app: the token, the click clock and the "visible" observer. */
function initScript(origin: string, token: string | null): string {
  return `(() => {
    if (location.origin === ${JSON.stringify(origin)} && ${JSON.stringify(token)})
      localStorage.setItem('access_token', ${JSON.stringify(token)});
    const marks = (window.__marks = {});
    document.addEventListener('click', () => { marks.click = performance.now(); }, true);
    const watch = { row: ${JSON.stringify(ROW)}, editor: ${JSON.stringify(EDITOR)} };
    const seen = {};
    new MutationObserver(() => {
      for (const [name, selector] of Object.entries(watch)) {
        if (seen[name] || !document.querySelector(selector)) continue;
        seen[name] = true;
        requestAnimationFrame(() => setTimeout(() => { marks[name] = performance.now(); }, 0));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['contenteditable'] });
  })()`;
}

async function newContext(browser: Browser, origin: string, token: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  await context.addInitScript(initScript(origin, token));
  return context;
}

async function readMarks(page: Page, want: keyof Marks): Promise<Marks> {
  for (let i = 0; i < 100; i++) {
    const marks = (await page.evaluate(`(() => {
      const m = { ...window.__marks };
      for (const e of performance.getEntriesByType('paint')) m[e.name === 'first-paint' ? 'fp' : 'fcp'] = e.startTime;
      return m;
    })()`)) as Marks;
    if (marks[want] !== undefined) return marks;
    await page.waitForTimeout(20);
  }
  throw new Error(`no ${want} mark on ${page.url()}`);
}

interface ListRun {
  fp: number;
  fcp: number;
  firstRow: number;
  editorFromList: number | null;
}

/** /studies cold: paints and the first row; then a click on the report's row until the editor is editable. */
async function listRun(browser: Browser, origin: string, token: string, studyId: string): Promise<ListRun> {
  const context = await newContext(browser, origin, token);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/studies`);
    await page.locator(ROW).first().waitFor({ timeout: 30_000 });
    const marks = await readMarks(page, 'row');
    let editorFromList: number | null = null;
    const row = page.getByTestId(`study-row-${studyId}`);
    if (await row.isVisible()) {
      await row.click();
      await page.locator(EDITOR).waitFor({ timeout: 30_000 });
      const after = await readMarks(page, 'editor');
      editorFromList = after.editor! - after.click!;
    }
    return { fp: marks.fp ?? NaN, fcp: marks.fcp ?? NaN, firstRow: marks.row!, editorFromList };
  } finally {
    await context.close();
  }
}

/** The report's address loaded cold, until the editor takes typing. */
async function editorRun(browser: Browser, origin: string, token: string, studyId: string): Promise<number> {
  const context = await newContext(browser, origin, token);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/studies/report/${studyId}`);
    await page.locator(EDITOR).waitFor({ timeout: 30_000 });
    return (await readMarks(page, 'editor')).editor!;
  } finally {
    await context.close();
  }
}

interface RouteJs {
  route: string;
  landed: string;
  files: number;
  bytes: number;
  /** Scripts sent uncompressed (below the build's compression threshold, or no .br beside them). */
  plain: { files: number; bytes: number };
}

/** The scripts a cold load of a route fetched, once the page went quiet. */
async function routeJs(browser: Browser, origin: string, route: string, token: string | null): Promise<RouteJs> {
  const context = await newContext(browser, origin, token);
  try {
    const page = await context.newPage();
    // Per address: a module the page's frames share is fetched once (the rest come from memory).
    const scripts = new Map<string, Promise<{ bytes: number; encoding: string }>>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      // blob: workers are built in the page from code already counted.
      if (!url.protocol.startsWith('http') || scripts.has(url.href)) return;
      if (res.request().resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
      scripts.set(
        url.href,
        (async () => ({
          bytes: Math.max(0, (await res.request().sizes()).responseBodySize),
          encoding: (await res.headerValue('content-encoding')) ?? 'identity',
        }))(),
      );
    });
    await page.goto(`${origin}${route}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    const got = await Promise.all(scripts.values());
    const plain = got.filter((s) => s.encoding !== 'br');
    return {
      route,
      landed: new URL(page.url()).pathname,
      files: got.length,
      bytes: got.reduce((sum, s) => sum + s.bytes, 0),
      plain: { files: plain.length, bytes: plain.reduce((sum, s) => sum + s.bytes, 0) },
    };
  } finally {
    await context.close();
  }
}

const stats = (figure: string, xs: number[], budget: number): Omit<Figure, 'bench'>[] => {
  const sorted = [...xs].sort((a, b) => a - b);
  return [
    { figure: `${figure}, median`, measured: median(sorted), unit: ' ms', goal: atMost(budget) },
    { figure: `${figure}, p95`, measured: pct(sorted, 95), unit: ' ms', goal: atMost(budget) },
  ];
};

async function main(): Promise<void> {
  ensureWebBuilt();
  const bench = await startBenchPlatform('laudos_bench_frontend', { SERVE_WEB: 'true', SEED_DEMO: 'true' });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const loadBefore = loadAverage();
    const origin = bench.platform.url;
    const doctor = await signedInToken(origin, DOCTOR);
    const admin = await signedInToken(origin, ADMIN);
    // The doctor's own report in progress in the human account: it opens editable, no click needed.
    const study = (await bench
      .knex('studies as s')
      .join('accounts as a', 'a.id', 's.account_id')
      .join('users as u', 'u.id', 's.laudo_user_id')
      .where({ 'a.is_for_human': true, 's.laudo_state': LaudoState.IN_PROGRESS, 'u.username': DOCTOR })
      .orderBy('s.exam_date', 'desc')
      .first('s.id')) as { id: string } | undefined;
    if (!study) throw new Error(`the demo has no report in progress of ${DOCTOR}`);

    // One unmeasured pass: the server's first answers (connection pools, caches) are not the front end's.
    await listRun(browser, origin, doctor, study.id);
    const lists: ListRun[] = [];
    const colds: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const l = await listRun(browser, origin, doctor, study.id);
      const e = await editorRun(browser, origin, doctor, study.id);
      console.log(
        `  run ${i + 1}: FP ${l.fp.toFixed(0)} ms, FCP ${l.fcp.toFixed(0)} ms, first row ${l.firstRow.toFixed(0)} ms, ` +
          `editor from the list ${l.editorFromList?.toFixed(0) ?? '—'} ms, editor cold ${e.toFixed(0)} ms`,
      );
      lists.push(l);
      colds.push(e);
    }

    const routes: [string, string | null][] = [
      ['/login', null],
      ['/studies', doctor],
      [`/studies/report/${study.id}`, doctor],
      [`/studies/${study.id}/viewer/general`, doctor],
      ['/scheduled-exams', doctor],
      ['/profile', doctor],
      ['/management', admin],
      ['/admin/users', admin],
      ['/admin/settings', admin],
      ['/admin/institutions', admin],
    ];
    const js: RouteJs[] = [];
    for (const [route, token] of routes) js.push(await routeJs(browser, origin, route, token));

    console.log(
      `\nFront end in Chromium headless, ${RUNS} cold runs each (after one unmeasured), loopback, no throttling ` +
        `(${bench.dbLabel}; demo data; ${os.cpus().length} cores, load average ${loadBefore} before, ${loadAverage()} after)`,
    );
    const fromList = lists.flatMap((l) => (l.editorFromList === null ? [] : [l.editorFromList]));
    printFigures([
      { figure: '/studies first paint, median', measured: median(lists.map((l) => l.fp)), unit: ' ms' },
      ...stats(
        '/studies first contentful paint',
        lists.map((l) => l.fcp),
        BUDGET_MS.fcp,
      ),
      ...stats(
        '/studies first study row visible',
        lists.map((l) => l.firstRow),
        BUDGET_MS.firstRow,
      ),
      ...stats('report editor editable, cold load', colds, BUDGET_MS.editorCold),
      ...(fromList.length ? stats('report editor editable, click on list row', fromList, BUDGET_MS.editorFromList) : []),
    ]);
    if (!fromList.length) console.log('  (the report\'s row was not on the list\'s first page: no "from the list" figure)');

    console.log('\nJavaScript per route, cold load, compressed as sent');
    printFigures(
      js.map((r) => ({
        figure: `JS ${r.route.replace(study.id, ':id')} (${r.files} files)`,
        measured: r.bytes / 1024,
        unit: ' KB',
        goal: r.route === '/login' ? atMost(LOGIN_JS_KB) : undefined,
      })),
      'route',
    );
    for (const r of js) {
      if (r.landed !== r.route.split('?')[0]) console.log(`  note: ${r.route} ended at ${r.landed}`);
      if (r.plain.files)
        console.log(
          `  ${r.route.replace(study.id, ':id')}: ${r.plain.files} of the files (${(r.plain.bytes / 1024).toFixed(1)} KB) ` +
            "sent uncompressed (under the build's compression threshold)",
        );
    }
    console.log('');
  } finally {
    await browser.close();
    await bench.stop();
  }
}

runBench(main);
