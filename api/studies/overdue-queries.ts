/**
 * 'Exames em atraso' (issue 18): the caller's reachable studies, not finished, past their alert
 * point or deadline, most late first (deadline ascending, then id), read by keyset.
 */
import type { Knex } from 'knex';
import { decodeCursor, encodeCursor } from '../../domain/paging/cursor';
import { FINISHED_LAUDO_STATES, minutesLate } from '../../domain/notifications/deadlines';
import type { OverdueListQuery, OverduePage } from '../../domain/notifications/overdue';
import { type Access, scopedStudies } from '../access/access';

const DEADLINE = `(s.received_at + rt.duration_minutes * interval '1 minute')`;
const ALERT_AT = `(s.received_at + (rt.duration_minutes - rt.alert_minutes) * interval '1 minute')`;

interface Row {
  id: string;
  patientName: string | null;
  patientId: string | null;
  examType: string | null;
  modalities: string[];
  institutionName: string | null;
  routineName: string;
  routineColor: string;
  receivedAt: Date;
  deadline: Date;
  alertAt: Date;
  laudoState: number;
  responsibleName: string | null;
}

export async function listOverdue(knex: Knex, access: Access, q: OverdueListQuery, now = new Date()): Promise<OverduePage> {
  const after = q.cursor ? decodeCursor(q.cursor, 'time') : null;
  const query = scopedStudies(
    knex('studies as s')
      .join('routines as rt', 'rt.id', 's.routine_id')
      .join('patients as p', 'p.id', 's.patient_ref')
      .join('laudos as l', 'l.id', 's.laudo_id')
      .leftJoin('institutions as i', 'i.id', 's.institution_id')
      .leftJoin('users as u', 'u.id', knex.raw('coalesce(l.responsible_user_id, s.laudo_user_id)')),
    access,
    's',
  )
    .whereRaw(`s.routine_id IS NOT NULL AND s.laudo_state NOT IN (${FINISHED_LAUDO_STATES.join(', ')})`)
    .whereRaw(`coalesce(s.exam_status, '') <> 'CANCELED'`)
    .whereRaw(`${ALERT_AT} <= ?`, [now])
    .modify((b) => {
      if (q.which === 'overdue') void b.whereRaw(`${DEADLINE} <= ?`, [now]);
      if (q.which === 'alert') void b.whereRaw(`${DEADLINE} > ?`, [now]);
      if (after) void b.whereRaw(`(${DEADLINE}, s.id) > (?::timestamptz, ?::uuid)`, [after.k, after.id]);
    })
    .orderByRaw(`${DEADLINE} asc, s.id asc`)
    .limit(q.limit + 1)
    .select(
      's.id',
      'p.name as patientName',
      'p.patient_id as patientId',
      's.exam_type as examType',
      's.modalities',
      'i.name as institutionName',
      'rt.name as routineName',
      'rt.color as routineColor',
      's.received_at as receivedAt',
      knex.raw(`${DEADLINE} as deadline`),
      knex.raw(`${ALERT_AT} as "alertAt"`),
      's.laudo_state as laudoState',
      knex.raw('coalesce(u.name, l.doctor_name) as "responsibleName"'),
    );
  const rows = (await query) as Row[];
  const shown = rows.slice(0, q.limit);
  const last = shown.at(-1);
  return {
    studies: shown.map((r) => {
      const deadline = new Date(r.deadline);
      return {
        ...r,
        receivedAt: new Date(r.receivedAt).toISOString(),
        deadline: deadline.toISOString(),
        alertAt: new Date(r.alertAt).toISOString(),
        status: deadline.getTime() <= now.getTime() ? ('overdue' as const) : ('alert' as const),
        minutesLate: minutesLate(deadline, now),
      };
    }),
    nextCursor: rows.length > q.limit && last ? encodeCursor(new Date(last.deadline).toISOString(), last.id) : null,
  };
}
