/** Study comments (spec 2 §3, §5, §7): at most 250 characters, read marks per user. */
import { z } from 'zod';

export const COMMENT_MAX = 250;

export const PostCommentBody = z
  .object({
    studyId: z.string().uuid(),
    message: z
      .string({ error: 'COMMENT_EMPTY' })
      .trim()
      .min(1, { error: 'COMMENT_EMPTY' })
      .max(COMMENT_MAX, { error: 'COMMENT_TOO_LONG' }),
    accessionNumber: z.string().max(64).nullable().optional(),
    accountId: z.string().uuid().optional(),
  })
  .strict();
export type PostCommentBody = z.input<typeof PostCommentBody>;

export const CommentsQuery = z.object({
  studyId: z.string().uuid(),
  accessionNumber: z.string().max(64).optional(),
  accountId: z.string().uuid().optional(),
});

export const StudyComment = z.object({
  id: z.string().uuid(),
  studyId: z.string().uuid(),
  institutionId: z.string().uuid().nullable(),
  userId: z.string().uuid(),
  userFullname: z.string(),
  username: z.string(),
  userAvatar: z.string().nullable(),
  createdAt: z.string(),
  comment: z.string(),
  /** User id → true for each user who has read it. */
  readBy: z.record(z.string(), z.literal(true)),
});
export type StudyComment = z.infer<typeof StudyComment>;

/** Characters left before the limit (negative past it: the warning shows). */
export function commentRemaining(text: string): number {
  return COMMENT_MAX - text.trim().length;
}
