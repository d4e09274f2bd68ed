/** The 'Exames em atraso' list (issue 18): the account's open studies past their alert point or deadline. */
import { z } from 'zod';

export const OverdueListQuery = z.object({
  /** overdue: past the deadline; alert: between the alert point and the deadline; all: both. */
  which: z.enum(['all', 'overdue', 'alert']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type OverdueListQuery = z.infer<typeof OverdueListQuery>;

export const OverdueStudy = z.object({
  id: z.string().uuid(),
  patientName: z.string().nullable(),
  patientId: z.string().nullable(),
  examType: z.string().nullable(),
  modalities: z.array(z.string()),
  institutionName: z.string().nullable(),
  routineName: z.string(),
  routineColor: z.string(),
  receivedAt: z.string(),
  deadline: z.string(),
  alertAt: z.string(),
  status: z.enum(['alert', 'overdue']),
  /** Whole minutes past the deadline (0 while only the alert point is passed). */
  minutesLate: z.number().int(),
  laudoState: z.number().int(),
  responsibleName: z.string().nullable(),
});
export type OverdueStudy = z.infer<typeof OverdueStudy>;

export const OverduePage = z.object({ studies: z.array(OverdueStudy), nextCursor: z.string().nullable() });
export type OverduePage = z.infer<typeof OverduePage>;
