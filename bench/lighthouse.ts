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
import { DEMO_PASSWORD } from '../migrations/seed/demo';
import { findChromium } from '../scripts/tools';
import { ensureWebBuilt } from '../scripts/web-build';
import { startBenchPlatform } from './support';

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

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** A session token with the human account current (the study list needs an account). */
async function signedInToken(baseUrl: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (
      (await res.json()) as {
        data: { accessToken: string; accounts?: Record<string, { id: string; isForHuman: boolean | null }> };
      }
    ).data;
  };
  const session = await post('/auth', { username: DEMO_USER, password: DEMO_PASSWORD });
  const account = Object.values(session.accounts ?? {}).find((a) => a.isForHuman);
  if (!account) throw new Error(`${DEMO_USER} has no account`);
  return (await post('/auth/changeAccount', { accountId: account.id }, session.accessToken)).accessToken;
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

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One line of the table: a figure, its goal (if any), the measured value, measured/goal and the verdict. */
function row(figure: string, value: number, unit: string, goal?: { value: number; atLeast: boolean }): string {
  const measured = `${value.toFixed(0)}${unit}`;
  const cells = [
    figure.padEnd(38),
    (goal ? `${goal.atLeast ? '≥' : '≤'} ${goal.value}${unit}` : '').padStart(10),
    measured.padStart(10),
  ];
  if (goal) {
    const ok = goal.atLeast ? value >= goal.value : value <= goal.value;
    cells.push((value / goal.value).toFixed(2).padStart(7), ok ? '  ok' : '  short of the goal');
  }
  return `  ${cells.join('')}`.trimEnd();
}

async function main(): Promise<void> {
  ensureWebBuilt();
  const bench = await startBenchPlatform('laudos_bench_lighthouse', { SERVE_WEB: 'true', SEED_DEMO: 'true' });
  try {
    const loadBefore = load();
    const token = await signedInToken(bench.platform.url);
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
    console.log(`  ${'figure (median)'.padEnd(38)}${'goal'.padStart(10)}${'measured'.padStart(10)}${'ratio'.padStart(7)}`);
    for (const { route, runs } of results) {
      const m = (pick: (f: Figures) => number) => median(runs.map(pick));
      const p = route.path;
      const figures: [string, number, string, { value: number; atLeast: boolean }?][] = [
        ['performance', m((f) => f.performance), '', { value: route.performance, atLeast: true }],
        ['accessibility', m((f) => f.accessibility), '', { value: route.accessibility, atLeast: true }],
        ['total blocking time', m((f) => f.tbtMs), ' ms'],
        ['largest contentful paint', m((f) => f.lcpMs), ' ms'],
        ['first contentful paint', m((f) => f.fcpMs), ' ms'],
      ];
      for (const [name, value, unit, goal] of figures) console.log(row(`${p} ${name}`, value, unit, goal));
      const js = `${p} JavaScript, compressed (${m((f) => f.jsFiles)} files)`;
      const jsKB = m((f) => f.jsBytes) / 1024;
      console.log(row(js, jsKB, ' KB', route.jsKB ? { value: route.jsKB, atLeast: false } : undefined));
      const failures = [...new Set(runs.flatMap((f) => f.a11yFailures))];
      if (failures.length) console.log(`    accessibility audits failing: ${failures.join('; ')}`);
    }
    console.log('');
  } finally {
    await bench.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
