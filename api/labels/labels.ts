/** Labels of an account and of its studies; every change of a study's labels is audited. */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../domain/errors';
import { LABEL_MIN_LETTERS, LABEL_SEARCH_MAX, type Label, cleanLabelName, letterCount } from '../../domain/workspace/labels';
import type { Access } from '../access/access';
import { audit } from '../access/audit';
import { foldedContains } from '../phrases/text-search';
import { type Exam, findExam } from '../studies/study-queries';

/** A study or a scheduled exam (no institution) the access reaches, or NOT_FOUND. */
export async function reachableExam(knex: Knex, access: Access, id: string): Promise<Exam> {
  const exam = (await findExam(knex, access, 'study', id)) ?? (await findExam(knex, access, 'scheduled', id));
  if (!exam) throw new AppError('NOT_FOUND');
  return exam;
}

/** Autocomplete of the account's labels: nothing below 2 letters (spec 1 §9). */
export async function searchLabels(knex: Knex, access: Access, q: string): Promise<Label[]> {
  const text = cleanLabelName(q);
  if (letterCount(text) < LABEL_MIN_LETTERS) return [];
  return knex('labels')
    .where('account_id', access.accountId)
    .whereRaw(...foldedContains('name', text))
    .orderByRaw('lower(name)')
    .limit(LABEL_SEARCH_MAX)
    .select('id', 'name');
}

export async function studyLabels(knex: Knex, accountId: string, studyId: string): Promise<Label[]> {
  return knex('study_labels as sl')
    .join('labels as l', 'l.id', 'sl.label_id')
    .where({ 'sl.account_id': accountId, 'sl.study_id': studyId })
    .orderByRaw('lower(l.name)')
    .select('l.id', 'l.name');
}

/** Reading a study's labels is reading patient data: audited. */
export async function readStudyLabels(knex: Knex, access: Access, exam: Exam, ip: string): Promise<Label[]> {
  const labels = await studyLabels(knex, access.accountId, exam.id);
  await audit(knex, access, 'study.labels.read', exam.id, ip, {});
  return labels;
}

/**
 * Puts a label on a study: the account's label of that name (case ignored) or a new one.
 * The same label twice on a study is LABEL_DUPLICATE.
 */
export async function addStudyLabel(knex: Knex, access: Access, exam: Exam, name: string, ip: string): Promise<Label> {
  return inTransaction(knex, async (trx) => {
    await trx('labels').insert({ account_id: access.accountId, name, created_by: access.userId }).onConflict().ignore();
    const label: Label = await trx('labels')
      .where('account_id', access.accountId)
      .whereRaw('lower(name) = lower(?)', [name])
      .first('id', 'name');
    const inserted = await trx('study_labels')
      .insert({ account_id: access.accountId, study_id: exam.id, label_id: label.id, created_by: access.userId })
      .onConflict(['study_id', 'label_id'])
      .ignore()
      .returning('label_id');
    if (inserted.length === 0) throw new AppError('LABEL_DUPLICATE');
    await audit(trx, access, 'study.label.add', exam.id, ip, { labelId: label.id, name: label.name });
    return label;
  });
}

export async function removeStudyLabel(knex: Knex, access: Access, exam: Exam, labelId: string, ip: string): Promise<void> {
  await inTransaction(knex, async (trx) => {
    const [removed] = await trx('study_labels')
      .where({ account_id: access.accountId, study_id: exam.id, label_id: labelId })
      .delete()
      .returning('label_id');
    if (!removed) throw new AppError('NOT_FOUND');
    const label = await trx('labels').where({ id: labelId }).first('name');
    await audit(trx, access, 'study.label.remove', exam.id, ip, { labelId, name: label?.name ?? null });
  });
}
