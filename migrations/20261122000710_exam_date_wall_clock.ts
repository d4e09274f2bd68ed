import type { Knex } from 'knex';
import { dicomDate, dicomDateTime } from '../domain/imaging/dicom-datetime';

/**
 * Issue 12: studies were indexed with StudyDate/StudyTime read as UTC, so every page (shown in
 * America/Sao_Paulo) put the exam 3 h early. Their exam_date is derived again from the stored
 * header (the study's first instance) as the modality's wall clock, but only where it still
 * holds the old UTC reading: a date changed by a header edit is the user's and stays.
 */

/** The old reading, frozen here: DA/TM as if they were UTC (what ingest did before). */
export function oldUtcReading(d: string, t: string): Date | null {
  const day = dicomDate(d);
  if (!day) return null;
  const m = /^(\d{2})(\d{2})?(\d{2})?/.exec(t.trim());
  const [hh, mm, ss] = m ? [m[1]!, m[2] ?? '00', m[3] ?? '00'] : ['00', '00', '00'];
  const date = new Date(`${day}T${hh}:${mm}:${ss}Z`);
  return Number.isNaN(date.getTime()) ? new Date(`${day}T00:00:00Z`) : date;
}

type Json = Record<string, { Value?: unknown[] } | undefined>;
const str = (meta: Json, tag: string) => String(meta[tag]?.Value?.[0] ?? '');

/** The corrected exam date, or null when the stored one must stay (edited, or nothing to read). */
export function correctedExamDate(stored: Date | null, metadata: Json): Date | null {
  if (!stored) return null;
  const [d, t] = [str(metadata, '00080020'), str(metadata, '00080030')];
  const old = oldUtcReading(d, t);
  if (!old || old.getTime() !== stored.getTime()) return null;
  const next = dicomDateTime(d, t, str(metadata, '00080201'));
  return next && next.getTime() !== stored.getTime() ? next : null;
}

const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows: { id: string; exam_date: Date | null; metadata: Json | null }[] = await knex('studies as s')
      .whereNotNull('s.exam_date')
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(BATCH)
      .select(
        's.id',
        's.exam_date',
        knex.raw(
          '(SELECT metadata FROM dicom_instances i WHERE i.study_id = s.id ORDER BY i.created_at, i.id LIMIT 1) AS metadata',
        ),
      );
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const r of rows) {
      const next = r.metadata ? correctedExamDate(new Date(r.exam_date!), r.metadata) : null;
      // The WHERE repeats the check, so a header edit that lands meanwhile is never overwritten.
      if (next) await knex('studies').where({ id: r.id, exam_date: r.exam_date }).update({ exam_date: next });
    }
  }
}

/** Nothing to undo: the old readings were wrong, and edits were never touched. */
export async function down(): Promise<void> {}
