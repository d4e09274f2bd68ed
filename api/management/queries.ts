/**
 * The management reports' queries (issue 18): the caller's reachable studies (scopedStudies),
 * a period of calendar days in America/Sao_Paulo. Reports finished in the period are read on
 * laudos (account_id, finished_at); studies received on studies (account_id, received_at).
 * Turnaround is arrival (received_at) to the finished report, in minutes, per study.
 */
import type { Knex } from 'knex';
import { LaudoState } from '../../domain/laudo/states';
import { FINISHED_LAUDO_STATES } from '../../domain/notifications/deadlines';
import type { CanceledExam, ManagementPeriod, ManagementSummary, ProductivityRow } from '../../domain/management/reports';
import { type Access, scopedStudies } from '../access/access';

const TZ = 'America/Sao_Paulo';
const START = `(?::date)::timestamp AT TIME ZONE '${TZ}'`;
const END = `(?::date + 1)::timestamp AT TIME ZONE '${TZ}'`;
const TURNAROUND = `extract(epoch from (l.finished_at - s.received_at)) / 60`;
const DEADLINE = `(s.received_at + rt.duration_minutes * interval '1 minute')`;
const FINISHED = FINISHED_LAUDO_STATES.join(', ');

const round = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

function studiesIn(knex: Knex, access: Access, p: ManagementPeriod) {
  return scopedStudies(knex('studies as s'), access, 's').modify((b) => {
    if (p.institutionId) void b.where('s.institution_id', p.institutionId);
  });
}

/** Study rows whose report was finished in the period. */
function finishedIn(knex: Knex, access: Access, p: ManagementPeriod) {
  return studiesIn(knex, access, p)
    .join('laudos as l', 'l.id', 's.laudo_id')
    .where('l.account_id', access.accountId)
    .whereRaw(`l.finished_at >= ${START} AND l.finished_at < ${END}`, [p.from, p.to]);
}

export async function productivity(knex: Knex, access: Access, p: ManagementPeriod): Promise<ProductivityRow[]> {
  const [doctors, exams] = await Promise.all([
    finishedIn(knex, access, p)
      .join('users as u', 'u.id', 'l.user_id')
      .leftJoin('routines as rt', 'rt.id', 's.routine_id')
      .groupBy('l.user_id', 'u.name')
      .orderByRaw('count(DISTINCT l.id) DESC, u.name ASC')
      .select(
        'l.user_id as userId',
        'u.name',
        knex.raw('count(DISTINCT l.id)::int AS reports'),
        knex.raw(`count(DISTINCT l.id) FILTER (WHERE l.state = ${LaudoState.SIGNED})::int AS signed`),
        knex.raw('sum(coalesce(rt.weight, 1))::float AS weight'),
        knex.raw(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${TURNAROUND}) AS p50`),
        knex.raw(`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${TURNAROUND}) AS p90`),
      ),
    finishedIn(knex, access, p)
      .whereNotNull('l.user_id')
      .groupByRaw(`l.user_id, coalesce(s.modalities[1], ''), coalesce(s.exam_type, '')`)
      .orderByRaw('count(DISTINCT l.id) DESC')
      .select(
        'l.user_id as userId',
        knex.raw(`coalesce(s.modalities[1], '') AS modality`),
        knex.raw(`coalesce(s.exam_type, '') AS "examType"`),
        knex.raw('count(DISTINCT l.id)::int AS reports'),
      ),
  ]);
  return doctors.map((d: Record<string, unknown>) => ({
    userId: d.userId as string,
    name: d.name as string,
    reports: d.reports as number,
    signed: d.signed as number,
    weight: d.weight as number,
    turnaround: { p50: round(d.p50), p90: round(d.p90) },
    byExam: exams
      .filter((e: Record<string, unknown>) => e.userId === d.userId)
      .map((e: Record<string, unknown>) => ({
        modality: e.modality as string,
        examType: e.examType as string,
        reports: e.reports as number,
      })),
  }));
}

export async function managementSummary(
  knex: Knex,
  access: Access,
  p: ManagementPeriod,
  now = new Date(),
): Promise<Omit<ManagementSummary, 'period'>> {
  const received = () =>
    studiesIn(knex, access, p).whereRaw(`s.received_at >= ${START} AND s.received_at < ${END}`, [p.from, p.to]);
  const day = (column: string) => `to_char(${column} AT TIME ZONE '${TZ}', 'YYYY-MM-DD')`;
  const [totals, finished, openOverdue, receivedDays, finishedDays, receivedModalities, finishedModalities] = await Promise.all([
    received().first(
      knex.raw('count(*)::int AS received'),
      knex.raw(`count(*) FILTER (WHERE s.exam_status = 'CANCELED')::int AS canceled`),
    ),
    finishedIn(knex, access, p)
      .leftJoin('routines as rt', 'rt.id', 's.routine_id')
      .first(
        knex.raw('count(DISTINCT l.id)::int AS finished'),
        knex.raw(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${TURNAROUND}) AS p50`),
        knex.raw(`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${TURNAROUND}) AS p90`),
        knex.raw(`percentile_cont(0.99) WITHIN GROUP (ORDER BY ${TURNAROUND}) AS p99`),
        knex.raw('count(*) FILTER (WHERE rt.id IS NOT NULL)::int AS "withRoutine"'),
        knex.raw(`count(*) FILTER (WHERE rt.id IS NOT NULL AND l.finished_at > ${DEADLINE})::int AS "finishedLate"`),
      ),
    studiesIn(knex, access, p)
      .join('routines as rt', 'rt.id', 's.routine_id')
      .whereRaw(`s.laudo_state NOT IN (${FINISHED}) AND coalesce(s.exam_status, '') <> 'CANCELED'`)
      .whereRaw(`${DEADLINE} <= ?`, [now])
      .first(knex.raw('count(*)::int AS n')),
    received()
      .groupByRaw(day('s.received_at'))
      .select(knex.raw(`${day('s.received_at')} AS day`), knex.raw('count(*)::int AS n')),
    finishedIn(knex, access, p)
      .groupByRaw(day('l.finished_at'))
      .select(knex.raw(`${day('l.finished_at')} AS day`), knex.raw('count(DISTINCT l.id)::int AS n')),
    received()
      .groupByRaw(`coalesce(s.modalities[1], '')`)
      .select(knex.raw(`coalesce(s.modalities[1], '') AS modality`), knex.raw('count(*)::int AS n')),
    finishedIn(knex, access, p)
      .groupByRaw(`coalesce(s.modalities[1], '')`)
      .select(knex.raw(`coalesce(s.modalities[1], '') AS modality`), knex.raw('count(DISTINCT l.id)::int AS n')),
  ]);
  const count = (rows: { n: number }[], key: string, value: string) =>
    (rows as Record<string, unknown>[]).find((r) => r[key] === value)?.n as number | undefined;
  const days: ManagementSummary['days'] = [];
  for (let t = Date.parse(`${p.from}T00:00:00Z`); t <= Date.parse(`${p.to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    days.push({ day: d, received: count(receivedDays, 'day', d) ?? 0, finished: count(finishedDays, 'day', d) ?? 0 });
  }
  const modalities = [
    ...new Set([...receivedModalities, ...finishedModalities].map((r: { modality: string }) => r.modality)),
  ].sort();
  const withRoutine = finished.withRoutine as number;
  return {
    received: totals.received,
    finished: finished.finished,
    canceled: totals.canceled,
    turnaround: { p50: round(finished.p50), p90: round(finished.p90), p99: round(finished.p99) },
    withRoutine,
    finishedLate: finished.finishedLate,
    overdueRate: withRoutine > 0 ? round((finished.finishedLate / withRoutine) * 100)! / 100 : null,
    openOverdue: openOverdue.n,
    days,
    byModality: modalities.map((m) => ({
      modality: m,
      received: count(receivedModalities, 'modality', m) ?? 0,
      finished: count(finishedModalities, 'modality', m) ?? 0,
    })),
  };
}

/** At most this many rows on screen and in an export. */
export const CANCELED_LIMIT = 5000;

/** Studies canceled in the period (when and by whom from the audit log, else their arrival). */
export async function canceledExams(knex: Knex, access: Access, p: ManagementPeriod): Promise<CanceledExam[]> {
  const rows = await studiesIn(knex, access, p)
    .join('patients as pt', 'pt.id', 's.patient_ref')
    .leftJoin('institutions as i', 'i.id', 's.institution_id')
    .joinRaw(
      `LEFT JOIN LATERAL (
        SELECT a.at, a.user_id FROM audit_log a
        WHERE a.study_id = s.id AND a.action = 'study.examStatus' AND a.detail->>'to' = 'CANCELED'
        ORDER BY a.at DESC LIMIT 1
      ) c ON true`,
    )
    .leftJoin('users as cu', 'cu.id', 'c.user_id')
    .where('s.exam_status', 'CANCELED')
    .whereRaw(`coalesce(c.at, s.received_at) >= ${START} AND coalesce(c.at, s.received_at) < ${END}`, [p.from, p.to])
    .orderByRaw('coalesce(c.at, s.received_at) DESC, s.id')
    .limit(CANCELED_LIMIT)
    .select(
      's.id',
      'pt.name as patientName',
      'pt.patient_id as patientId',
      's.exam_type as examType',
      's.modalities',
      'i.name as institutionName',
      's.received_at as receivedAt',
      'c.at as canceledAt',
      'cu.name as canceledBy',
    );
  return rows.map((r: Record<string, unknown>) => ({
    ...(r as unknown as CanceledExam),
    receivedAt: new Date(r.receivedAt as string).toISOString(),
    canceledAt: r.canceledAt ? new Date(r.canceledAt as string).toISOString() : null,
  }));
}
