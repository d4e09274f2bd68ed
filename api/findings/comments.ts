/**
 * Study comments (spec 2 §3, §7): listed oldest first with who has read each one; posting
 * needs STUDIES_CREATE_COMMENTS (WORKLIST_CREATE_COMMENTS for an exam without institution).
 */
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { hasPermission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import type { StudyComment } from '../../domain/findings/comments';
import { type Access, actorFor } from '../access/access';
import { audit } from '../access/audit';
import type { Exam } from '../studies/study-queries';

interface CommentRow {
  id: string;
  study_id: string;
  user_id: string;
  comment: string;
  created_at: Date;
  name: string;
  username: string;
  read_by: string[];
}

export async function listComments(knex: Knex, access: Access, exam: Exam, ip: string): Promise<StudyComment[]> {
  const rows: CommentRow[] = await knex('study_comments as c')
    .join('users as u', 'u.id', 'c.user_id')
    .where({ 'c.account_id': access.accountId, 'c.study_id': exam.id })
    .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }])
    .select(
      'c.id',
      'c.study_id',
      'c.user_id',
      'c.comment',
      'c.created_at',
      'u.name',
      'u.username',
      knex.raw(`coalesce((SELECT array_agg(r.user_id) FROM study_comment_reads r WHERE r.comment_id = c.id), '{}') AS read_by`),
    );
  await audit(knex, access, 'study.comments.read', exam.id, ip);
  return rows.map((r) => ({
    id: r.id,
    studyId: r.study_id,
    institutionId: exam.institutionId,
    userId: r.user_id,
    userFullname: r.name,
    username: r.username,
    userAvatar: null,
    createdAt: new Date(r.created_at).toISOString(),
    comment: r.comment,
    readBy: Object.fromEntries(r.read_by.map((id) => [id, true as const])),
  }));
}

export async function postComment(knex: Knex, access: Access, exam: Exam, message: string, ip: string): Promise<void> {
  const actor = actorFor(access, exam.institutionId);
  const permission = exam.institutionId === null ? 'WORKLIST_CREATE_COMMENTS' : 'STUDIES_CREATE_COMMENTS';
  if (!hasPermission(actor, permission)) throw new AppError('COMMENT_FORBIDDEN');
  await inTransaction(knex, async (trx) => {
    const [row] = await trx('study_comments')
      .insert({ account_id: access.accountId, study_id: exam.id, user_id: access.userId, comment: message })
      .returning('id');
    // The author has read their own comment.
    await trx('study_comment_reads').insert({ comment_id: row.id, user_id: access.userId });
    await audit(trx, access, 'study.comment.create', exam.id, ip, { commentId: row.id });
  });
}

/** Marks every comment of the study read by the caller. */
export async function markCommentsRead(knex: Knex, access: Access, exam: Exam): Promise<void> {
  await knex.raw(
    `INSERT INTO study_comment_reads (comment_id, user_id)
     SELECT c.id, ? FROM study_comments c WHERE c.account_id = ? AND c.study_id = ?
     ON CONFLICT DO NOTHING`,
    [access.userId, access.accountId, exam.id],
  );
}
