import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Issue 12: the exam date must not depend on the machine's time zone. The probe reads a study
 * made at 01:30 and reports every place the date shows or filters; it runs in a process on
 * America/Sao_Paulo time (as a clinic's server may be) and in one on UTC (as CI is), and both
 * must say 01:30 on 22/11/2026.
 */
const ROOT = path.resolve(__dirname, '..');

function probe(tz: string) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/support/exam-time-probe.ts')], {
    cwd: ROOT,
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

const EXPECTED = {
  instant: '2026-11-22T04:30:00.000Z',
  shown: '22/11/2026 01:30:00',
  day: '2026-11-22',
  formField: '2026-11-22T01:30',
  formRoundTrip: '2026-11-22T04:30:00.000Z',
  qidoSameDay: true,
  qidoDayBefore: false,
  zipFolder: '2026-11-22',
  reportPdf: '22/11/2026 01:30:00',
  printPdf: '22/11/2026 01:30:00',
};

it.each([
  ['America/Sao_Paulo', 180],
  ['UTC', 0],
])(
  'an exam at 01:30 reads 01:30 of the 22nd everywhere in a process on %s',
  (tz, offsetMinutes) => {
    expect(probe(tz)).toEqual({ offsetMinutes, ...EXPECTED });
  },
  60_000,
);
