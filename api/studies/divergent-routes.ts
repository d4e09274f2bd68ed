/**
 * The 'divergent studies' screen (issue 16): divergences found on ingest in the institutions
 * the caller reaches, and their merge and split — STUDIES_DIVERGENT_ACTIONS in the study's
 * institution (or the account administrator), a typed confirmation, audited on both studies.
 */
import Router from '@koa/router';
import type { Knex } from 'knex';
import { hasPermission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import {
  DIVERGENCE_CONFIRMATION,
  type Divergence,
  DivergenceActionBody,
  type DivergenceAction,
  DivergentListQuery,
  divergenceActionAllowed,
} from '../../domain/studies/maintenance';
import { publishStudyDocuments } from '../../live/study-documents';
import { resolveDivergence } from '../../services/studies/divergence';
import { type Access, actorFor, scoped } from '../access/access';
import { audit } from '../access/audit';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, query, uuidParam } from '../http/validate';

const side = (alias: string, patient: string) => [
  `${alias}.id as ${alias}_id`,
  `${alias}.study_instance_uid as ${alias}_uid`,
  `${alias}.accession_number as ${alias}_accession`,
  `${alias}.exam_type as ${alias}_exam`,
  `${alias}.instance_count as ${alias}_instances`,
  `${alias}.series_count as ${alias}_series`,
  `${patient}.name as ${alias}_patient_name`,
  `${patient}.patient_id as ${alias}_patient_id`,
];

type Row = Record<string, any>;

function presentSide(r: Row, alias: string) {
  if (!r[`${alias}_id`]) return null;
  return {
    id: r[`${alias}_id`],
    studyInstanceUid: r[`${alias}_uid`],
    accessionNumber: r[`${alias}_accession`],
    patientName: r[`${alias}_patient_name`],
    patientId: r[`${alias}_patient_id`],
    examType: r[`${alias}_exam`],
    instanceCount: Number(r[`${alias}_instances`]),
    seriesCount: Number(r[`${alias}_series`]),
  };
}

export const mayResolveDivergence = (access: Access, institutionId: string | null) =>
  access.isAccountAdmin || hasPermission(actorFor(access, institutionId), 'STUDIES_DIVERGENT_ACTIONS');

/** Divergences of the access's institutions (newest first), joined with both studies. */
export function divergenceQuery(knex: Knex, access: Access): Knex.QueryBuilder {
  return scoped(knex('divergent_studies as d'), access, 'd')
    .join('studies as s', 's.id', 'd.study_id')
    .join('patients as sp', 'sp.id', 's.patient_ref')
    .leftJoin('studies as o', 'o.id', 'd.other_study_id')
    .leftJoin('patients as op', 'op.id', 'o.patient_ref')
    .leftJoin('patients as xp', 'xp.id', 'd.other_patient_ref')
    .leftJoin('users as u', 'u.id', 'd.resolved_by')
    .select(
      'd.id',
      'd.kind',
      'd.status',
      'd.institution_id',
      'd.created_at',
      'd.resolved_at',
      'u.name as resolved_by_name',
      'xp.name as x_name',
      'xp.patient_id as x_patient_id',
      ...side('s', 'sp'),
      ...side('o', 'op'),
    )
    .orderBy([
      { column: 'd.created_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ]);
}

export function presentDivergence(r: Row, access: Access): Divergence {
  const may = mayResolveDivergence(access, r.institution_id);
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
    resolvedByName: r.resolved_by_name ?? null,
    study: presentSide(r, 's')!,
    otherStudy: presentSide(r, 'o'),
    otherPatient: r.x_name ? { name: r.x_name, patientId: r.x_patient_id } : null,
    allowedActions: may ? (['merge', 'split'] as const).filter((a) => divergenceActionAllowed(r.status, a)) : [],
  };
}

export function divergentRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/divergent-studies', requireSession(knex));

  router.get('/divergent-studies', async (ctx) => {
    const { status } = query(ctx, DivergentListQuery);
    const access = await currentAccess(ctx, knex);
    const q = divergenceQuery(knex, access).limit(500);
    if (status) void q.where('d.status', status);
    const rows: Row[] = await q;
    ctx.body = { divergences: rows.map((r) => presentDivergence(r, access)) };
  });

  const act = (action: DivergenceAction) =>
    router.post(`/divergent-studies/:id/${action}`, async (ctx) => {
      const access = await currentAccess(ctx, knex);
      const row: Row | undefined = await divergenceQuery(knex, access).where('d.id', uuidParam(ctx, 'id')).first();
      if (!row) throw new AppError('NOT_FOUND');
      if (!mayResolveDivergence(access, row.institution_id)) throw new AppError('CANNOT_MANAGE_STUDY');
      const { confirmation } = body(ctx, DivergenceActionBody);
      if (confirmation.trim().toUpperCase() !== DIVERGENCE_CONFIRMATION[action])
        throw new AppError('DIVERGENCE_CONFIRMATION_REQUIRED');
      const outcome = await resolveDivergence(knex, access.accountId, row.id, action, access.userId);
      for (const studyId of outcome.studyIds)
        await audit(knex, access, `study.${action}`, studyId, ctx.ip, {
          divergenceId: row.id,
          kind: row.kind,
          studies: outcome.studyIds,
          movedSeries: outcome.movedSeries,
          movedInstances: outcome.movedInstances,
        });
      // Lists drop a study merged away and show a separated one again, with its counts.
      await publishStudyDocuments(knex, deps.publisher, outcome.studyIds);
      const fresh: Row = await divergenceQuery(knex, access).where('d.id', row.id).first();
      ctx.body = { divergence: presentDivergence(fresh, access) };
    });
  act('merge');
  act('split');

  return router;
}
