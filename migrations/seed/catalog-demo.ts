/**
 * Demo catalogues (issue 16) for one account: the modalities and exams its demo studies use,
 * two routines with rules beside the default, and each study's routine chosen by those rules
 * as on arrival. An account that already has modalities is left alone.
 */
import type { Knex } from 'knex';
import { routineOnArrival } from '../../db/routine-on-arrival';

const MODALITIES: [string, string][] = [
  ['CT', 'Tomografia computadorizada'],
  ['MR', 'Ressonância magnética'],
  ['US', 'Ultrassonografia'],
  ['CR', 'Radiografia computadorizada'],
  ['DX', 'Radiografia digital'],
  ['MG', 'Mamografia'],
];

export async function seedCatalogDemo(knex: Knex, accountId: string, exams: readonly [string, string][]): Promise<boolean> {
  return knex.transaction(async (trx) => {
    if (await trx('modalities').where({ account_id: accountId }).first('id')) return false;
    await trx('modalities').insert(MODALITIES.map(([code, description]) => ({ account_id: accountId, code, description })));
    const titles = [...new Map(exams.map(([modality, title]) => [title, modality])).entries()];
    const rows: { id: string; title: string }[] = await trx('exams')
      .insert(titles.map(([title, modality]) => ({ account_id: accountId, title, modality })))
      .returning(['id', 'title']);
    const [urgent] = await trx('routines')
      .insert({ account_id: accountId, name: 'Urgência', duration_minutes: 240, alert_minutes: 60, weight: 10, color: '#d32f2f' })
      .returning('id');
    const [elective] = await trx('routines')
      .insert({ account_id: accountId, name: 'Eletivo', duration_minutes: 4320, alert_minutes: 720, weight: 1, color: '#2e7d32' })
      .returning('id');
    const skull = rows.find((r) => r.title === 'TC de crânio');
    await trx('routine_rules').insert([
      ...(skull ? [{ account_id: accountId, routine_id: urgent.id, exam_id: skull.id }] : []),
      { account_id: accountId, routine_id: elective.id, modality: 'MG' },
      { account_id: accountId, routine_id: elective.id, modality: 'DX' },
    ]);
    const studies: { id: string; institution_id: string | null; modalities: string[]; exam_type: string | null }[] = await trx(
      'studies',
    )
      .where({ account_id: accountId })
      .whereNotNull('institution_id')
      .select('id', 'institution_id', 'modalities', 'exam_type');
    for (const s of studies) {
      const routineId = await routineOnArrival(trx, accountId, {
        institutionId: s.institution_id!,
        modalities: s.modalities,
        examType: s.exam_type,
      });
      await trx('studies').where({ id: s.id }).update({ routine_id: routineId });
    }
    return true;
  });
}
