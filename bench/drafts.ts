/**
 * Drafts under a steady typist (issue 23), in Debian's Chromium against the whole platform:
 *   1. keystroke → server: for every key typed during BENCH_SECONDS of typing without a pause,
 *      the time until a draft save holding it was acknowledged (p50/p99/max);
 *   2. crashes: BENCH_CRASHES times the browser is SIGKILLed at a random moment while typing
 *      and relaunched on the same profile; characters lost per crash (and whether the recovery
 *      banner showed). Prints figures only; it never fails a test run.
 *
 *   npm run bench:drafts        BENCH_SECONDS=30 BENCH_CRASHES=20 BENCH_LATENCY_MS=300 npm run bench:drafts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { findChromium } from '../scripts/tools';
import { ensureWebBuilt } from '../scripts/web-build';
import { caretAtEnd, editorText, killBrowser, launchProfile, type TypingRun, typeSteadily } from '../test/support/drafts';
import { createTenant } from '../test/support/fixtures';
import { recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CRASHES = Number(process.env.BENCH_CRASHES ?? 10);
/** Extra latency added to every api call (a slow link), ms. */
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 0);
const CHAR_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

async function openEditor(page: Page, url: string): Promise<void> {
  if (LATENCY > 0)
    await page.route('**/api/**', async (route) => {
      await sleep(LATENCY);
      await route.continue().catch(() => undefined);
    });
  await page.goto(url);
  await page.locator('.ProseMirror[contenteditable="true"]').waitFor({ timeout: 30_000 });
}

async function main(): Promise<void> {
  ensureWebBuilt();
  const chromium = findChromium();
  const bench = await startBenchPlatform('laudos_bench_drafts', { SERVE_WEB: 'true' });
  const dirs: string[] = [];
  try {
    const t = await createTenant(bench.knex, { studies: 2 });
    const token = await loginToken(bench.platform.url, t.users.doctor!.username);
    for (const id of t.studyIds) {
      const res = await fetch(`${bench.platform.url}/api/studies/${id}/reports/start`, {
        method: 'POST',
        headers: { access_token: token, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) throw new Error(`start: ${res.status}`);
    }

    // 1. keystroke → acknowledged by the server
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-bench-drafts-'));
    dirs.push(dir);
    const context = await launchProfile(chromium, dir, token);
    const page = context.pages()[0] ?? (await context.newPage());
    const acks: { chars: number; at: number }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/drafts')) {
        const body = JSON.parse(r.postData() ?? '{}') as { content?: string };
        r.response()
          .then((res) => {
            if (res?.ok()) acks.push({ chars: textOf(body.content ?? '').length, at: Date.now() });
          })
          .catch(() => undefined);
      }
    });
    await openEditor(page, `${bench.platform.url}/studies/report/${t.studyIds[0]}`);
    await caretAtEnd(page);
    const run: TypingRun = { typed: '', at: [] };
    const end = Date.now() + SECONDS * 1000;
    await typeSteadily(page, run, () => Date.now() > end, CHAR_MS);
    await sleep(2000 + LATENCY * 4);
    const lat: number[] = [];
    run.at.forEach((at, i) => {
      const ack = acks.find((a) => a.chars >= i + 1);
      if (ack) lat.push(ack.at - at);
    });
    lat.sort((a, b) => a - b);
    await context.close();
    console.log(
      `\nDrafts, headless Chromium, ${SECONDS} s of steady typing (${run.typed.length} characters, one every ~${CHAR_MS} ms)${LATENCY ? `, +${LATENCY} ms per api call` : ''}, ${bench.dbLabel}`,
    );
    console.log(`  draft saves acknowledged: ${acks.length}; keystrokes that reached the server: ${lat.length}/${run.at.length}`);
    if (lat.length > 0) {
      console.log(
        `  keystroke → server: p50 ${pct(lat, 50).toFixed(0)} ms, p99 ${pct(lat, 99).toFixed(0)} ms, max ${lat.at(-1)!.toFixed(0)} ms`,
      );
      recordFigures([{ figure: 'keystroke → saved on the server, p99', measured: pct(lat, 99), unit: ' ms' }]);
    }

    // 2. SIGKILL while typing, relaunch on the same profile
    const crashDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-bench-crash-'));
    dirs.push(crashDir);
    const url = `${bench.platform.url}/studies/report/${t.studyIds[1]}`;
    let typing: TypingRun = { typed: '', at: [] };
    const lost: number[] = [];
    let banners = 0;
    /** Kills right after a save reached the server with no key since: no banner is due. */
    let nothingToRecover = 0;
    for (let crash = 0; crash <= CRASHES; crash++) {
      const ctx = await launchProfile(chromium, crashDir, token);
      const p = ctx.pages()[0] ?? (await ctx.newPage());
      await openEditor(p, url);
      if (crash > 0) {
        const held = await bench.knex('study_drafts').where({ study_id: t.studyIds[1] }).first('content');
        if (textOf(held?.content ?? '') === typing.typed) nothingToRecover++;
        const banner = await p
          .getByTestId('draft-restored')
          .waitFor({ timeout: 5000 })
          .then(() => true)
          .catch(() => false);
        if (banner) banners++;
        const recovered = await editorText(p);
        lost.push(Math.max(0, typing.typed.length - recovered.length));
        typing = { typed: recovered, at: [] };
      }
      if (crash === CRASHES) {
        await ctx.close();
        break;
      }
      await caretAtEnd(p);
      let killed = false;
      const killAt = Date.now() + 1500 + Math.random() * 3000;
      await Promise.all([
        typeSteadily(p, typing, () => killed, CHAR_MS),
        (async () => {
          await sleep(killAt - Date.now());
          await killBrowser(crashDir);
          killed = true;
        })(),
      ]);
      await ctx.close().catch(() => undefined);
    }
    const sorted = [...lost].sort((a, b) => a - b);
    const perSecond = 1000 / (CHAR_MS + 10);
    recordFigures([{ figure: `characters lost per browser crash, max of ${CRASHES}`, measured: sorted.at(-1) ?? 0, unit: '' }]);
    console.log(`  ${CRASHES} crashes (SIGKILL of the browser while typing, ~${perSecond.toFixed(0)} characters/s):`);
    console.log(
      `  characters lost per crash: ${JSON.stringify(lost)}; mean ${(lost.reduce((a, b) => a + b, 0) / Math.max(1, lost.length)).toFixed(1)}, max ${sorted.at(-1) ?? 0}; recovery banner ${banners}/${CRASHES} (${nothingToRecover} with everything already on the server)\n`,
    );
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await bench.stop();
  }
}

runBench(main);
