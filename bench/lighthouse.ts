/**
 * Lighthouse on the sign-in page and the study list (issue 24): the platform serving the built
 * web app with the demo data, Lighthouse's desktop preset (simulated throttling) in Debian's
 * Chromium, RUNS runs per route, the median of each figure printed beside its goal.
 * /studies runs signed in: the token, taken from the API, is put where the web app keeps it
 * (localStorage 'access_token', web/src/lib/token.ts); Lighthouse clears caches between runs
 * but not localStorage. Prints figures only (never part of `npm test`).
 *
 *   npm run bench:lighthouse          LIGHTHOUSE_RUNS=5 npm run bench:lighthouse
 *   LIGHTHOUSE_ROUTES=/studies LIGHTHOUSE_SAVE=/tmp/lh npm run bench:lighthouse   (one route; each
 *   run's report kept as JSON, to look into: bootup-time, long-tasks, network-requests…)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/tools';
import { ensureWebBuilt } from '../scripts/web-build';
import { atLeast, atMost, figureRow, loadAverage as load, recordFigures, tableHeader } from './report-table';
import { median, signedInToken, startBenchPlatform } from './support';
import { runBench } from './run';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const SAVE = process.env.LIGHTHOUSE_SAVE;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** A doctor of the human account (the demo's busiest list). */
const DEMO_USER = 'dr.silva';

interface Route {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  /** Goal for compressed JavaScript, in KB (none: printed without a goal). */
  jsKB?: number;
}

const ROUTES: Route[] = [
  { path: '/login', signedIn: false, performance: 95, accessibility: 100, jsKB: 350 },
  { path: '/studies', signedIn: true, performance: 90, accessibility: 100 },
];

interface Figures {
  performance: number;
  accessibility: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  jsBytes: number;
  jsFiles: number;
  /** Accessibility audits that failed (id: title). */
  a11yFailures: string[];
}

/** One Lighthouse run in a Chromium of its own. */
async function audit(url: string, token: string | null): Promise<Figures> {
  // Both packages are ES modules only.
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await launch({ chromePath: findChromium(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (token) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/terms', url).toString());
      await page.evaluate(`localStorage.setItem('access_token', ${JSON.stringify(token)})`);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] },
      desktop,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (SAVE) {
      fs.mkdirSync(SAVE, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${new Date().toISOString().replace(/\D/g, '')}.json`;
      fs.writeFileSync(path.join(SAVE, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const final = lhr.finalDisplayedUrl;
    if (new URL(final).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${final}`);
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items;
    const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script');
    const a11y = lhr.categories.accessibility!;
    return {
      performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      accessibility: Math.round((a11y.score ?? 0) * 100),
      tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
      lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? NaN,
      fcpMs: lhr.audits['first-contentful-paint']!.numericValue ?? NaN,
      jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      jsFiles: scripts.length,
      a11yFailures: a11y.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id]!.title}`),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  ensureWebBuilt();
  const bench = await startBenchPlatform('laudos_bench_lighthouse', { SERVE_WEB: 'true', SEED_DEMO: 'true' });
  try {
    const loadBefore = load();
    const token = await signedInToken(bench.platform.url, DEMO_USER);
    const results: { route: Route; runs: Figures[] }[] = [];
    const only = process.env.LIGHTHOUSE_ROUTES?.split(',');
    for (const route of ROUTES.filter((r) => !only || only.includes(r.path))) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const f = await audit(`${bench.platform.url}${route.path}`, route.signedIn ? token : null);
        console.log(
          `  ${route.path} run ${i + 1}: performance ${f.performance}, accessibility ${f.accessibility}, TBT ${f.tbtMs.toFixed(0)} ms, LCP ${f.lcpMs.toFixed(0)} ms, JS ${(f.jsBytes / 1024).toFixed(0)} KB`,
        );
        runs.push(f);
      }
      results.push({ route, runs });
    }

    console.log(
      `\nLighthouse ${RUNS}× per route, desktop preset, simulated throttling, Chromium headless (${bench.dbLabel}; demo data; ` +
        `${os.cpus().length} cores, load average ${loadBefore} before, ${load()} after)`,
    );
    console.log(tableHeader('figure (median)'));
    for (const { route, runs } of results) {
      const m = (pick: (f: Figures) => number) => median(runs.map(pick));
      const p = route.path;
      const figures = [
        { figure: `${p} performance`, measured: m((f) => f.performance), unit: '', goal: atLeast(route.performance) },
        { figure: `${p} accessibility`, measured: m((f) => f.accessibility), unit: '', goal: atLeast(route.accessibility) },
        { figure: `${p} total blocking time`, measured: m((f) => f.tbtMs), unit: ' ms' },
        { figure: `${p} largest contentful paint`, measured: m((f) => f.lcpMs), unit: ' ms' },
        { figure: `${p} first contentful paint`, measured: m((f) => f.fcpMs), unit: ' ms' },
        {
          figure: `${p} JavaScript, compressed (${m((f) => f.jsFiles)} files)`,
          measured: m((f) => f.jsBytes) / 1024,
          unit: ' KB',
          goal: route.jsKB ? atMost(route.jsKB) : undefined,
        },
      ];
      for (const f of figures) console.log(figureRow(f));
      recordFigures(figures);
      const failures = [...new Set(runs.flatMap((f) => f.a11yFailures))];
      if (failures.length) console.log(`    accessibility audits failing: ${failures.join('; ')}`);
    }
    console.log('');
  } finally {
    await bench.stop();
  }
}

runBench(main);
