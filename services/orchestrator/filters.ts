/**
 * The orchestrator's filters and pause flag as stored (migration 20261128030000): read by the
 * admin routes and by the distribution activity, written by the routes.
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import type { FilterBody, FilterMember } from '../../domain/orchestrator/filters';
import { AppError } from '../../domain/errors';

export interface StoredFilter extends FilterBody {
  id: string;
  position: number;
}

interface FilterRow {
  id: string;
  name: string;
  position: number;
  modalities: string[];
  members: FilterMember[];
  seniority: boolean;
  limit_per_doctor: number | null;
  active: boolean;
}

const present = (r: FilterRow): StoredFilter => ({
  id: r.id,
  name: r.name,
  position: r.position,
  modalities: r.modalities,
  members: r.members,
  seniority: r.seniority,
  limitPerDoctor: r.limit_per_doctor,
  active: r.active,
});

/** The account's filters in their order (the first with a study's modality takes it). */
export async function listFilters(knex: Knex, accountId: string, opts: { activeOnly?: boolean } = {}): Promise<StoredFilter[]> {
  const rows: FilterRow[] = await knex('orchestrator_filters')
    .where({ account_id: accountId })
    .modify((q) => {
      if (opts.activeOnly) void q.where({ active: true });
    })
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select('id', 'name', 'position', 'modalities', 'members', 'seniority', 'limit_per_doctor', 'active');
  return rows.map(present);
}

export async function findFilter(knex: Knex, accountId: string, id: string): Promise<StoredFilter | null> {
  const row: FilterRow | undefined = await knex('orchestrator_filters')
    .where({ account_id: accountId, id })
    .first('id', 'name', 'position', 'modalities', 'members', 'seniority', 'limit_per_doctor', 'active');
  return row ? present(row) : null;
}

export async function isPaused(knex: Knex, accountId: string): Promise<boolean> {
  const row = await knex('orchestrator_accounts').where({ account_id: accountId }).first('paused');
  return Boolean(row?.paused);
}

export async function setPaused(knex: Knex, accountId: string, paused: boolean): Promise<void> {
  await knex('orchestrator_accounts')
    .insert({ account_id: accountId, paused, updated_at: knex.fn.now() })
    .onConflict('account_id')
    .merge(['paused', 'updated_at']);
}

/**
 * Puts the account's filters in the given order (positions 1…n), in one transaction; the ids
 * must be exactly the account's filters, else ORCHESTRATOR_ORDER_MISMATCH and nothing moves.
 */
export async function setFilterOrder(knex: Knex, accountId: string, ids: readonly string[]): Promise<void> {
  await inTransaction(knex, async (trx) => {
    // Locked, so a filter created meanwhile cannot be left out of the order.
    const rows: { id: string }[] = await trx('orchestrator_filters').where({ account_id: accountId }).forUpdate().select('id');
    const own = new Set(rows.map((r) => r.id));
    if (rows.length !== ids.length || ids.some((id) => !own.has(id))) throw new AppError('ORCHESTRATOR_ORDER_MISMATCH');
    for (const [i, id] of ids.entries())
      await trx('orchestrator_filters').where({ id, account_id: accountId }).update({ position: i + 1, updated_at: trx.fn.now() });
  });
}

/** Members must be the account's users and medical groups: any other id answers NOT_FOUND. */
export async function assertMembersOfAccount(knex: Knex, accountId: string, members: readonly FilterMember[]): Promise<void> {
  const users = [...new Set(members.filter((m) => m.kind === 'user').map((m) => m.id))];
  const groups = [...new Set(members.filter((m) => m.kind === 'group').map((m) => m.id))];
  const [u] = users.length
    ? await knex('user_accounts').where({ account_id: accountId }).whereIn('user_id', users).countDistinct({ n: 'user_id' })
    : [{ n: 0 }];
  const [g] = groups.length
    ? await knex('medical_groups').where({ account_id: accountId }).whereIn('id', groups).count({ n: '*' })
    : [{ n: 0 }];
  if (Number(u?.n) !== users.length || Number(g?.n) !== groups.length) throw new AppError('NOT_FOUND');
}

export const filterColumns = (f: FilterBody) => ({
  name: f.name,
  modalities: f.modalities,
  members: JSON.stringify(f.members),
  seniority: f.seniority,
  limit_per_doctor: f.limitPerDoctor,
  active: f.active,
});
