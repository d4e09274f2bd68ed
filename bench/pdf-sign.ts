/**
 * Report PDF render and sign time per report (issue 6): renders the sample report (every
 * block the renderer draws) and a long one, then signs it with a throw-away A1 made with
 * openssl (PKCS#12 opening measured apart), and the whole sign step as the API runs it —
 * unseal + open the A1 + render + sign — without and with the per-session A1 cache.
 * Prints figures; never fails a build.  npm run bench:pdf [-- --reports 40]
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { A1SessionCache } from '../api/documents/a1-session-cache';
import { readA1, seal, unseal } from '../documents/signing/a1-certificate';
import { renderSignedReport } from '../documents/signing/sign-pdf';
import { renderReportPdf } from '../documents/report-pdf/render';
import { SAMPLE_HTML, sampleReport } from '../documents/testing/sample-report';
import { makeTestPki } from '../documents/testing/test-pki';
import { loadTrustAnchors } from '../documents/signing/trust';
import { ensureDocumentTools } from '../scripts/tools';
import { recordFigures } from './report-table';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('reports', Number(process.env.BENCH_REPORTS ?? 30));

/** The line's figures, and its p95 recorded for bench:all. */
function stats(ms: number[], figure: string) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  recordFigures([{ figure: `${figure}, p95`, measured: at(0.95), unit: ' ms' }]);
  return `p50 ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(1)} ms`;
}

async function time(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

async function main() {
  ensureDocumentTools();
  const pki = makeTestPki();
  const anchors = loadTrustAnchors(pki.anchors);
  const short = sampleReport();
  const long = sampleReport({ contentHtml: SAMPLE_HTML.repeat(10) });
  await renderReportPdf(short); // fonts and code warm
  const shortPdf = await renderReportPdf(short);
  const longPdf = await renderReportPdf(long);

  console.log(`Report PDF bench, ${N} reports each (${process.platform}, Node ${process.version})`);
  console.log(
    `  render, 1–2 pages (${(shortPdf.length / 1024).toFixed(0)} KB): ${stats(await time(N, () => renderReportPdf(short)), 'render, 1–2 pages')}`,
  );
  console.log(
    `  render, long report (${(longPdf.length / 1024).toFixed(0)} KB): ${stats(await time(N, () => renderReportPdf(long)), 'render, long report')}`,
  );
  console.log(`  open the A1 (.p12, password): ${stats(await time(N, () => readA1(pki.p12, pki.password)), 'open the A1')}`);
  const a1 = readA1(pki.p12, pki.password);
  const sign = (doc: typeof short) => (i: number) =>
    renderSignedReport({
      anchors,
      userCpf: pki.cpf,
      document: doc,
      a1,
      verificationCode: `BNCH-0000-${String(i).padStart(4, '0')}`,
      verifyUrl: 'http://localhost:3000/verify/x',
    });
  console.log(`  render + sign (PAdES), 1–2 pages: ${stats(await time(N, sign(short)), 'render + sign, 1–2 pages')}`);
  console.log(`  render + sign (PAdES), long report: ${stats(await time(N, sign(long)), 'render + sign, long report')}`);

  // The API's sign step: the sealed PKCS#12 opened with the password, then render + sign.
  const key = randomBytes(32);
  const sealed = seal(pki.p12, key);
  const openSealed = () => readA1(unseal(sealed, key), pki.password);
  const signWith = (a1: ReturnType<typeof readA1>, i: number) =>
    renderSignedReport({
      anchors,
      userCpf: pki.cpf,
      document: short,
      a1,
      verificationCode: `BNCH-0001-${String(i).padStart(4, '0')}`,
      verifyUrl: 'http://localhost:3000/verify/x',
    });
  const without = await time(N, (i) => signWith(openSealed(), i));
  const cache = new A1SessionCache();
  const caller = { sessionId: 'bench', userId: 'bench' };
  await cache.open(caller, 'cert', pki.password, openSealed); // the session's first signature
  const withCache = await time(N, async (i) => signWith(await cache.open(caller, 'cert', pki.password, openSealed), i));
  console.log(`  sign step, A1 opened every time: ${stats(without, 'sign step, A1 opened every time')}`);
  console.log(`  sign step, A1 from the session cache: ${stats(withCache, 'sign step, A1 from the session cache')}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
