/**
 * Standard phrases of an account and of each user: search, create, change, delete, expand a
 * code. A user's own phrases are theirs alone (another's are NOT_FOUND); the account's are
 * changed with PHRASES_CREATE_PHRASES_BY_ACCOUNT. A typed code expands to the user's own
 * phrase first, then the account's.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { type CreatePhraseBody, type Phrase, PhraseCode, type UpdatePhraseBody } from '../../domain/workspace/phrases';
import { type Access, isAdministrator } from '../access/access';
import { escapeLike, foldedContains } from './text-search';

interface PhraseRow {
  id: string;
  code: string;
  title: string;
  phrase: string;
  exams: string[];
  modalities: string[];
  user_id: string | null;
  created_at: Date;
}

function present(row: PhraseRow): Phrase {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    phrase: row.phrase,
    exams: row.exams,
    modalities: row.modalities,
    scope: row.user_id ? 'user' : 'account',
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = ['p.id', 'p.code', 'p.title', 'p.phrase', 'p.exams', 'p.modalities', 'p.user_id', 'p.created_at'];
const RETURNING = COLUMNS.map((c) => c.slice(2));

/** PHRASES_CREATE_PHRASES_BY_ACCOUNT in any institution of the account, or an administrator. */
export function canCreatePhrases(access: Access): boolean {
  if (isAdministrator(access)) return true;
  return [...access.institutions.values()].some((set) => set.has('PHRASES_CREATE_PHRASES_BY_ACCOUNT'));
}

/** The phrases the caller sees: the account's and their own. */
function visible(knex: Knex, access: Access) {
  return knex('phrases as p')
    .where('p.account_id', access.accountId)
    .where((w) => void w.whereNull('p.user_id').orWhere('p.user_id', access.userId));
}

/**
 * Phrases whose code or title contains `q` (case and accents ignored): exact code first,
 * then codes starting with it, then by code (the caller's own before the account's).
 */
export async function searchPhrases(
  knex: Knex,
  access: Access,
  opts: { q: string; modality?: string; limit: number; scope?: 'account' | 'user'; offset?: number },
): Promise<Phrase[]> {
  const qb = visible(knex, access);
  const code = opts.q.toUpperCase();
  if (opts.q) {
    qb.where((w) => {
      void w.where('p.code', 'like', `%${escapeLike(code)}%`).orWhereRaw(...foldedContains('p.title', opts.q));
    });
  }
  if (opts.modality) qb.whereRaw('(cardinality(p.modalities) = 0 OR ? = ANY(p.modalities))', [opts.modality]);
  if (opts.scope === 'account') qb.whereNull('p.user_id');
  if (opts.scope === 'user') qb.whereNotNull('p.user_id');
  const rows: PhraseRow[] = await qb
    .orderByRaw('(p.code = ?) desc, (p.code like ?) desc, p.code, (p.user_id IS NULL)', [code, `${escapeLike(code)}%`])
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .select(COLUMNS);
  return rows.map(present);
}

/** The phrase of a code (the editor expands a typed code): the caller's own first. */
export async function findPhraseByCode(knex: Knex, access: Access, rawCode: string): Promise<Phrase | undefined> {
  const parsed = PhraseCode.safeParse(rawCode);
  if (!parsed.success) return undefined;
  const row: PhraseRow | undefined = await visible(knex, access)
    .where('p.code', parsed.data)
    .orderByRaw('(p.user_id IS NULL)')
    .first(COLUMNS);
  return row && present(row);
}

const isCodeConflict = (err: unknown) => {
  const c = (err as { constraint?: string }).constraint;
  return c === 'phrases_account_code_unique' || c === 'phrases_user_code_unique';
};

/** A user's code may not be one the account already uses (it would hide the account's phrase). */
async function refuseAccountCode(knex: Knex, access: Access, code: string, exceptId?: string) {
  const qb = knex('phrases').where({ account_id: access.accountId, code }).whereNull('user_id');
  if (exceptId) void qb.whereNot('id', exceptId);
  if (await qb.first('id')) throw new AppError('PHRASE_CODE_IN_USE');
}

export async function createPhrase(knex: Knex, access: Access, body: z.output<typeof CreatePhraseBody>): Promise<Phrase> {
  const own = body.scope === 'user';
  if (!own && !canCreatePhrases(access)) throw new AppError('FORBIDDEN_ACCESS');
  if (own) await refuseAccountCode(knex, access, body.code);
  try {
    const [row] = await knex('phrases')
      .insert({
        account_id: access.accountId,
        user_id: own ? access.userId : null,
        code: body.code,
        title: body.title,
        phrase: body.phrase,
        exams: body.exams,
        modalities: body.modalities,
        created_by: access.userId,
      })
      .returning(RETURNING);
    return present(row as PhraseRow);
  } catch (err) {
    if (isCodeConflict(err)) throw new AppError('PHRASE_CODE_IN_USE');
    throw err;
  }
}

/** A phrase the caller may change: their own, or the account's with the permission. */
async function changeable(knex: Knex, access: Access, id: string): Promise<PhraseRow> {
  const row: PhraseRow | undefined = await visible(knex, access).where('p.id', id).first(COLUMNS);
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.user_id && !canCreatePhrases(access)) throw new AppError('FORBIDDEN_ACCESS');
  return row;
}

export async function updatePhrase(
  knex: Knex,
  access: Access,
  id: string,
  body: z.output<typeof UpdatePhraseBody>,
): Promise<Phrase> {
  const current = await changeable(knex, access, id);
  if (current.user_id) await refuseAccountCode(knex, access, body.code);
  try {
    const [row] = await knex('phrases')
      .where({ id, account_id: access.accountId })
      .update({
        code: body.code,
        title: body.title,
        phrase: body.phrase,
        exams: body.exams,
        modalities: body.modalities,
        updated_at: knex.fn.now(),
      })
      .returning(RETURNING);
    return present(row as PhraseRow);
  } catch (err) {
    if (isCodeConflict(err)) throw new AppError('PHRASE_CODE_IN_USE');
    throw err;
  }
}

export async function deletePhrase(knex: Knex, access: Access, id: string): Promise<void> {
  await changeable(knex, access, id);
  await knex('phrases').where({ id, account_id: access.accountId }).delete();
}
