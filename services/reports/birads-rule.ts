import type { Knex } from 'knex';
import { accountSetting } from '../../domain/accounts/settings';
import { AppError } from '../../domain/errors';
import { biradsRequired, hasBiradsClassification } from '../../domain/structured/birads';
import { plainText } from './contents';

/** The doctor's finishing actions (a typist's finishTyping goes to the doctor's review first). */
const FINISHING = new Set(['finish', 'finishReview']);

/**
 * forceBiradsClassification: refuses to finish a free-text mammography report whose text has
 * no BI-RADS category, with BIRADS_REQUIRED; the account is read only for such a report.
 */
export async function assertBiradsClassification(
  knex: Knex,
  accountId: string,
  report: { modalities: readonly string[]; structuredType: string },
  action: string,
  content: string | undefined,
): Promise<void> {
  if (content === undefined || !FINISHING.has(action)) return;
  if (!biradsRequired({ forced: true, ...report })) return;
  const account = await knex('accounts').where({ id: accountId }).first('config');
  if (!accountSetting(account?.config, 'forceBiradsClassification')) return;
  if (!hasBiradsClassification(plainText(content))) throw new AppError('BIRADS_REQUIRED');
}
