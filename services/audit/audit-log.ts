/**
 * Reading the audit log for one account (the viewer and its CSV export): the same filters,
 * newest first by id (the chain's order), keyset pages. Another account's rows never match.
 */
import type { Knex } from 'knex';
import type { AuditQuery, AuditRow } from '../../domain/audit/query';

type Filters = Omit<AuditQuery, 'pageSize' | 'cursor'>;

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(knex: Knex, accountId: string, f: Filters): Knex.QueryBuilder {
  const q = knex('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('studies as s', function () {
      this.on('s.id', '=', 'a.study_id').andOn('s.account_id', '=', 'a.account_id');
    })
    .leftJoin('patients as p', function () {
      this.on('p.id', '=', 's.patient_ref').andOn('p.account_id', '=', 's.account_id');
    })
    .where('a.account_id', accountId);
  if (f.userId) q.where('a.user_id', f.userId);
  if (f.action) q.whereRaw(`a.action LIKE ? ESCAPE '\\'`, [`${likeEscaped(f.action)}%`]);
  if (f.studyId) q.where('a.study_id', f.studyId);
  if (f.patient) {
    const like = `%${likeEscaped(f.patient)}%`;
    const patient = f.patient;
    q.where((w) => {
      void w.whereRaw(`p.name ILIKE ? ESCAPE '\\'`, [like]).orWhere('p.patient_id', patient);
    });
  }
  if (f.from) q.where('a.at', '>=', f.from);
  if (f.to) q.where('a.at', '<', f.to);
  return q.select(
    knex.raw('a.id::text AS id'),
    'a.at',
    'a.action',
    'a.user_id as userId',
    'u.name as userName',
    'a.study_id as studyId',
    'a.laudo_id as laudoId',
    'p.name as patientName',
    'p.patient_id as patientId',
    'a.ip',
    'a.detail',
  );
}

type Raw = Omit<AuditRow, 'at'> & { at: Date };
const present = (r: Raw): AuditRow => ({ ...r, at: r.at.toISOString() });

export async function listAudit(
  knex: Knex,
  accountId: string,
  q: AuditQuery,
): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const { pageSize, cursor, ...f } = q;
  const query = filtered(knex, accountId, f).orderBy('a.id', 'desc').limit(pageSize + 1);
  if (cursor) query.where('a.id', '<', cursor);
  const raw: Raw[] = await query;
  const rows = raw.slice(0, pageSize).map(present);
  return { rows, nextCursor: raw.length > pageSize ? rows[rows.length - 1]!.id : null };
}

/** Every matching row, newest first, fetched a page at a time (the export streams them). */
export async function* eachAudit(knex: Knex, accountId: string, f: Filters): AsyncGenerator<AuditRow> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listAudit(knex, accountId, { ...f, cursor, pageSize: 200 });
    yield* page.rows;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
