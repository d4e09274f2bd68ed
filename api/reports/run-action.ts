/**
 * One path for every report action: scope the study to the caller, build the actor, pre-check
 * with the same plan the workflow runs, store any text, then send the Update.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { PLATFORM_ACTOR } from '../../domain/laudo/snapshot';
import type { ActionInputs, LaudoAction } from '../../domain/laudo/transitions';
import type { ReportView } from '../../domain/studies/schemas';
import { type ActionArgs, type LaudoRecord, laudoUpdates } from '../../workflows/laudo/messages';
import { plan } from '../../workflows/laudo/plan';
import { type Access, actorFor } from '../access/access';
import { currentAccess } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';
import { isEmptyReport, storeContent } from '../../services/reports/contents';
import { runLaudoUpdate } from './laudo-commands';
import { loadLaudoRecord, presentReport } from '../../services/reports/laudo-record';
import { type Exam, type ExamKind, findExam } from '../studies/study-queries';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export interface ReportContext {
  access: Access;
  study: Exam;
  record: LaudoRecord;
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
  let study: Exam | null | undefined;
  for (const kind of kinds) study ??= await findExam(deps.knex, access, kind, id);
  if (!study) throw new AppError('NOT_FOUND');
  const { record } = await loadLaudoRecord(deps.knex, access.accountId, study.laudoId);
  return { access, study, record };
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

export async function runReportAction<A extends LaudoAction>(
  ctx: Context,
  deps: ApiDeps,
  rc: ReportContext,
  request: ActionRequest<A>,
): Promise<ReportView> {
  const { access, study, record } = rc;
  const actor = request.asPlatform ? PLATFORM_ACTOR : actorFor(access, study.institutionId);
  // The reviewer writes the review text (spec: reviewReport.content); everyone else the report.
  const kind = record.state === 12 ? 'review' : 'report';
  const provisional =
    request.content === undefined ? undefined : ({ id: 'pending', kind, empty: isEmptyReport(request.content) } as const);
  const args: ActionArgs = { actor, input: request.input, content: provisional, note: request.note };

  // A retry of a request that already went through (same Idempotency-Key) gets the report
  // as it stands, not a refusal from a state its first attempt moved on from.
  const key = ctx.get('idempotency-key');
  const updateId = `${request.action}:${IDEMPOTENCY_KEY.test(key) ? key : randomUUID()}`;
  if (IDEMPOTENCY_KEY.test(key)) {
    const done = await deps
      .knex('audit_log')
      .where({ laudo_id: record.laudoId })
      .whereRaw("detail->>'updateId' = ?", [updateId])
      .first('id');
    if (done) {
      const { record: current, updatedAt } = await loadLaudoRecord(deps.knex, access.accountId, record.laudoId);
      return presentReport(current, updatedAt, actorFor(access, study.institutionId));
    }
  }

  // A plain refusal is answered without a round trip; the workflow decides races.
  const pre = plan(record, request.action, args);
  if (!pre.ok) throw new AppError(pre.code);
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

  const update = laudoUpdates[request.action] as unknown as (typeof laudoUpdates)['start'];
  const result = await runLaudoUpdate(
    deps.temporal,
    deps.config.TEMPORAL_TASK_QUEUE,
    record,
    update,
    [args as ActionArgs<'start'>],
    updateId,
  );
  return presentReport(result, new Date(), actorFor(access, study.institutionId));
}
