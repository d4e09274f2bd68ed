/**
 * Demo critical findings catalogue, one suspicion and a few comments for an account, so the
 * list's badges and the dialogs have something to show. Runs once per account.
 */
import type { Knex } from 'knex';

const HUMAN = [
  'Nível 1 - Pneumotórax hipertensivo',
  'Nível 1 - Dissecção de aorta',
  'Nível 1 - Hemorragia intracraniana',
  'Nível 2 - Tromboembolismo pulmonar',
  'Nível 2 - Apendicite aguda',
  'Nível 3 - Fratura patológica',
];
const VET = [
  'Nível 1 - Dilatação vólvulo-gástrica',
  'Nível 1 - Efusão pericárdica com tamponamento',
  'Nível 2 - Corpo estranho obstrutivo',
  'Nível 3 - Massa esplênica',
];

export async function seedFindingsDemo(knex: Knex, accountId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    if (await trx('account_critical_findings').where({ account_id: accountId }).first('id')) return;
    const account = await trx('accounts').where({ id: accountId }).first('is_for_human');
    const catalogue: { id: string }[] = await trx('account_critical_findings')
      .insert((account.is_for_human === false ? VET : HUMAN).map((level_and_name) => ({ account_id: accountId, level_and_name })))
      .returning('id');
    const members: string[] = await trx('user_accounts').where({ account_id: accountId, is_admin: false }).pluck('user_id');
    const notStarted: { id: string }[] = await trx('studies')
      .where({ account_id: accountId, laudo_state: 0 })
      .whereNotNull('institution_id')
      .orderBy('sort_at', 'desc')
      .limit(2)
      .select('id');
    const [first, second] = notStarted;
    if (first && members[0]) {
      await trx('study_critical_findings').insert({
        account_id: accountId,
        study_id: first.id,
        account_critical_finding_id: catalogue[0]!.id,
        observation: 'Achado notado pela técnica na aquisição.',
        status: 'SUSPICION_CREATED',
        user_created_suspicion_id: members[0],
      });
    }
    if (second && members.length > 0) {
      const comments = ['Paciente refere dor há 3 dias.', 'Exame anterior disponível no histórico.'];
      for (const [n, comment] of comments.entries()) {
        const userId = members[n % members.length]!;
        const [row] = await trx('study_comments')
          .insert({ account_id: accountId, study_id: second.id, user_id: userId, comment })
          .returning('id');
        await trx('study_comment_reads').insert({ comment_id: row.id, user_id: userId });
      }
    }
  });
}
