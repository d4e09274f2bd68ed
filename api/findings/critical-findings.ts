/**
 * A study's suspicion or critical finding (spec 2 §4): registered, accepted or rejected by
 * the report's responsible doctor, deleted by whom the rules allow. Every change is audited
 * and republishes the study's live document (the list's badge).
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { accountSetting } from '../../domain/accounts/settings';
import type { z } from 'zod';
import {
  type AccountCriticalFinding,
  type CriticalFinding,
  type FindingDecisionBody,
  type FindingReport,
  type FindingStatus,
  type RegisterFindingBody,
  checkDecide,
  checkDelete,
  checkRegister,
  findingForcedInReport,
  statusForNew,
} from '../../domain/findings/critical-findings';
import { AppError } from '../../domain/errors';
import { type Access, actorFor } from '../access/access';
import { audit } from '../access/audit';
import type { Exam } from '../studies/study-queries';

/** Throws the rule's refusal with its code. */
function enforce(v: ReturnType<typeof checkRegister>): void {
  if (!v.ok) throw new AppError(v.code);
}

export async function listAccountFindings(knex: Knex, accountId: string): Promise<AccountCriticalFinding[]> {
  return knex('account_critical_findings')
    .where('account_id', accountId)
    .orderBy('level_and_name')
    .select('id', 'level_and_name as levelAndName');
}

interface Row {
  id: string;
  account_critical_finding_id: string;
  account_id: string;
  study_id: string;
  accession_number: string | null;
  level_and_name: string;
  observation: string;
  in_the_report: boolean;
  status: FindingStatus;
  user_created_suspicion_id: string | null;
  suspicion_name: string | null;
  user_created_finding_id: string | null;
  finding_name: string | null;
  created_at: Date;
  updated_at: Date;
}

function present(r: Row): CriticalFinding {
  return {
    studyCriticalFindingId: r.id,
    accountCriticalFindingId: r.account_critical_finding_id,
    accountId: r.account_id,
    studyId: r.study_id,
    accessionNumber: r.accession_number,
    levelAndName: r.level_and_name,
    observation: r.observation,
    inTheReport: r.in_the_report,
    status: r.status,
    userCreatedSuspicionId: r.user_created_suspicion_id,
    userCreatedSuspicionName: r.suspicion_name,
    userCreatedFindingId: r.user_created_finding_id,
    userCreatedFindingName: r.finding_name,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function findStudyFinding(knex: Knex, accountId: string, studyId: string): Promise<CriticalFinding | null> {
  const row = (await knex('study_critical_findings as f')
    .join('account_critical_findings as af', 'af.id', 'f.account_critical_finding_id')
    .join('studies as s', 's.id', 'f.study_id')
    .leftJoin('users as us', 'us.id', 'f.user_created_suspicion_id')
    .leftJoin('users as uf', 'uf.id', 'f.user_created_finding_id')
    .where({ 'f.account_id': accountId, 'f.study_id': studyId })
    .first('f.*', 's.accession_number', 'af.level_and_name', 'us.name as suspicion_name', 'uf.name as finding_name')) as
    Row | undefined;
  return row ? present(row) : null;
}

/** The report facts the rules need: its state and its responsible doctor. */
export async function findingReport(knex: Knex, exam: Exam): Promise<FindingReport> {
  const laudo = await knex('laudos').where({ id: exam.laudoId }).first('state', 'responsible_user_id', 'user_id');
  return { state: laudo.state, responsibleUserId: laudo.responsible_user_id ?? laudo.user_id ?? null };
}

/** Does the account put accepted findings of this study's institution into the report? */
export async function forcedInReport(knex: Knex, exam: Exam): Promise<boolean> {
  const account = await knex('studies as s')
    .join('accounts as a', 'a.id', 's.account_id')
    .where('s.id', exam.id)
    .first('a.config');
  return findingForcedInReport(accountSetting(account?.config, 'INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT'), exam.institutionId);
}

export async function registerFinding(
  knex: Knex,
  access: Access,
  exam: Exam,
  body: Omit<z.output<typeof RegisterFindingBody>, 'studyId'>,
  ip: string,
): Promise<CriticalFinding> {
  const actor = actorFor(access, exam.institutionId);
  enforce(checkRegister(actor, await findStudyFinding(knex, access.accountId, exam.id)));
  const known = await knex('account_critical_findings')
    .where({ account_id: access.accountId, id: body.accountCriticalFindingId })
    .first('id');
  if (!known) throw new AppError('CRITICAL_FINDING_DESCRIPTION_REQUIRED');
  const report = await findingReport(knex, exam);
  const status = statusForNew(report);
  const forced = await forcedInReport(knex, exam);
  await inTransaction(knex, async (trx) => {
    const inserted = await trx('study_critical_findings')
      .insert({
        account_id: access.accountId,
        study_id: exam.id,
        account_critical_finding_id: body.accountCriticalFindingId,
        observation: body.observation,
        status,
        in_the_report: status === 'FINDING_CREATED' && (forced || body.inTheReport),
        user_created_suspicion_id: status === 'SUSPICION_CREATED' ? access.userId : null,
        user_created_finding_id: status === 'FINDING_CREATED' ? access.userId : null,
      })
      .onConflict('study_id')
      .ignore()
      .returning('id');
    // Two doctors registering at once: the second finds the first's.
    if (inserted.length === 0) throw new AppError('CRITICAL_FINDING_EXISTS');
    await audit(trx, access, 'study.criticalFinding.create', exam.id, ip, { status, ...body });
  });
  return (await findStudyFinding(knex, access.accountId, exam.id))!;
}

export async function decideFinding(
  knex: Knex,
  access: Access,
  exam: Exam,
  body: z.output<typeof FindingDecisionBody> & { action: 'accept' | 'reject' },
  ip: string,
): Promise<CriticalFinding | null> {
  const finding = await findStudyFinding(knex, access.accountId, exam.id);
  if (!finding) throw new AppError('NOT_FOUND');
  enforce(checkDecide(actorFor(access, exam.institutionId), await findingReport(knex, exam), finding));
  const forced = await forcedInReport(knex, exam);
  await inTransaction(knex, async (trx) => {
    const q = trx('study_critical_findings').where({ id: finding.studyCriticalFindingId, status: 'SUSPICION_CREATED' });
    const changed =
      body.action === 'accept'
        ? await q.update({
            status: 'SUSPICION_ACCEPTED',
            user_created_finding_id: access.userId,
            in_the_report: forced || body.inTheReport,
            updated_at: trx.fn.now(),
          })
        : await q.delete();
    if (changed === 0) throw new AppError('CRITICAL_FINDING_NOT_SUSPICION');
    await audit(trx, access, `study.criticalFinding.${body.action}`, exam.id, ip, {
      findingId: finding.studyCriticalFindingId,
    });
  });
  return findStudyFinding(knex, access.accountId, exam.id);
}

export async function deleteFinding(knex: Knex, access: Access, exam: Exam, ip: string): Promise<void> {
  const finding = await findStudyFinding(knex, access.accountId, exam.id);
  if (!finding) throw new AppError('NOT_FOUND');
  enforce(checkDelete(actorFor(access, exam.institutionId), await findingReport(knex, exam), finding));
  await inTransaction(knex, async (trx) => {
    await trx('study_critical_findings').where({ id: finding.studyCriticalFindingId }).delete();
    await audit(trx, access, 'study.criticalFinding.delete', exam.id, ip, { findingId: finding.studyCriticalFindingId });
  });
}
