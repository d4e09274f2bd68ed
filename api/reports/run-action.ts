/**
 * One path for every report action: scope the study to the caller, build the actor, pre-check
 * with the same plan the workflow runs, store any text, then send the Update.
 */
import { assertBiradsClassification } from '../../services/reports/birads-rule';
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import type { Actor } from '../../domain/auth/permissions';
import { PLATFORM_ACTOR } from '../../domain/laudo/snapshot';
import { type ActionInputs, type LaudoAction, actionRefusal } from '../../domain/laudo/transitions';
import type { ReportView } from '../../domain/studies/schemas';
import { type ActionArgs, type LaudoRecord, laudoUpdates } from '../../workflows/laudo/messages';
import { plan } from '../../workflows/laudo/plan';
import { type Access, actorFor } from '../access/access';
import { currentAccess } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';
import { discardContent, isEmptyReport, storeContent } from '../../services/reports/contents';
import { LaudoUpdateNotApplied, runLaudoUpdate } from '../../services/reports/laudo-commands';
import { inTurn } from './report-turns';
import { laudoRecordOf, loadLaudoRecord, presentReport } from '../../services/reports/laudo-record';
import { type Exam, type ExamKind, findExamWithLaudo } from '../studies/study-queries';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The request's Idempotency-Key when it is a well-formed one (else the request has none). */
export function idempotencyKeyOf(ctx: Context): string | undefined {
  const key = ctx.get('idempotency-key');
  return IDEMPOTENCY_KEY.test(key) ? key : undefined;
}

export interface ReportContext {
  access: Access;
  study: Exam;
  record: LaudoRecord;
  /** When the projection last changed (the state's start for a workflow not created yet). */
  updatedAt?: Date;
  /**
   * The report's Update ids (audit log) that end in this request's Idempotency-Key, read with
   * the context; undefined when not read (no key, or the context read again since).
   */
  appliedUpdateIds?: readonly string[];
}

/** The study (or scheduled exam) of the route (`:id`) as the caller reaches it, with its report. */
export async function loadReportContext(ctx: Context, deps: ApiDeps, kind: ExamKind = 'study'): Promise<ReportContext> {
  return loadReportContextOf(ctx, deps, [kind], uuidParam(ctx, 'id'));
}

/** The same for an id sent in a body: the first of `kinds` the caller reaches under that id. */
export async function loadReportContextOf(
  ctx: Context,
  deps: ApiDeps,
  kinds: readonly ExamKind[],
  id: string,
): Promise<ReportContext> {
  const access = await currentAccess(ctx, deps.knex);
  const key = idempotencyKeyOf(ctx);
  // A retried request's first attempt is looked for in the same statement (answerIfApplied).
  const more: Record<string, Knex.Raw> = key ? { appliedUpdateIds: appliedUpdateIdsSql(deps.knex, key) } : {};
  let found: Awaited<ReturnType<typeof findExamWithLaudo>>;
  for (const kind of kinds) found ??= await findExamWithLaudo(deps.knex, access, kind, id, more);
  if (!found) throw new AppError('NOT_FOUND');
  const { record, updatedAt } = laudoRecordOf(access.accountId, found.laudo, found.parts);
  const applied = found.more.appliedUpdateIds as string[] | undefined;
  return { access, study: found.exam, record, updatedAt, ...(applied ? { appliedUpdateIds: applied } : {}) };
}

/** The `laudos` row `l`'s Update ids in the audit log that end in `:key`, whatever the action. */
export function appliedUpdateIdsSql(knex: Knex, key: string): Knex.Raw {
  const suffix = `:${key}`;
  return knex.raw(
    `SELECT coalesce(array_agg(a.detail->>'updateId'), '{}') FROM audit_log a WHERE a.laudo_id = l.id AND right(a.detail->>'updateId', ?) = ?`,
    [suffix.length, suffix],
  );
}

export interface ActionRequest<A extends LaudoAction> {
  action: A;
  input?: ActionInputs[A];
  /** Report text sent with the action; stored before the Update, which carries its id. */
  content?: string;
  note?: ActionArgs['note'];
  /** The platform acts (states 20/21); the route checked who may ask for it. */
  asPlatform?: boolean;
}

/**
 * Runs one action. At most REPORT_UPDATES_IN_FLIGHT actions of one report go to its workflow
 * at once from this process, under Temporal's 10 in flight per workflow (the rest would be
 * throttled, then retried a second later); a request that waited for its turn judges the
 * report as it is then, so a plain refusal costs no round trip.
 */
export function runReportAction<A extends LaudoAction>(
  ctx: Context,
  deps: ApiDeps,
  rc: ReportContext,
  request: ActionRequest<A>,
): Promise<ReportView> {
  // Answered when the commit is heard, the turn is held until the Update's outcome arrives too:
  // it counts among the workflow's Updates in flight until then.
  return new Promise<ReportView>((resolve, reject) => {
    inTurn(`report:${rc.record.laudoId}`, deps.config.REPORT_UPDATES_IN_FLIGHT, async (waited) => {
      let settled: Promise<void> | undefined;
      const current = waited ? await refreshReportContext(deps, rc) : rc;
      const view = await runNow(ctx, deps, current, request, (outcome) => {
        settled = outcome;
      });
      resolve(view);
      await settled;
    }).catch(reject);
  });
}

async function runNow<A extends LaudoAction>(
  ctx: Context,
  deps: ApiDeps,
  rc: ReportContext,
  request: ActionRequest<A>,
  onSettled: (outcome: Promise<void>) => void,
): Promise<ReportView> {
  const { access, study, record } = rc;
  const actor = request.asPlatform ? PLATFORM_ACTOR : actorFor(access, study.institutionId);
  // The reviewer writes the review text (spec: reviewReport.content); everyone else the report.
  const kind = record.state === 12 ? 'review' : 'report';
  const provisional =
    request.content === undefined ? undefined : ({ id: 'pending', kind, empty: isEmptyReport(request.content) } as const);
  const args: ActionArgs = { actor, input: request.input, content: provisional, note: request.note };

  const updateId = updateIdOf(ctx, request.action);
  const done = await answerIfApplied(ctx, deps, rc, request.action, rc.appliedUpdateIds);
  if (done) return done;

  // A plain refusal is answered without a round trip; the workflow decides races.
  const pre = plan(record, request.action, args);
  if (!pre.ok) throw new AppError(pre.code);
  await assertBiradsClassification(deps.knex, access.accountId, record, request.action, request.content);
  if (request.content !== undefined && provisional) {
    const stored = await storeContent(deps.knex, {
      accountId: access.accountId,
      laudoId: record.laudoId,
      kind,
      body: request.content,
      userId: access.userId,
    });
    args.content = { id: stored.id, kind, empty: stored.isEmpty };
  }
  const responsible = await responsibleAfter(deps, access.accountId, pre.record, actor);
  if (responsible) args.responsible = responsible;

  const update = laudoUpdates[request.action] as unknown as (typeof laudoUpdates)['start'];
  try {
    const result = await runLaudoUpdate(
      deps.temporal,
      deps.config.TEMPORAL_TASK_QUEUE,
      record,
      update,
      [args as ActionArgs<'start'>],
      updateId,
      rc.updatedAt,
      deps.config.REPORT_ACTION_TIMEOUT_SECONDS * 1000,
      { notices: deps.commitNotices, onSettled },
    );
    // A retry answered by its first attempt (same Update id) carries that attempt's text: this
    // copy never joins the report.
    const mine = args.content?.id;
    if (mine && mine !== 'pending' && result.contentId !== mine && result.reviewContentId !== mine)
      await discardContent(deps.knex, access.accountId, mine);
    return presentReport(result, new Date(), actorFor(access, study.institutionId));
  } catch (err) {
    if (!(err instanceof AppError) && !(err instanceof LaudoUpdateNotApplied)) throw err;
    // The same key's first attempt went through while this one was on its way (its run has
    // since continued as new, where this copy is refused): it is done, once.
    const applied = await answerIfApplied(ctx, deps, rc, request.action);
    if (applied) return applied;
    // Refused or not applied: its text never joins the report. An unknown outcome (503) keeps
    // it for a retry with the same key; the reaper takes it if none comes.
    const unknown = err instanceof AppError && err.code === 'REPORT_SERVICE_UNAVAILABLE';
    if (args.content && args.content.id !== 'pending' && !unknown)
      await discardContent(deps.knex, access.accountId, args.content.id);
    if (err instanceof AppError) throw err;
    // Lost or throttled: the action did not happen, and the spec's refusal says so.
    ctx.log.warn({ err, updateId }, 'report action not applied');
    throw new AppError(actionRefusal(request.action));
  }
}

/** The Update's id: the action and the request's Idempotency-Key (a fresh one without it). */
function updateIdOf(ctx: Context, action: LaudoAction): string {
  return `${action}:${idempotencyKeyOf(ctx) ?? randomUUID()}`;
}

/**
 * A retry of a request that already went through (same Idempotency-Key) gets the report as
 * it stands, not a refusal from a state its first attempt moved on from: the projection's
 * audit row of a transition carries its Update's id.
 */
export async function answerIfApplied(
  ctx: Context,
  deps: ApiDeps,
  rc: ReportContext,
  action: LaudoAction,
  /** The ids read with the context, when they are fresh enough (else the audit log is read). */
  known?: readonly string[],
): Promise<ReportView | null> {
  const key = idempotencyKeyOf(ctx);
  if (!key) return null;
  const updateId = `${action}:${key}`;
  const applied = known
    ? known.includes(updateId)
    : Boolean(
        await deps
          .knex('audit_log')
          .where({ laudo_id: rc.record.laudoId })
          .whereRaw("detail->>'updateId' = ?", [updateId])
          .first('id'),
      );
  if (!applied) return null;
  const { record, updatedAt } = await loadLaudoRecord(deps.knex, rc.access.accountId, rc.record.laudoId);
  return presentReport(record, updatedAt, actorFor(rc.access, rc.study.institutionId));
}

/** The context again, with the report as the projection holds it now. */
export async function refreshReportContext(deps: ApiDeps, rc: ReportContext): Promise<ReportContext> {
  const { record, updatedAt } = await loadLaudoRecord(deps.knex, rc.access.accountId, rc.record.laudoId);
  return { ...rc, record, updatedAt, appliedUpdateIds: undefined };
}

/**
 * Who will hold the report after the action, by name, when the workflow cannot tell it
 * (neither the actor nor the executor: a reopened review goes back to its reviewer).
 */
async function responsibleAfter(
  deps: ApiDeps,
  accountId: string,
  after: LaudoRecord,
  actor: Actor,
): Promise<ActionArgs['responsible'] | undefined> {
  const id = after.responsibleUserId;
  if (!id || id === actor.userId || id === after.userId) return undefined;
  const user = await deps
    .knex('users as u')
    .join('user_accounts as ua', 'ua.user_id', 'u.id')
    .where({ 'u.id': id, 'ua.account_id': accountId })
    .first('u.name');
  return user ? { userId: id, name: user.name as string } : undefined;
}
