/**
 * The routine an arriving study gets (issue 16): the account's rules read here, the choice made
 * by domain/catalog/routines.ts pickRoutine. Shared by every place a study row is created.
 */
import type { Knex } from 'knex';
import { type Arrival, type RuleCandidate, pickRoutine } from '../domain/catalog/routines';

export async function routineOnArrival(knex: Knex, accountId: string, arrival: Arrival): Promise<string | null> {
  const [rules, fallback] = await Promise.all([
    knex('routine_rules as rr')
      .join('routines as r', 'r.id', 'rr.routine_id')
      .leftJoin('exams as e', 'e.id', 'rr.exam_id')
      .where('rr.account_id', accountId)
      .select(
        'rr.routine_id as routineId',
        'rr.institution_id as institutionId',
        'rr.modality',
        'e.title as examTitle',
        'r.weight',
      ) as Promise<RuleCandidate[]>,
    knex('routines').where({ account_id: accountId, is_default: true }).first('id') as Promise<{ id: string } | undefined>,
  ]);
  return pickRoutine(rules, arrival, fallback?.id ?? null);
}
