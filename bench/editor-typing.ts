/**
 * Typing in a long report (issue 4: "typing stays smooth in a 20-page report"): the editor
 * opens a ~20-page draft in Debian's Chromium, then 200 keystrokes are typed at the end and
 * in the middle; prints the time from keydown to the next painted frame (p50/p99) and the
 * layout shift seen while typing. Prints figures only.
 *
 *   npx tsx bench/editor-typing.ts      (needs the web built: npm run build:web)
 */
import { chromium } from 'playwright-core';
import { PASSWORD, createTenant } from '../test/support/fixtures';
import { findChromium } from '../scripts/tools';
import { ensureWebBuilt } from '../scripts/web-build';
import { recordFigures } from './report-table';
import { pct, startBenchPlatform } from './support';
import { runBench } from './run';

const PAGES = 20;
const KEYS = 200;

/** About one A4 page of report text per iteration. */
function longReport(): string {
  const paragraph =
    'Fígado de dimensões normais, contornos regulares e ecotextura homogênea, sem lesões focais. Vesícula biliar normodistendida, paredes finas, sem cálculos. Vias biliares intra e extra-hepáticas sem dilatações. ';
  const page = (n: number) => `<h3>Seção ${n}</h3>` + Array.from({ length: 6 }, () => `<p>${paragraph.repeat(2)}</p>`).join('');
  return Array.from({ length: PAGES }, (_, i) => page(i + 1)).join('');
}

async function main(): Promise<void> {
  ensureWebBuilt();
  const bench = await startBenchPlatform('laudos_bench_editor', { SERVE_WEB: 'true' });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const t = await createTenant(bench.knex, { studies: 1 });
    const studyId = t.studyIds[0]!;
    const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
    await page.goto(`${bench.platform.url}/login`);
    await page.getByTestId('login-username').fill(t.users.doctor!.username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL('**/studies');
    await page.goto(`${bench.platform.url}/studies/report/${studyId}`);
    await page.getByTestId('start-report').click();
    await page.locator('.ProseMirror').waitFor();
    // The long text arrives as the draft (what a doctor reopening a long report gets).
    await bench
      .knex('study_drafts')
      .insert({ study_id: studyId, account_id: t.accountId, institution_id: t.institutionId, content: longReport() });
    await page.reload();
    // A function, not a string: the app's CSP forbids eval in the page.
    await page.waitForFunction(
      () =>
        ((
          globalThis as { document?: { querySelector(s: string): { textContent: string | null } | null } }
        ).document?.querySelector('.ProseMirror')?.textContent?.length ?? 0) > 40_000,
    );
    const chars = await page.evaluate('document.querySelector(".ProseMirror").textContent.length');

    // Time from keydown to the next frame, and layout shift while typing.
    await page.evaluate(`(() => {
      window.__lat = []; window.__shift = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: false });
      document.addEventListener('keydown', (e) => { if (e.key !== 'a') return; const t0 = performance.now(); requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t0), 0)); }, true);
    })()`);
    const typeAt = async (where: 'end' | 'middle') => {
      await page.locator('.ProseMirror').click();
      await page.keyboard.press(where === 'end' ? 'Control+End' : 'Control+Home');
      if (where === 'middle') for (let i = 0; i < 60; i++) await page.keyboard.press('PageDown');
      for (let i = 0; i < KEYS / 2; i++) await page.keyboard.type('a');
    };
    await typeAt('end');
    await typeAt('middle');
    const lat = ((await page.evaluate('window.__lat')) as number[]).sort((a, b) => a - b);
    const shift = (await page.evaluate('window.__shift')) as number;
    console.log(
      `\nTyping in a ${PAGES}-page report (${Number(chars).toLocaleString('en')} characters), headless Chromium, 2 cores`,
    );
    console.log(
      `  typed character, keydown → next frame over ${lat.length} keys: p50 ${pct(lat, 50).toFixed(1)} ms, p95 ${pct(lat, 95).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms, max ${lat.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`  cumulative layout shift while typing: ${shift.toFixed(4)} (0 = no jump)\n`);
    recordFigures([
      { figure: `keydown → next frame, ${PAGES}-page report, p95`, measured: pct(lat, 95), unit: ' ms' },
      { figure: `keydown → next frame, ${PAGES}-page report, p99`, measured: pct(lat, 99), unit: ' ms' },
      { figure: 'layout shift while typing', measured: shift, unit: '' },
    ]);
  } finally {
    await browser.close();
    await bench.stop();
  }
}

runBench(main);
