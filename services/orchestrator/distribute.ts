/**
 * The distribution of one arriving study (issue 18), run by the ingest workflow's activity
 * after the study-stable point: loads the account's active filters, the doctors they name with
 * whether each may report here now (role in the institution, inside its shift), their open
 * studies, the patient's doctor and the filters' tallies; asks the pure choice
 * (domain/orchestrator/choose.ts); records the decision once per study; gives the report to the
 * doctor through the laudo workflow's 'assign' Update (so Temporal's history shows it); and
 * writes the decision line in the study's history.
 */
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { PLATFORM_ACTOR } from '../../domain/laudo/snapshot';
import { LaudoState } from '../../domain/laudo/states';
import type { Seniority } from '../../domain/account-users/schemas';
import { type ArrivingStudy, type Decision, type Doctor, type Tally, choose } from '../../domain/orchestrator/choose';
import { laudoUpdates } from '../../workflows/laudo/messages';
import { permissionHolders } from '../access/holders';
import { loadLaudoRecord } from '../reports/laudo-record';
import { runLaudoUpdate } from '../reports/laudo-commands';
import { isPaused, listFilters } from './filters';

/** States in which nobody is working on the report any more. */
const CLOSED = [LaudoState.CONCLUDED, LaudoState.SIGNED, LaudoState.AUTO_CONCLUDED, LaudoState.EXTERNAL_REPORT];

export interface DistributeDeps {
  knex: Knex;
  temporal: Client;
  taskQueue: string;
}

export type DistributeOutcome =
  | { outcome: 'assigned'; userId: string; text: string }
  | { outcome: 'undistributed'; reason: Decision['reason'] }
  | { outcome: 'paused' | 'taken' | 'notFound' };

interface StudyRow {
  id: string;
  patient_ref: string;
  modalities: string[];
  institution_id: string | null;
  received_at: Date;
  laudo_id: string;
  state: number;
  responsible_user_id: string | null;
  duration_minutes: number | null;
  weight: number | null;
}

/** The decision line of the study history: 'assigned to X: filter F, share 32 % of 35 %'. */
export function decisionText(d: Decision, doctorName: string): string {
  const why = d.reason === 'patient' ? " (the patient's open studies)" : d.reason === 'seniority' ? ' (seniority)' : '';
  const share = d.share ? `, share ${d.share.actual} % of ${d.share.target} %` : '';
  return `assigned to ${doctorName}: filter ${d.filterName ?? '-'}${share}${why}`;
}

export async function distributeStudy(
  deps: DistributeDeps,
  accountId: string,
  studyId: string,
  now = new Date(),
  /** The redistribution (ADR 031): a study nobody could take when it arrived is decided again. */
  opts: { retryWaiting?: boolean } = {},
): Promise<DistributeOutcome> {
  const { knex } = deps;
  const study: StudyRow | undefined = await knex('studies as s')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .leftJoin('routines as r', 'r.id', 's.routine_id')
    .where({ 's.id': studyId, 's.account_id': accountId })
    .first(
      's.id',
      's.patient_ref',
      's.modalities',
      's.institution_id',
      's.received_at',
      's.laudo_id',
      'l.state',
      'l.responsible_user_id',
      'r.duration_minutes',
      'r.weight',
    );
  if (!study) return { outcome: 'notFound' };

  // A retried activity (or a second stable point) finds its decision: the same one is applied.
  let earlier = await knex('orchestrator_decisions').where({ study_id: studyId }).first('id', 'user_id', 'reason', 'detail');
  if (earlier && opts.retryWaiting && !earlier.user_id && earlier.reason === 'nobodyAvailable') {
    // Counted in no tally (no slot): forgetting it only lets the study be decided afresh.
    await knex('orchestrator_decisions').where({ id: earlier.id, reason: 'nobodyAvailable' }).whereNull('user_id').delete();
    earlier = undefined;
  }
  if (earlier) {
    if (!earlier.user_id) return { outcome: 'undistributed', reason: (earlier.detail as { reason: Decision['reason'] }).reason };
    const detail = earlier.detail as Decision & { text: string; userName: string };
    return assign(deps, accountId, study, earlier.user_id as string, detail.userName, detail.text, detail);
  }
  if (study.state !== LaudoState.NOT_STARTED || study.responsible_user_id) return { outcome: 'taken' };
  if (await isPaused(knex, accountId)) return { outcome: 'paused' };

  const filters = await listFilters(knex, accountId, { activeOnly: true });
  // No filter catches this study: nothing to decide, nothing recorded (most accounts, most studies).
  if (!filters.some((f) => f.modalities.some((m) => study.modalities.includes(m))))
    return { outcome: 'undistributed', reason: 'noFilter' };
  const groupIds = [...new Set(filters.flatMap((f) => f.members.filter((m) => m.kind === 'group').map((m) => m.id)))];
  const memberships: { user_id: string; group_id: string }[] = groupIds.length
    ? await knex('user_medical_groups')
        .where({ account_id: accountId })
        .whereIn('group_id', groupIds)
        .select('user_id', 'group_id')
    : [];
  const userIds = [
    ...new Set([
      ...filters.flatMap((f) => f.members.filter((m) => m.kind === 'user').map((m) => m.id)),
      ...memberships.map((m) => m.user_id),
    ]),
  ];
  const [users, holders, openRows, patientRow, tallyRows, defaultRoutine] = await Promise.all([
    knex('users').whereIn('id', userIds).select('id', 'name', 'seniority') as Promise<
      { id: string; name: string; seniority: Seniority | null }[]
    >,
    userIds.length
      ? permissionHolders(knex, {
          accountId,
          institutionId: study.institution_id,
          permission: 'STUDIES_SAVE_REPORTS',
          userIds,
          now,
        })
      : Promise.resolve([]),
    knex('laudos')
      .where({ account_id: accountId })
      .whereIn('responsible_user_id', userIds)
      .whereNotIn('state', CLOSED)
      .groupBy('responsible_user_id')
      .select('responsible_user_id', knex.raw('count(*)::int AS n')) as Promise<{ responsible_user_id: string; n: number }[]>,
    knex('studies as s')
      .join('laudos as l', 'l.id', 's.laudo_id')
      .where({ 's.account_id': accountId, 's.patient_ref': study.patient_ref })
      .whereNot('s.id', studyId)
      .whereNotNull('l.responsible_user_id')
      .whereNotIn('l.state', CLOSED)
      .orderBy('l.updated_at', 'desc')
      .first('l.responsible_user_id') as Promise<{ responsible_user_id: string } | undefined>,
    knex('orchestrator_decisions')
      .where({ account_id: accountId })
      .whereIn(
        'filter_id',
        filters.map((f) => f.id),
      )
      .whereNotNull('slot')
      .groupBy('filter_id', 'slot', 'user_id')
      .select('filter_id', 'slot', 'user_id', knex.raw('count(*)::int AS n')) as Promise<
      { filter_id: string; slot: string; user_id: string | null; n: number }[]
    >,
    knex('routines').where({ account_id: accountId, is_default: true }).first('weight') as Promise<
      { weight: number } | undefined
    >,
  ]);

  const onShift = new Set(holders.map((h) => h.id));
  const doctors: Record<string, Doctor> = Object.fromEntries(
    users.map((u) => [
      u.id,
      {
        id: u.id,
        name: u.name,
        seniority: u.seniority,
        onShift: onShift.has(u.id),
        groups: memberships.filter((m) => m.user_id === u.id).map((m) => m.group_id),
      },
    ]),
  );
  const tallies: Record<string, { slots: Record<string, number>; inGroup: Record<string, number> }> = {};
  for (const r of tallyRows) {
    const t = (tallies[r.filter_id] ??= { slots: {}, inGroup: {} });
    t.slots[r.slot] = (t.slots[r.slot] ?? 0) + r.n;
    if (r.user_id && r.slot.startsWith('group:')) t.inGroup[`${r.slot}|${r.user_id}`] = r.n;
  }
  const arrivedAt = new Date(study.received_at).getTime();
  const arriving: ArrivingStudy = {
    id: study.id,
    patientId: study.patient_ref,
    modalities: study.modalities,
    // A routine weightier than the account's default one is urgent (its seniority rule applies).
    urgent: study.weight !== null && defaultRoutine !== undefined && study.weight > defaultRoutine.weight,
    deadline: arrivedAt + (study.duration_minutes ?? 0) * 60_000,
    arrivedAt,
  };
  const decision = choose(
    {
      filters,
      doctors,
      open: Object.fromEntries(openRows.map((r) => [r.responsible_user_id, r.n])),
      patients: patientRow ? { [study.patient_ref]: patientRow.responsible_user_id } : {},
      tallies: tallies as Record<string, Tally>,
    },
    arriving,
  );
  const userName = decision.userId ? doctors[decision.userId]!.name : null;
  const text = userName ? decisionText(decision, userName) : `not distributed: ${decision.reason}`;
  const recorded = await knex('orchestrator_decisions')
    .insert({
      account_id: accountId,
      study_id: studyId,
      filter_id: decision.filterId,
      user_id: decision.userId,
      slot: decision.slot,
      reason: decision.reason,
      detail: JSON.stringify({ ...decision, userName, text }),
    })
    .onConflict('study_id')
    .ignore()
    .returning('id');
  // Decided meanwhile by another run (the arrival and a redistribution at once): apply that one.
  if (recorded.length === 0) return distributeStudy(deps, accountId, studyId, now);
  if (!decision.userId || !userName) {
    // Only a study some filter caught leaves a line: the others were never the orchestrator's.
    if (decision.filterId)
      await historyLine(knex, accountId, studyId, study.laudo_id, 'orchestrator.undistributed', { ...decision, text });
    return { outcome: 'undistributed', reason: decision.reason };
  }
  return assign(deps, accountId, study, decision.userId, userName, text, decision);
}

async function assign(
  deps: DistributeDeps,
  accountId: string,
  study: StudyRow,
  userId: string,
  userName: string,
  text: string,
  decision?: Decision,
): Promise<DistributeOutcome> {
  const { record, updatedAt } = await loadLaudoRecord(deps.knex, accountId, study.laudo_id);
  if (record.responsibleUserId === userId) {
    // Already applied (a retried activity): the line may still be owed.
    if (decision)
      await historyLine(deps.knex, accountId, study.id, study.laudo_id, 'orchestrator.assigned', { ...decision, text });
    return { outcome: 'assigned', userId, text };
  }
  try {
    await runLaudoUpdate(
      deps.temporal,
      deps.taskQueue,
      record,
      laudoUpdates.assign,
      [{ actor: PLATFORM_ACTOR, input: { doctorUserId: userId, doctorName: userName }, responsible: { userId, name: userName } }],
      // One Update per study: a retried activity is deduplicated by the server.
      `assign:orchestrator:${study.id}`,
      updatedAt,
    );
  } catch (err) {
    // Someone started the report first: it is theirs, and the orchestrator stands aside.
    if (err instanceof AppError && err.code === 'REPORT_ACTION_NOT_ALLOWED') return { outcome: 'taken' };
    throw err;
  }
  if (decision) await historyLine(deps.knex, accountId, study.id, study.laudo_id, 'orchestrator.assigned', { ...decision, text });
  return { outcome: 'assigned', userId, text };
}

async function historyLine(
  knex: Knex,
  accountId: string,
  studyId: string,
  laudoId: string,
  action: string,
  detail: object,
): Promise<void> {
  // Once per study and action: a retried activity does not write the line twice.
  const written = await knex('audit_log').where({ account_id: accountId, study_id: studyId, action }).first('id');
  if (written) return;
  await knex('audit_log').insert({
    account_id: accountId,
    user_id: null,
    action,
    study_id: studyId,
    laudo_id: laudoId,
    detail: JSON.stringify(detail),
  });
}
