/** Standard phrases of an account: search, create, expand a code. */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { type CreatePhraseBody, type Phrase, PhraseCode } from '../../domain/workspace/phrases';
import type { z } from 'zod';
import { type Access, isAdministrator } from '../access/access';
import { escapeLike, foldedContains } from './text-search';

interface PhraseRow {
  id: string;
  code: string;
  title: string;
  phrase: string;
  exams: string[];
  modalities: string[];
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
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = ['p.id', 'p.code', 'p.title', 'p.phrase', 'p.exams', 'p.modalities', 'p.created_at'];

/** PHRASES_CREATE_PHRASES_BY_ACCOUNT in any institution of the account, or an administrator. */
export function canCreatePhrases(access: Access): boolean {
  if (isAdministrator(access)) return true;
  return [...access.institutions.values()].some((set) => set.has('PHRASES_CREATE_PHRASES_BY_ACCOUNT'));
}

/**
 * Phrases whose code or title contains `q` (case and accents ignored): exact code first,
 * then codes starting with it, then by code.
 */
export async function searchPhrases(
  knex: Knex,
  access: Access,
  opts: { q: string; modality?: string; limit: number },
): Promise<Phrase[]> {
  const qb = knex('phrases as p').where('p.account_id', access.accountId);
  const code = opts.q.toUpperCase();
  if (opts.q) {
    qb.where((w) => {
      void w.where('p.code', 'like', `%${escapeLike(code)}%`).orWhereRaw(...foldedContains('p.title', opts.q));
    });
  }
  if (opts.modality) qb.whereRaw('(cardinality(p.modalities) = 0 OR ? = ANY(p.modalities))', [opts.modality]);
  const rows: PhraseRow[] = await qb
    .orderByRaw('(p.code = ?) desc, (p.code like ?) desc, p.code', [code, `${escapeLike(code)}%`])
    .limit(opts.limit)
    .select(COLUMNS);
  return rows.map(present);
}

/** The phrase of a code (the editor expands a typed code), or undefined. */
export async function findPhraseByCode(knex: Knex, access: Access, rawCode: string): Promise<Phrase | undefined> {
  const parsed = PhraseCode.safeParse(rawCode);
  if (!parsed.success) return undefined;
  const row: PhraseRow | undefined = await knex('phrases as p')
    .where({ 'p.account_id': access.accountId, 'p.code': parsed.data })
    .first(COLUMNS);
  return row && present(row);
}

export async function createPhrase(knex: Knex, access: Access, body: z.output<typeof CreatePhraseBody>): Promise<Phrase> {
  if (!canCreatePhrases(access)) throw new AppError('FORBIDDEN_ACCESS');
  try {
    const [row] = await knex('phrases')
      .insert({
        account_id: access.accountId,
        code: body.code,
        title: body.title,
        phrase: body.phrase,
        exams: body.exams,
        modalities: body.modalities,
        created_by: access.userId,
      })
      .returning(['id', 'code', 'title', 'phrase', 'exams', 'modalities', 'created_at']);
    return present(row as PhraseRow);
  } catch (err) {
    if ((err as { code?: string; constraint?: string }).constraint === 'phrases_account_code_unique') {
      throw new AppError('PHRASE_CODE_IN_USE');
    }
    throw err;
  }
}
