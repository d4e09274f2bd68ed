/**
 * Time routines of the current account (issue 16; spec 3 §3 Routine, §5): name, duration and
 * alert time in minutes, importance weight, colour, default and show-remaining-time flags, and
 * the rules (institution / modality / exam) that give an arriving study the routine. There is
 * always exactly one default: it cannot be deleted or made non-default (making another routine
 * the default moves the flag). Managed with ROUTINES_MANAGE; every change audited.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { type RoutineBody, RoutineBody as RoutineSchema } from '../../domain/catalog/schemas';
import { AppError } from '../../domain/errors';
import { type Access, requireManage } from '../access/access';
import { auditAdmin, codedBody, uniqueOr } from '../admin-roles/shared';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';

const list = (knex: Knex, accountId: string) =>
  knex('routines as r')
    .where('r.account_id', accountId)
    .select(
      'r.id',
      'r.name',
      'r.duration_minutes as durationMinutes',
      'r.alert_minutes as alertMinutes',
      'r.weight',
      'r.color',
      'r.is_default as isDefault',
      'r.show_remaining_time as showRemainingTime',
      knex.raw(`coalesce((SELECT json_agg(json_build_object('institutionId', rr.institution_id, 'modality', rr.modality,
        'examId', rr.exam_id) ORDER BY rr.created_at, rr.id) FROM routine_rules rr WHERE rr.routine_id = r.id), '[]'::json) AS rules`),
      knex.raw('(SELECT count(*)::int FROM studies s WHERE s.routine_id = r.id) AS studies'),
    );

const columns = (b: RoutineBody) => ({
  name: b.name,
  duration_minutes: b.durationMinutes,
  alert_minutes: b.alertMinutes,
  weight: b.weight,
  color: b.color.toLowerCase(),
  show_remaining_time: b.showRemainingTime,
});

export function routineRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/routines', requireSession(knex));

  const managed = async (ctx: Context) => {
    const access = await currentAccess(ctx, knex);
    requireManage(access, 'ROUTINES_MANAGE', 'CANNOT_MANAGE_ROUTINES');
    return access;
  };
  const own = async (ctx: Context, access: Access) => {
    const id = uuidParam(ctx, 'id');
    const row = await knex('routines').where({ id, account_id: access.accountId }).first('id', 'is_default');
    if (!row) throw new AppError('NOT_FOUND');
    return { id, isDefault: row.is_default as boolean };
  };

  /** The rules' institutions and exams must be the account's: a foreign id answers 404. */
  const checkRules = async (access: Access, b: RoutineBody) => {
    const institutions = [...new Set(b.rules.flatMap((r) => (r.institutionId ? [r.institutionId] : [])))];
    const exams = [...new Set(b.rules.flatMap((r) => (r.examId ? [r.examId] : [])))];
    const [i, e] = await Promise.all([
      institutions.length
        ? knex('institutions').where({ account_id: access.accountId }).whereIn('id', institutions).count({ n: '*' })
        : [{ n: 0 }],
      exams.length ? knex('exams').where({ account_id: access.accountId }).whereIn('id', exams).count({ n: '*' }) : [{ n: 0 }],
    ]);
    if (Number(i[0]?.n) !== institutions.length || Number(e[0]?.n) !== exams.length) throw new AppError('NOT_FOUND');
  };

  /** Writes the routine's rules and, when it becomes the default, moves the flag to it. */
  const writeRest = async (trx: Knex.Transaction, access: Access, id: string, b: RoutineBody) => {
    await trx('routine_rules').where({ routine_id: id, account_id: access.accountId }).delete();
    if (b.rules.length) {
      await trx('routine_rules').insert(
        b.rules.map((r) => ({
          account_id: access.accountId,
          routine_id: id,
          institution_id: r.institutionId,
          modality: r.modality,
          exam_id: r.examId,
        })),
      );
    }
    if (b.isDefault) {
      await trx('routines')
        .where({ account_id: access.accountId, is_default: true })
        .whereNot({ id })
        .update({ is_default: false });
      await trx('routines').where({ id }).update({ is_default: true });
    }
  };

  router.get('/routines', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { routines: await list(knex, access.accountId).orderBy([{ column: 'r.is_default', order: 'desc' }, 'r.name']) };
  });

  router.post('/routines', async (ctx) => {
    const access = await managed(ctx);
    const b = codedBody(ctx, RoutineSchema);
    await checkRules(access, b);
    const id = await uniqueOr('NAME_ALREADY_IN_USE', () =>
      inTransaction(knex, async (trx) => {
        const [row] = await trx('routines')
          .insert({ account_id: access.accountId, ...columns(b) })
          .returning('id');
        await writeRest(trx, access, row.id as string, b);
        return row.id as string;
      }),
    );
    await auditAdmin(knex, ctx, access, 'ROUTINE_CREATED', { id, ...b });
    ctx.status = 201;
    ctx.body = { routine: await list(knex, access.accountId).where('r.id', id).first() };
  });

  router.put('/routines/:id', async (ctx) => {
    const access = await managed(ctx);
    const { id, isDefault } = await own(ctx, access);
    const b = codedBody(ctx, RoutineSchema);
    if (isDefault && !b.isDefault) throw new AppError('ROUTINE_DEFAULT_REQUIRED');
    await checkRules(access, b);
    await uniqueOr('NAME_ALREADY_IN_USE', () =>
      inTransaction(knex, async (trx) => {
        await trx('routines')
          .where({ id, account_id: access.accountId })
          .update({ ...columns(b), updated_at: trx.fn.now() });
        await writeRest(trx, access, id, b);
      }),
    );
    await auditAdmin(knex, ctx, access, 'ROUTINE_UPDATED', { id, ...b });
    ctx.body = { routine: await list(knex, access.accountId).where('r.id', id).first() };
  });

  /** Its studies go back to the default routine (they keep a deadline). */
  router.delete('/routines/:id', async (ctx) => {
    const access = await managed(ctx);
    const { id, isDefault } = await own(ctx, access);
    if (isDefault) throw new AppError('ROUTINE_DEFAULT_REQUIRED');
    await inTransaction(knex, async (trx) => {
      const fallback = await trx('routines').where({ account_id: access.accountId, is_default: true }).first('id');
      await trx('studies')
        .where({ account_id: access.accountId, routine_id: id })
        .update({ routine_id: fallback?.id ?? null });
      await trx('routines').where({ id, account_id: access.accountId }).delete();
    });
    await auditAdmin(knex, ctx, access, 'ROUTINE_DELETED', { id });
    ctx.status = 204;
  });

  return router;
}
