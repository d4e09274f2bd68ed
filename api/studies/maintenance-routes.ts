/**
 * Study maintenance on one study (issue 16): exam status, invalidation and recovery, retrieval
 * of an archived study, and the study and patient history tabs (read from the audit log).
 * Each change needs its permission in the study's institution (or the account administrator),
 * is audited on the study, and is published live so open lists follow it.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { type Permission, hasPermission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { storageState } from '../../domain/imaging/storage-class';
import {
  ExamStatusBody,
  type HistoryEntry,
  InvalidateBody,
  type InvalidatedRow,
  type InvalidatedStudy,
} from '../../domain/studies/maintenance';
import { publishStudyDocuments } from '../../live/study-documents';
import { duplicateStudy } from '../../services/studies/duplicate';
import { type Access, actorFor, scoped } from '../access/access';
import { audit } from '../access/audit';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, uuidParam } from '../http/validate';
import { type ExamKind, findExam, findStudy } from './study-queries';

const may = (access: Access, institutionId: string | null, permission: Permission) =>
  access.isAccountAdmin || hasPermission(actorFor(access, institutionId), permission);

/** Actions of the history tabs: changes, not reads or downloads (those stay in the audit viewer). */
const NOT_CHANGES = ['%.read', '%.view', '%.open', '%.download%', '%.preview%', 'viewer.%', 'study.tags%'];

async function history(knex: Knex, accountId: string, studyIds: string[]): Promise<HistoryEntry[]> {
  const q = knex('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where('a.account_id', accountId)
    .whereIn('a.study_id', studyIds)
    .orderBy('a.id', 'desc')
    .limit(1000)
    .select(knex.raw('a.id::text AS id'), 'a.at', 'a.action', 'u.name as userName', 'a.study_id as studyId', 'a.detail');
  for (const pattern of NOT_CHANGES) void q.whereNot('a.action', 'like', pattern);
  const rows: { id: string; at: Date; action: string; userName: string | null; studyId: string | null; detail: unknown }[] =
    await q;
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    userName: r.userName,
    studyId: r.studyId,
    detail: (r.detail ?? {}) as Record<string, unknown>,
  }));
}

/** Invalidated studies of the access's institutions (not merged away), newest first. */
function invalidatedQuery(knex: Knex, access: Access): Knex.QueryBuilder {
  return scoped(knex('studies as s'), access, 's')
    .join('patients as p', 'p.id', 's.patient_ref')
    .leftJoin('institutions as i', 'i.id', 's.institution_id')
    .leftJoin('users as u', 'u.id', 's.invalidated_by')
    .whereNotNull('s.invalidated_at')
    .whereNull('s.merged_into_id')
    .orderBy('s.invalidated_at', 'desc')
    .select(
      's.id',
      's.institution_id as institutionId',
      'p.name as patientName',
      'p.patient_id as patientId',
      's.accession_number as accessionNumber',
      's.exam_type as examType',
      's.modalities',
      'i.name as institutionName',
      's.invalidated_at as invalidatedAt',
      'u.name as invalidatedByName',
      's.invalidation_reason as reason',
    );
}

export function studyMaintenanceRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(['/studies', '/scheduledExam', '/invalidated-studies'], requireSession(knex));

  const reachable = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    const study = await findStudy(knex, access, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    return { access, study };
  };

  // The status of a study, or of a scheduled exam of the worklist 'agendados' (no institution:
  // the permission held in any of the account's institutions counts, decision 005).
  const setExamStatus = (kind: ExamKind) => async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    const study = await findExam(knex, access, kind, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    if (!may(access, study.institutionId, 'STUDIES_CHANGE_EXAM_STATUS')) throw new AppError('CANNOT_MANAGE_STUDY');
    const { status } = body(ctx, ExamStatusBody);
    const before = await knex('studies').where({ id: study.id }).first('exam_status');
    await knex('studies')
      .where({ id: study.id, account_id: access.accountId })
      .update({ exam_status: status, updated_at: knex.fn.now() });
    await audit(knex, access, 'study.examStatus', study.id, ctx.ip, { from: before?.exam_status ?? null, to: status });
    await publishStudyDocuments(knex, deps.publisher, [study.id]);
    ctx.body = { examStatus: status };
  };
  router.put('/studies/:id/exam-status', setExamStatus('study'));
  router.put('/scheduledExam/:id/exam-status', setExamStatus('scheduled'));

  router.post('/studies/:id/invalidate', async (ctx) => {
    const { access, study } = await reachable(ctx);
    if (!may(access, study.institutionId, 'STUDIES_INVALIDATE')) throw new AppError('CANNOT_MANAGE_STUDY');
    const { reason } = body(ctx, InvalidateBody);
    if (!reason) throw new AppError('INVALIDATION_REASON_REQUIRED');
    await knex('studies').where({ id: study.id, account_id: access.accountId }).update({
      invalidated_at: knex.fn.now(),
      invalidated_by: access.userId,
      invalidation_reason: reason,
      updated_at: knex.fn.now(),
    });
    await audit(knex, access, 'study.invalidate', study.id, ctx.ip, { reason });
    await publishStudyDocuments(knex, deps.publisher, [study.id]);
    ctx.status = 204;
  });

  router.get('/invalidated-studies', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const rows: (InvalidatedStudy & { institutionId: string; invalidatedAt: Date })[] = await invalidatedQuery(
      knex,
      access,
    ).limit(500);
    const studies: InvalidatedRow[] = rows.map(({ institutionId, ...r }) => ({
      ...r,
      invalidatedAt: new Date(r.invalidatedAt).toISOString(),
      mayRecover: may(access, institutionId, 'STUDIES_INVALIDATE'),
    }));
    ctx.body = { studies };
  });

  router.post('/invalidated-studies/:id/recover', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const id = uuidParam(ctx, 'id');
    const row = await scoped(knex('studies as s'), access, 's')
      .where('s.id', id)
      .whereNull('s.merged_into_id')
      .first('s.id', 's.institution_id', 's.invalidated_at');
    if (!row) throw new AppError('NOT_FOUND');
    if (!may(access, row.institution_id, 'STUDIES_INVALIDATE')) throw new AppError('CANNOT_MANAGE_STUDY');
    if (!row.invalidated_at) throw new AppError('STUDY_NOT_INVALIDATED');
    await knex('studies').where({ id, account_id: access.accountId }).update({
      invalidated_at: null,
      invalidated_by: null,
      invalidation_reason: null,
      listed_at: knex.fn.now(),
      updated_at: knex.fn.now(),
    });
    await audit(knex, access, 'study.recover', id, ctx.ip);
    await publishStudyDocuments(knex, deps.publisher, [id]);
    ctx.body = { study: await findStudy(knex, access, id) };
  });

  /**
   * Retrieval of an archived study (spec 2 §4 storage states). Object storage here keeps every
   * tier online, so retrieval checks that each instance's bytes are really there and marks the
   * study available again; a study whose bytes are gone (DELETED) cannot be retrieved.
   */
  router.post('/studies/:id/retrieve-archived', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const id = uuidParam(ctx, 'id');
    const row = await scoped(knex('studies as s'), access, 's')
      .where('s.id', id)
      .whereNull('s.merged_into_id')
      .whereNull('s.invalidated_at')
      .first('s.id', 's.institution_id', 's.storage_class');
    if (!row) throw new AppError('NOT_FOUND');
    if (!may(access, row.institution_id, 'STUDIES_RETRIEVE_ARCHIVED')) throw new AppError('CANNOT_MANAGE_STUDY');
    if (storageState(row.storage_class) !== 'archived') throw new AppError('STUDY_NOT_ARCHIVED');
    const keys: { object_key: string }[] = await knex('dicom_instances').where({ study_id: id }).select('object_key');
    for (const { object_key } of keys) if (!(await deps.storage.exists(object_key))) throw new AppError('STUDY_ARCHIVED');
    await knex('studies')
      .where({ id, account_id: access.accountId })
      .update({ storage_class: 'STANDARD', updated_at: knex.fn.now() });
    await audit(knex, access, 'study.retrieveArchived', id, ctx.ip, { from: row.storage_class });
    ctx.body = { storageClass: 'STANDARD' };
  });

  /** Duplicating a study: a study of its own (own report) with the source's images. */
  router.post('/studies/:id/duplicate', async (ctx) => {
    const { access, study } = await reachable(ctx);
    if (!may(access, study.institutionId, 'STUDIES_DUPLICATE')) throw new AppError('CANNOT_MANAGE_STUDY');
    const copy = await duplicateStudy(knex, access.accountId, study.id);
    await audit(knex, access, 'study.duplicate', study.id, ctx.ip, { duplicateId: copy.id, instances: copy.instances });
    await audit(knex, access, 'study.duplicate', copy.id, ctx.ip, { sourceId: study.id, instances: copy.instances });
    await publishStudyDocuments(knex, deps.publisher, [copy.id]);
    ctx.status = 201;
    ctx.body = { study: await findStudy(knex, access, copy.id) };
  });

  router.get('/studies/:id/history', async (ctx) => {
    const { access, study } = await reachable(ctx);
    ctx.body = { entries: await history(knex, access.accountId, [study.id]) };
  });

  /** Every change to every study of the study's patient. */
  router.get('/studies/:id/patient-history', async (ctx) => {
    const { access, study } = await reachable(ctx);
    const patient = await knex('studies').where({ id: study.id }).first('patient_ref');
    const ids = (await scoped(knex('studies as s'), access, 's').where('s.patient_ref', patient.patient_ref).select('s.id')).map(
      (r: { id: string }) => r.id,
    );
    ctx.body = { entries: await history(knex, access.accountId, ids) };
  });

  return router;
}
