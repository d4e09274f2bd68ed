/**
 * Changing the routine of one study (issue 16: 'it can be changed on the study'), with
 * STUDIES_CHANGE_ROUTINE in the study's institution; audited on the study.
 */
import Router from '@koa/router';
import { hasPermission } from '../../domain/auth/permissions';
import { StudyRoutineBody } from '../../domain/catalog/schemas';
import { AppError } from '../../domain/errors';
import { actorFor } from '../access/access';
import { audit } from '../access/audit';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, uuidParam } from '../http/validate';
import { findStudy } from '../studies/study-queries';

export function studyRoutineRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();

  router.put('/studies/:id/routine', requireSession(knex), async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const study = await findStudy(knex, access, uuidParam(ctx, 'id'));
    if (!study) throw new AppError('NOT_FOUND');
    if (!hasPermission(actorFor(access, study.institutionId), 'STUDIES_CHANGE_ROUTINE') && !access.isAccountAdmin) {
      throw new AppError('CANNOT_MANAGE_STUDY');
    }
    const { routineId } = body(ctx, StudyRoutineBody);
    const routine = await knex('routines').where({ id: routineId, account_id: access.accountId }).first('id', 'name');
    if (!routine) throw new AppError('NOT_FOUND');
    await knex('studies')
      .where({ id: study.id, account_id: access.accountId })
      .update({ routine_id: routineId, updated_at: knex.fn.now() });
    await audit(knex, access, 'study.routine', study.id, ctx.ip, { routineId, routineName: routine.name });
    ctx.body = { study: await findStudy(knex, access, study.id) };
  });

  return router;
}
