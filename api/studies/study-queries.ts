import type { Knex } from 'knex';
import type { StudyListItem } from '../../domain/studies/schemas';
import { type Access, scoped, scopedScheduled } from '../access/access';

const COLUMNS = [
  's.id',
  'p.name as patientName',
  'p.patient_id as patientId',
  's.accession_number as accessionNumber',
  's.modalities',
  's.exam_type as examType',
  's.exam_date as examDate',
  's.institution_id as institutionId',
  'i.name as institutionName',
  's.laudo_id as laudoId',
  's.laudo_state as laudoState',
  's.laudo_user_id as laudoUserId',
  'l.doctor_name as doctorName',
];

/** Exams joined with what the lists show (a scheduled exam has no institution row). */
function examsBase(knex: Knex): Knex.QueryBuilder {
  return knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .leftJoin('institutions as i', 'i.id', 's.institution_id')
    .join('laudos as l', 'l.id', 's.laudo_id');
}

/** Studies the access reaches. */
export function studiesQuery(knex: Knex, access: Access): Knex.QueryBuilder {
  return scoped(examsBase(knex), access, 's');
}

type Row = Omit<StudyListItem, 'examDate'> & { examDate: Date | null };

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

/** One page of a query, newest `dateColumn` first, with the total count. */
async function pageOf<R>(query: () => Knex.QueryBuilder, columns: string[], dateColumn: string, page: number, pageSize: number) {
  const [rows, [{ count }]] = await Promise.all([
    query()
      .select(columns)
      .orderBy([
        { column: dateColumn, order: 'desc', nulls: 'last' },
        { column: 's.id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    query().count({ count: '*' }),
  ]);
  return { rows: rows as R[], total: Number(count) };
}

/** One exam of either kind the access reaches, or undefined. */
export async function findExam(knex: Knex, access: Access, kind: ExamKind, id: string): Promise<Exam | undefined> {
  if (kind === 'study') return findStudy(knex, access, id);
  const row = (await scheduledQuery(knex, access).where('s.id', id).first(COLUMNS)) as
    (Omit<Row, 'institutionId'> & { institutionId: null }) | undefined;
  return row && { ...row, examDate: row.examDate ? new Date(row.examDate).toISOString() : null };
}

export async function listScheduledExams(knex: Knex, access: Access, page: number, pageSize: number) {
  const { rows, total } = await pageOf<Row & { scheduledAt: Date | null }>(
    () => scheduledQuery(knex, access),
    [...COLUMNS, 's.scheduled_at as scheduledAt'],
    's.scheduled_at',
    page,
    pageSize,
  );
  const exams = rows.map((r) => ({
    ...presentStudy(r),
    scheduledAt: r.scheduledAt ? new Date(r.scheduledAt).toISOString() : null,
  }));
  return { exams, total };
}

export function presentStudy(row: Row): StudyListItem {
  return { ...row, examDate: row.examDate ? new Date(row.examDate).toISOString() : null };
}

export async function listStudies(
  knex: Knex,
  access: Access,
  page: number,
  pageSize: number,
): Promise<{ studies: StudyListItem[]; total: number }> {
  const { rows, total } = await pageOf<Row>(() => studiesQuery(knex, access), COLUMNS, 's.exam_date', page, pageSize);
  return { studies: rows.map(presentStudy), total };
}

/** One study the access reaches, or undefined (another tenant's id looks like a missing one). */
export async function findStudy(knex: Knex, access: Access, studyId: string): Promise<StudyListItem | undefined> {
  const row = (await studiesQuery(knex, access).where('s.id', studyId).first(COLUMNS)) as Row | undefined;
  return row && presentStudy(row);
}
