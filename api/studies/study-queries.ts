import type { Knex } from 'knex';
import { prepared } from '../../db/prepared';
import { REPORT_HOLDER_NAME } from '../../db/report-holder';
import { decodeCursor, encodeCursor } from '../../domain/paging/cursor';
import { routineTiming } from '../../domain/catalog/routines';
import { type LaudoParts, type LaudoRow, laudoPartsSql } from '../../services/reports/laudo-record';
import type { ScheduledExamItem, ScheduledExamListQuery, StudyListItem, StudyListQuery } from '../../domain/studies/schemas';
import { type Access, scopedScheduled, scopedStudies } from '../access/access';
import { studySample } from '../search/study-samples';
import { TOTAL_CAP } from './search-plan';
import { type PastCursor, type SearchOptions, pastCursor, searchCandidates, textMatch } from './text-search';

// The list reads each page's labels in the same query (one round trip, no per-row call).
const LABELS = `coalesce((SELECT json_agg(json_build_object('id', lb.id, 'name', lb.name) ORDER BY lb.name)
  FROM study_labels sl JOIN labels lb ON lb.id = sl.label_id WHERE sl.study_id = s.id), '[]'::json) AS labels`;

// The badges: the suspicion or finding, and the comments with how many the caller has not read.
const FINDING = `(SELECT json_build_object('status', f.status, 'levelAndName', af.level_and_name)
  FROM study_critical_findings f JOIN account_critical_findings af ON af.id = f.account_critical_finding_id
  WHERE f.study_id = s.id) AS "criticalFinding"`;
const COMMENT_COUNT = `(SELECT count(*)::int FROM study_comments c WHERE c.study_id = s.id) AS "commentCount"`;
const UNREAD_COMMENTS = `(SELECT count(*)::int FROM study_comments c WHERE c.study_id = s.id AND NOT EXISTS
  (SELECT 1 FROM study_comment_reads r WHERE r.comment_id = c.id AND r.user_id = ?)) AS "unreadComments"`;

const COLUMN_NAMES = [
  's.id',
  'p.name as patientName',
  'p.patient_id as patientId',
  's.accession_number as accessionNumber',
  's.modalities',
  's.exam_type as examType',
  's.exam_date as examDate',
  's.received_at as receivedAt',
  's.institution_id as institutionId',
  'i.name as institutionName',
  's.laudo_id as laudoId',
  's.laudo_state as laudoState',
  's.laudo_user_id as laudoUserId',
  's.exam_status as examStatus',
  's.storage_class as storageClass',
  // The time routine (issue 16), shaped by presentStudy.
  'rt.id as routineId',
  'rt.name as routineName',
  'rt.color as routineColor',
  'rt.duration_minutes as routineDuration',
  'rt.alert_minutes as routineAlert',
  'rt.show_remaining_time as routineShowRemaining',
];
const columns = (knex: Knex) => [...COLUMN_NAMES, knex.raw(`${REPORT_HOLDER_NAME} AS "doctorName"`)];

/** Exams joined with what the lists show (a scheduled exam has no institution row). */
function examsBase(knex: Knex): Knex.QueryBuilder {
  return knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .leftJoin('institutions as i', 'i.id', 's.institution_id')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .leftJoin('routines as rt', 'rt.id', 's.routine_id');
}

/** Studies the access reaches. */
export function studiesQuery(knex: Knex, access: Access): Knex.QueryBuilder {
  return scopedStudies(examsBase(knex), access, 's');
}

interface RoutineColumns {
  routineId: string | null;
  routineName: string | null;
  routineColor: string | null;
  routineDuration: number | null;
  routineAlert: number | null;
  routineShowRemaining: boolean | null;
}
type Row = Omit<StudyListItem, 'examDate' | 'receivedAt' | 'labels' | 'routine'> &
  RoutineColumns & { examDate: Date | null; receivedAt: Date | null };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A study, or a scheduled exam (no institution). */
export type Exam = Omit<StudyListItem, 'institutionId' | 'institutionName'> & {
  institutionId: string | null;
  institutionName: string | null;
};
export type ExamKind = 'study' | 'scheduled';

/** Scheduled exams of the account (spec 1 §7 /listScheduledExams). */
function scheduledQuery(knex: Knex, access: Access): Knex.QueryBuilder {
  return scopedScheduled(examsBase(knex), access, 's');
}

/** One exam of either kind the access reaches, or undefined. */
export async function findExam(knex: Knex, access: Access, kind: ExamKind, id: string): Promise<Exam | undefined> {
  if (kind === 'study') return findStudy(knex, access, id);
  return findScheduledExam(knex, access, id);
}

/** The read of one exam of a kind, with the columns it is presented from (and `more` of the caller's). */
function examRead(knex: Knex, access: Access, kind: ExamKind, id: string, more: Knex.Raw[] = []): Knex.QueryBuilder {
  // Prepared: every report action and study page reads one exam, and PostgreSQL took longer to
  // plan this join (0.86 ms) than to run it (0.10 ms).
  return prepared(
    kind === 'study'
      ? studiesQuery(knex, access)
          .where('s.id', id)
          .first([...columns(knex), knex.raw(FINDING), ...more])
      : scheduledQuery(knex, access)
          .where('s.id', id)
          .first([...columns(knex), 's.scheduled_at as scheduledAt', ...more]),
    `exam-${kind}`,
  );
}

/**
 * The same with its report's `laudos` row and, for a report without a snapshot, the parts its
 * record is read from — in the same statement (the exam query joins the report anyway): a
 * report action or a study's page costs one round trip for both (ADR 049). `more` adds
 * columns of the caller's own to that statement (`l` is the report), answered apart.
 */
export async function findExamWithLaudo(
  knex: Knex,
  access: Access,
  kind: ExamKind,
  id: string,
  more: Record<string, Knex.Raw> = {},
): Promise<{ exam: Exam; laudo: LaudoRow; parts: LaudoParts | null; more: Record<string, unknown> } | undefined> {
  const extra = Object.entries(more);
  const laudo = [
    knex.raw('to_jsonb(l) AS "laudoRow"'),
    knex.raw(`${laudoPartsSql('l')} AS "laudoParts"`),
    ...extra.map(([name, sql]) => knex.raw('(?) AS ??', [sql, name])),
  ];
  const row = (await examRead(knex, access, kind, id, laudo)) as
    | (Row & { scheduledAt?: Date | null; laudoRow: LaudoRow; laudoParts: LaudoParts | null } & Record<string, unknown>)
    | undefined;
  if (!row) return undefined;
  const { laudoRow, laudoParts, ...rest } = row;
  const answered: Record<string, unknown> = {};
  for (const [name] of extra) {
    answered[name] = rest[name];
    delete rest[name];
  }
  const exam = kind === 'study' ? presentStudy(rest) : presentScheduled({ ...rest, scheduledAt: rest.scheduledAt ?? null });
  return { exam, laudo: laudoRow, parts: laudoParts, more: answered };
}

/** One scheduled exam of the caller's account, with its booked time. */
export async function findScheduledExam(knex: Knex, access: Access, id: string): Promise<ScheduledExamItem | undefined> {
  const row = (await examRead(knex, access, 'scheduled', id)) as (Row & { scheduledAt: Date | null }) | undefined;
  return row && presentScheduled(row);
}

function presentScheduled(row: Row & { scheduledAt: Date | null }): ScheduledExamItem {
  const { scheduledAt, ...rest } = row;
  return { ...(presentStudy(rest) as unknown as Exam), scheduledAt: iso(scheduledAt) };
}

/**
 * One page of the worklist 'agendados': the account's scheduled exams, filtered, by booked time
 * (soonest first unless asked otherwise), on the (account_id, scheduled_at) index.
 */
export async function listScheduledExams(
  knex: Knex,
  access: Access,
  query: ScheduledExamListQuery,
): Promise<{ exams: ScheduledExamItem[]; total: number }> {
  const { page, pageSize, sort, examStatus, ...rest } = query;
  const filter = filterSql({ ...rest, from: undefined, to: undefined });
  const filtered = () => {
    const qb = scheduledQuery(knex, access).whereRaw(filter.sql, filter.bindings);
    if (query.from) void qb.whereRaw("s.scheduled_at >= (?::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'", [query.from]);
    if (query.to) void qb.whereRaw("s.scheduled_at < (?::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'", [query.to]);
    if (examStatus) {
      const named = examStatus.filter((x) => x !== 'NONE');
      void qb.where((w) => {
        if (named.length) void w.whereIn('s.exam_status', named);
        if (examStatus.includes('NONE')) void w.orWhereNull('s.exam_status');
      });
    }
    return qb;
  };
  const [rows, [{ count }]] = await Promise.all([
    filtered()
      .select([
        ...columns(knex),
        's.scheduled_at as scheduledAt',
        knex.raw(COMMENT_COUNT),
        knex.raw(UNREAD_COMMENTS, [access.userId]),
      ])
      .orderBy([
        { column: 's.scheduled_at', order: sort, nulls: 'last' },
        { column: 's.id', order: sort },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    filtered().count({ count: '*' }),
  ]);
  const exams = (rows as (Row & { scheduledAt: Date | null })[]).map(presentScheduled);
  return { exams, total: Number(count) };
}

export function presentStudy(row: Row, now: Date = new Date()): StudyListItem {
  const { routineId, routineName, routineColor, routineDuration, routineAlert, routineShowRemaining, ...rest } = row;
  const routine =
    routineId && row.receivedAt
      ? {
          id: routineId,
          name: routineName ?? '',
          color: routineColor ?? '',
          showRemainingTime: Boolean(routineShowRemaining),
          ...routineTiming(row.receivedAt, routineDuration ?? 0, routineAlert ?? 0, now),
        }
      : null;
  return { ...rest, examDate: iso(row.examDate), receivedAt: iso(row.receivedAt), routine };
}

type Filters = Omit<StudyListQuery, 'page' | 'pageSize' | 'sort' | 'orderBy' | 'cursor' | 'retrieveReport'>;

/** The list's filters as one SQL condition (dates are calendar days in America/Sao_Paulo). */
function filterSql(f: Filters): { sql: string; bindings: Knex.Value[] } {
  const parts: string[] = [];
  const bindings: Knex.Value[] = [];
  if (f.id) {
    parts.push('s.id = ?');
    bindings.push(f.id);
  }
  if (f.q) {
    const [sql, b] = textMatch(f.q);
    parts.push(`(${sql.patient} or ${sql.accession})`);
    bindings.push(...b.patient, ...b.accession);
  }
  if (f.modality) {
    parts.push('? = ANY(s.modalities)');
    bindings.push(f.modality);
  }
  if (f.institutionId) {
    parts.push('s.institution_id = ?');
    bindings.push(f.institutionId);
  }
  if (f.status?.length) {
    parts.push(`s.laudo_state IN (${f.status.map(() => '?').join(',')})`);
    bindings.push(...f.status);
  }
  if (f.from) {
    parts.push("s.sort_at >= (?::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'");
    bindings.push(f.from);
  }
  if (f.to) {
    parts.push("s.sort_at < (?::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'");
    bindings.push(f.to);
  }
  return { sql: parts.length ? parts.join(' and ') : 'true', bindings };
}

/**
 * One page of the study list: filtered, ordered by exam date (else arrival) — or by arrival — and id. With a
 * cursor the page is read as a keyset range (constant cost however deep); without, by offset.
 * The total is counted up to TOTAL_CAP. A text search finds the page's candidates first
 * (text-search.ts), planned from the account's study sample.
 */
export async function readStudyPage(
  knex: Knex,
  access: Access,
  query: StudyListQuery,
  search: SearchOptions = {},
): Promise<StudyPage> {
  const { sample = () => studySample(knex, access.accountId), collectCap } = search;
  const { page, pageSize, sort, cursor, q, ...rest } = query;
  // The cursor holds the order column's value: a cursor of the other order is just a position in time.
  const key = query.orderBy === 'received' ? 's.received_at' : 's.sort_at';
  const filter = filterSql(rest);
  const op = sort === 'desc' ? '<' : '>';
  const after = cursor ? decodeCursor(cursor, 'time') : null;
  const order = [
    { column: key, order: sort },
    { column: 's.id', order: sort },
  ];
  const end = after ? pageSize + 1 : page * pageSize + 1;
  /** The scoped, filtered studies (with their patient when `withPatient`), past the cursor. */
  const base = (withPatient: boolean) => {
    const qb = scopedStudies(knex('studies as s'), access, 's').whereRaw(filter.sql, filter.bindings);
    if (withPatient) void qb.join('patients as p', 'p.id', 's.patient_ref');
    return qb;
  };
  const countOf = async (rows: Knex.QueryBuilder) =>
    Number(
      ((await prepared(knex.from(rows.as('capped')).count({ count: '*' }), 'studies-count'))[0] as { count: string | number })
        .count,
    );
  const past: PastCursor = after
    ? { sql: `(${key}, s.id) ${op} (?::timestamptz, ?::uuid)`, bindings: [after.k, after.id] }
    : undefined;
  // Ids that may be on this page (a search), or none (every study the filters reach).
  let candidates: string[] | null = null;
  let counted: Promise<number>;
  if (q) {
    const found = await searchCandidates({ knex, base, past, key, sort, order, end, q }, sample, collectCap);
    candidates = found.ids;
    counted = found.total;
  } else {
    counted = countOf(
      base(false)
        .select(knex.raw('1'))
        .limit(TOTAL_CAP + 1, { skipBinding: true }),
    );
  }
  const pageQuery = studiesQuery(knex, access)
    .select([
      ...columns(knex),
      `${key} as sortAt`,
      knex.raw(LABELS),
      knex.raw(FINDING),
      knex.raw(COMMENT_COUNT),
      knex.raw(UNREAD_COMMENTS, [access.userId]),
    ])
    .whereRaw(filter.sql, filter.bindings)
    .orderBy(order)
    // Written into the text, not bound: a prepared statement's generic plan then knows how few
    // rows it needs (with a bound LIMIT, PostgreSQL re-planned it on every run). Both are
    // integers from the validated query.
    .limit(pageSize + 1, { skipBinding: true })
    .offset(after ? 0 : (page - 1) * pageSize, { skipBinding: true });
  if (candidates) void pageQuery.whereRaw('s.id = any(?::uuid[])', [candidates]);
  void pastCursor(pageQuery, past);
  const [rows, count] = await Promise.all([prepared(pageQuery, 'studies-page'), counted]);
  const more = rows.length > pageSize;
  const shown = (rows as PageRow[]).slice(0, pageSize);
  const last = shown.at(-1);
  return {
    rows: shown,
    total: Math.min(count, TOTAL_CAP),
    totalCapped: count > TOTAL_CAP,
    nextCursor: more && last ? encodeCursor(new Date(last.sortAt).toISOString(), last.id) : null,
  };
}

type PageRow = Row & { sortAt: Date; labels: { id: string; name: string }[] };

/** A page of the study list as read, before the clock shapes it (a routine's remaining time). */
export interface StudyPage {
  rows: PageRow[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/** Whether presenting the page depends on the time (some study has a time routine). */
export const pageIsTimed = (page: StudyPage): boolean => page.rows.some((row) => row.routineId && row.receivedAt);

/** The page's studies as the list answers them, timed at `now`. */
export function presentStudyPage(page: StudyPage, now: Date = new Date()): StudyListItem[] {
  return page.rows.map(({ sortAt: _sortAt, labels, ...row }) => ({ ...presentStudy(row, now), labels }));
}

/** One study the access reaches, or undefined (another tenant's id looks like a missing one). */
export async function findStudy(knex: Knex, access: Access, studyId: string): Promise<StudyListItem | undefined> {
  const row = (await examRead(knex, access, 'study', studyId)) as Row | undefined;
  return row && presentStudy(row);
}
