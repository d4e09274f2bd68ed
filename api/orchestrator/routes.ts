/**
 * The orchestrator of the current account (issue 18, 'Orquestrador'): its distribution filters
 * in order, a filter's own on/off switch, and pausing and resuming the whole distribution.
 * Managed with ORCHESTRATOR_MANAGE; every change is audited.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../../domain/errors';
import { ActiveBody, FilterBody, FilterOrderBody, filterRefusals } from '../../domain/orchestrator/filters';
import {
  assertMembersOfAccount,
  filterColumns,
  findFilter,
  isPaused,
  listFilters,
  setFilterOrder,
  setPaused,
} from '../../services/orchestrator/filters';
import { redistributeAgain, redistributeWorkflowId } from '../../workflows/orchestrator/messages';
import type { redistributeWorkflow } from '../../workflows/orchestrator/workflow';
import { type Access, requireManage } from '../access/access';
import { currentAccess, requireSession } from '../auth/session';
import { auditAdmin, codedBody, uniqueOr } from '../admin-roles/shared';
import type { ApiDeps } from '../deps';
import { body, uuidParam } from '../http/validate';

export function orchestratorRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/orchestrator', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'ORCHESTRATOR_MANAGE', 'CANNOT_MANAGE_ORCHESTRATOR');
    return access;
  };
  const own = async (ctx: Context, access: Access) => {
    const filter = await findFilter(knex, access.accountId, uuidParam(ctx, 'id'));
    if (!filter) throw new AppError('NOT_FOUND');
    return filter;
  };
  /**
   * Studies waiting for the orchestrator get their doctors now (ADR 031): the account's
   * redistribution starts, or the running one goes over them again. The change is saved
   * whatever happens here: with Temporal unreachable, the minute sweep catches up.
   */
  const redistribute = async (accountId: string) => {
    try {
      await deps.temporal.workflow.signalWithStart<typeof redistributeWorkflow>('redistributeWorkflow', {
        workflowId: redistributeWorkflowId({ accountId }),
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
        args: [{ accountId }],
        signal: redistributeAgain,
        signalArgs: [],
      });
    } catch (err) {
      deps.logger.warn({ err, accountId }, 'orchestrator: redistribution not requested');
    }
  };
  const state = async (accountId: string) => ({
    paused: await isPaused(knex, accountId),
    filters: await listFilters(knex, accountId),
  });

  /** The state, and who a filter may name: the account's doctors (seniority shown) and medical groups. */
  router.get('/orchestrator', async (ctx) => {
    const access = await managed(ctx);
    const [users, groups] = await Promise.all([
      knex('users as u')
        .whereExists(
          knex('user_institution_roles as uir')
            .join('roles as r', 'r.id', 'uir.role_id')
            .where('uir.account_id', access.accountId)
            .whereRaw('uir.user_id = u.id')
            .whereRaw("'STUDIES_SAVE_REPORTS' = ANY(r.permissions)"),
        )
        .orderBy('u.name')
        .limit(1000)
        .select('u.id', 'u.name', 'u.seniority'),
      knex('medical_groups').where({ account_id: access.accountId }).orderBy('name').limit(1000).select('id', 'name'),
    ]);
    ctx.body = { ...(await state(access.accountId)), candidates: { users, groups } };
  });

  for (const [path, paused] of [
    ['/orchestrator/pause', true],
    ['/orchestrator/resume', false],
  ] as const) {
    router.post(path, async (ctx) => {
      const access = await managed(ctx);
      await setPaused(knex, access.accountId, paused);
      await auditAdmin(knex, ctx, access, paused ? 'ORCHESTRATOR_PAUSED' : 'ORCHESTRATOR_RESUMED', {});
      if (!paused) await redistribute(access.accountId);
      ctx.body = await state(access.accountId);
    });
  }

  router.post('/orchestrator/filters', async (ctx) => {
    const access = await managed(ctx);
    const input = codedBody(ctx, FilterBody);
    await assertMembersOfAccount(knex, access.accountId, input.members);
    const [{ next }] = (await knex('orchestrator_filters')
      .where({ account_id: access.accountId })
      .select(knex.raw('coalesce(max(position), 0) + 1 AS next'))) as [{ next: number }];
    const [row] = await uniqueOr('NAME_ALREADY_IN_USE', () =>
      knex('orchestrator_filters')
        .insert({ account_id: access.accountId, position: next, ...filterColumns(input) })
        .returning('id'),
    );
    await auditAdmin(knex, ctx, access, 'ORCHESTRATOR_FILTER_CREATED', { filterId: row.id, ...input });
    if (input.active) await redistribute(access.accountId);
    ctx.status = 201;
    ctx.body = { filter: await findFilter(knex, access.accountId, row.id) };
  });

  /** The filters' order (the first with a study's modality takes it): every filter, once. */
  router.put('/orchestrator/filters/order', async (ctx) => {
    const access = await managed(ctx);
    const { ids } = codedBody(ctx, FilterOrderBody);
    await setFilterOrder(knex, access.accountId, ids);
    await auditAdmin(knex, ctx, access, 'ORCHESTRATOR_FILTERS_ORDERED', { ids });
    await redistribute(access.accountId);
    ctx.body = await state(access.accountId);
  });

  router.put('/orchestrator/filters/:id', async (ctx) => {
    const access = await managed(ctx);
    const { id } = await own(ctx, access);
    const input = codedBody(ctx, FilterBody);
    await assertMembersOfAccount(knex, access.accountId, input.members);
    await uniqueOr('NAME_ALREADY_IN_USE', () =>
      knex('orchestrator_filters')
        .where({ id, account_id: access.accountId })
        .update({ ...filterColumns(input), updated_at: knex.fn.now() }),
    );
    await auditAdmin(knex, ctx, access, 'ORCHESTRATOR_FILTER_UPDATED', { filterId: id, ...input });
    if (input.active) await redistribute(access.accountId);
    ctx.body = { filter: await findFilter(knex, access.accountId, id) };
  });

  /** A filter's own switch: activating one checks the activation rule (a user or a group). */
  router.put('/orchestrator/filters/:id/active', async (ctx) => {
    const access = await managed(ctx);
    const filter = await own(ctx, access);
    const { active } = body(ctx, ActiveBody);
    const [refusal] = filterRefusals({ ...filter, active });
    if (refusal) throw new AppError(refusal);
    await knex('orchestrator_filters')
      .where({ id: filter.id, account_id: access.accountId })
      .update({ active, updated_at: knex.fn.now() });
    await auditAdmin(knex, ctx, access, active ? 'ORCHESTRATOR_FILTER_ACTIVATED' : 'ORCHESTRATOR_FILTER_DEACTIVATED', {
      filterId: filter.id,
    });
    if (active) await redistribute(access.accountId);
    ctx.body = { filter: await findFilter(knex, access.accountId, filter.id) };
  });

  router.delete('/orchestrator/filters/:id', async (ctx) => {
    const access = await managed(ctx);
    const { id } = await own(ctx, access);
    await knex('orchestrator_filters').where({ id, account_id: access.accountId }).delete();
    await auditAdmin(knex, ctx, access, 'ORCHESTRATOR_FILTER_DELETED', { filterId: id });
    ctx.status = 204;
  });

  return router;
}
