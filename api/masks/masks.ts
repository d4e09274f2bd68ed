/**
 * Masks (templates): the chooser's sections of a study, the default mask, and the owner's
 * or administrator's changes. Reading follows the section permissions of spec 2 §6.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import type { Permission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import {
  type AdminMask,
  type CreateMaskBody,
  DEFAULT_MASK_ORDER,
  type Mask,
  type MaskItem,
  type MaskScope,
  MASK_SECTION_PERMISSIONS,
  type MaskListQuery,
  type MaskSections,
  type UpdateMaskBody,
  maskSections,
} from '../../domain/workspace/masks';
import { type Access, actorFor, isAdministrator } from '../access/access';
import { foldedContains, foldedEquals } from '../phrases/text-search';
import type { Exam } from '../studies/study-queries';

interface MaskRow {
  id: string;
  account_id: string;
  scope: MaskScope;
  user_id: string | null;
  institution_id: string | null;
  modality: string;
  exam_type: string | null;
  title: string;
  content: string;
  is_default: boolean;
  updated_at: Date;
}

const ITEM_COLUMNS = ['id', 'scope', 'user_id', 'institution_id', 'modality', 'exam_type', 'title', 'is_default'];

function presentItem(row: Omit<MaskRow, 'content' | 'updated_at' | 'account_id'>): MaskItem {
  return {
    id: row.id,
    title: row.title,
    isDefault: row.is_default,
    scope: row.scope,
    modality: row.modality,
    examType: row.exam_type,
  };
}

function presentMask(row: MaskRow): Mask {
  return {
    ...presentItem(row),
    content: row.content,
    institutionId: row.institution_id,
    userId: row.user_id,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function heldInAny(access: Access, permissions: readonly Permission[]): boolean {
  return [...access.institutions.values()].some((set) => permissions.some((p) => set.has(p)));
}

/** Whether the caller may open a mask (outside of it, the mask does not exist: 404). */
export function canReadMask(access: Access, row: Pick<MaskRow, 'scope' | 'user_id' | 'institution_id'>): boolean {
  if (isAdministrator(access)) return true;
  switch (row.scope) {
    case 'user':
      return row.user_id === access.userId;
    case 'institution':
      return MASK_SECTION_PERMISSIONS.institution.some((p) => access.institutions.get(row.institution_id ?? '')?.has(p));
    case 'modality':
      return heldInAny(access, MASK_SECTION_PERMISSIONS.modality);
    case 'exam':
      return heldInAny(access, MASK_SECTION_PERMISSIONS.exam);
  }
}

/** The owner changes their own masks; the shared sections are the administrators'. */
export function canManageMask(access: Access, row: Pick<MaskRow, 'scope' | 'user_id'>): boolean {
  return isAdministrator(access) || (row.scope === 'user' && row.user_id === access.userId);
}

/** The study's masks the caller may see, of its modalities, per section (query builder). */
function studyMasksQuery(knex: Knex, access: Access, exam: Exam, columns: string[]) {
  const sections = maskSections(actorFor(access, exam.institutionId), exam.institutionId !== null);
  const modalities = exam.modalities.map((m) => m.toUpperCase());
  const qb = knex('masks')
    .where('account_id', access.accountId)
    .whereIn('modality', modalities)
    .where((w) => {
      void w.where({ scope: 'user', user_id: access.userId });
      if (sections.includes('institution')) void w.orWhere({ scope: 'institution', institution_id: exam.institutionId });
      if (sections.includes('modality')) void w.orWhere({ scope: 'modality' });
      if (sections.includes('exam') && exam.examType) {
        void w.orWhere((e) => void e.where({ scope: 'exam' }).whereRaw(...foldedEquals('exam_type', exam.examType ?? '')));
      }
    })
    .select(columns);
  return { sections, qb, modalities };
}

/** The chooser of a study: 'My masks' always, the others behind their permission. */
export async function listStudyMasks(knex: Knex, access: Access, exam: Exam): Promise<MaskSections> {
  const { sections, qb } = studyMasksQuery(knex, access, exam, ITEM_COLUMNS);
  const rows: MaskRow[] = await qb.orderBy([{ column: 'is_default', order: 'desc' }, 'title', 'id']);
  return {
    sections: sections.map((scope) => ({ scope, masks: rows.filter((r) => r.scope === scope).map(presentItem) })),
  };
}

/**
 * The mask the editor loads on start: the user's default for the study's modality, then
 * the exam's, the modality's, the institution's (first modality of the study first).
 */
export async function defaultStudyMask(knex: Knex, access: Access, exam: Exam): Promise<Mask | null> {
  const { qb, modalities } = studyMasksQuery(knex, access, exam, ['*']);
  const rows: MaskRow[] = await qb.where('is_default', true);
  const rank = (r: MaskRow) => DEFAULT_MASK_ORDER.indexOf(r.scope) * 1000 + modalities.indexOf(r.modality);
  const best = rows.sort((a, b) => rank(a) - rank(b))[0];
  return best ? presentMask(best) : null;
}

/** A mask of the account the caller may read; NOT_FOUND or FORBIDDEN_ACCESS otherwise. */
export async function getMask(knex: Knex, access: Access, id: string): Promise<MaskRow> {
  const row: MaskRow | undefined = await knex('masks').where({ id, account_id: access.accountId }).first();
  if (!row) throw new AppError('NOT_FOUND');
  if (!canReadMask(access, row)) {
    // Another user's own mask, or one of an institution the caller does not reach, does not
    // exist for the caller; a shared section the caller reaches without its permission is refused.
    const reached = row.scope === 'institution' ? access.institutions.has(row.institution_id ?? '') : row.scope !== 'user';
    throw new AppError(reached ? 'FORBIDDEN_ACCESS' : 'NOT_FOUND');
  }
  return row;
}

export async function readMask(knex: Knex, access: Access, id: string): Promise<Mask> {
  return presentMask(await getMask(knex, access, id));
}

/** Clears the other default of the mask's section and modality (one default each). */
async function clearOtherDefault(
  trx: Knex.Transaction,
  row: Omit<MaskRow, 'id' | 'content' | 'title' | 'updated_at'>,
  id?: string,
) {
  const qb = trx('masks').where({ account_id: row.account_id, scope: row.scope, modality: row.modality, is_default: true });
  if (id) void qb.whereNot('id', id);
  if (row.scope === 'user') void qb.where('user_id', row.user_id);
  if (row.scope === 'institution') void qb.where('institution_id', row.institution_id);
  if (row.scope === 'exam') void qb.whereRaw('lower(exam_type) = lower(?)', [row.exam_type ?? '']);
  await qb.update({ is_default: false, updated_at: trx.fn.now() });
}

export async function createMask(knex: Knex, access: Access, body: z.output<typeof CreateMaskBody>): Promise<Mask> {
  if (body.scope !== 'user' && !isAdministrator(access)) throw new AppError('FORBIDDEN_ACCESS');
  if (body.scope === 'institution' && !access.institutions.has(body.institutionId ?? '')) throw new AppError('NOT_FOUND');
  const row = {
    account_id: access.accountId,
    scope: body.scope,
    user_id: body.scope === 'user' ? access.userId : null,
    institution_id: body.scope === 'institution' ? (body.institutionId ?? null) : null,
    exam_type: body.scope === 'exam' ? (body.examType ?? null) : null,
    modality: body.modality,
    title: body.title,
    content: body.content,
    is_default: body.isDefault,
    created_by: access.userId,
  };
  const created = await inTransaction(knex, async (trx) => {
    if (row.is_default) await clearOtherDefault(trx, row);
    const [inserted] = await trx('masks').insert(row).returning('*');
    return inserted as MaskRow;
  });
  return presentMask(created);
}

export async function updateMask(knex: Knex, access: Access, id: string, body: z.output<typeof UpdateMaskBody>): Promise<Mask> {
  const current = await getMask(knex, access, id);
  if (!canManageMask(access, current)) throw new AppError('FORBIDDEN_ACCESS');
  if (current.scope === 'exam' && body.examType !== undefined && !body.examType) throw new AppError('MASK_EXAM_REQUIRED');
  const changes = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.modality !== undefined ? { modality: body.modality } : {}),
    ...(body.content !== undefined ? { content: body.content } : {}),
    ...(body.examType !== undefined && current.scope === 'exam' ? { exam_type: body.examType } : {}),
    ...(body.isDefault !== undefined ? { is_default: body.isDefault } : {}),
  };
  const next = { ...current, ...changes };
  const updated = await inTransaction(knex, async (trx) => {
    if (next.is_default) await clearOtherDefault(trx, next, id);
    const [row] = await trx('masks')
      .where({ id, account_id: access.accountId })
      .update({ ...changes, updated_at: trx.fn.now() })
      .returning('*');
    return row as MaskRow;
  });
  return presentMask(updated);
}

export async function deleteMask(knex: Knex, access: Access, id: string): Promise<void> {
  const current = await getMask(knex, access, id);
  if (!canManageMask(access, current)) throw new AppError('FORBIDDEN_ACCESS');
  await knex('masks').where({ id, account_id: access.accountId }).delete();
}

/**
 * The masks administration's list: an administrator sees every mask of the account (every
 * user's own too), anyone else their own; filtered by section, modality, exam, institution
 * and title. Institution masks of an institution the caller does not reach are left out.
 */
export async function listMasks(knex: Knex, access: Access, f: MaskListQuery): Promise<AdminMask[]> {
  const qb = knex('masks as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.account_id', access.accountId)
    .where((w) => void w.whereNull('m.institution_id').orWhereIn('m.institution_id', [...access.institutions.keys()]));
  if (!isAdministrator(access)) void qb.where({ 'm.scope': 'user', 'm.user_id': access.userId });
  if (f.scope) void qb.where('m.scope', f.scope);
  if (f.modality) void qb.where('m.modality', f.modality);
  if (f.institutionId) void qb.where('m.institution_id', f.institutionId);
  if (f.examType) void qb.whereRaw(...foldedEquals('m.exam_type', f.examType));
  if (f.q) void qb.whereRaw(...foldedContains('m.title', f.q));
  const rows: (MaskRow & { user_name: string | null })[] = await qb
    .orderBy(['m.modality', { column: 'm.is_default', order: 'desc' }, 'm.title', 'm.id'])
    .limit(500)
    .select('m.*', 'u.name as user_name');
  return rows.map((r) => ({ ...presentMask(r), userName: r.user_name }));
}
