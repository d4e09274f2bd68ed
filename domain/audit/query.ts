/** The audit viewer's filters (GET /audit, GET /audit/export.csv): ISO instants for the range. */
import { z } from 'zod';
import { IsoInstant } from '../iso-schemas';

export const AuditQuery = z
  .object({
    userId: z.string().uuid().optional(),
    /** An action or its prefix: 'study.' finds every study action, 'laudo.sign' one. */
    action: z.string().trim().min(1).max(100).optional(),
    studyId: z.string().uuid().optional(),
    /** Part of the patient's name or their PatientID. */
    patient: z.string().trim().min(1).max(200).optional(),
    from: IsoInstant.optional(),
    to: IsoInstant.optional(),
    /** Keyset: rows older than this id (the previous page's nextCursor). */
    cursor: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

export interface AuditRow {
  id: string;
  at: string;
  action: string;
  userId: string | null;
  userName: string | null;
  studyId: string | null;
  laudoId: string | null;
  patientName: string | null;
  patientId: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}
