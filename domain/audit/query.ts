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

/** A row of the audit viewer (GET /audit) and of its CSV. */
export const AuditRow = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  studyId: z.string().nullable(),
  laudoId: z.string().nullable(),
  patientName: z.string().nullable(),
  patientId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.output<typeof AuditRow>;
export const AuditPage = z.object({ rows: z.array(AuditRow), nextCursor: z.string().nullable() });
export type AuditPage = z.output<typeof AuditPage>;

/** The account's people, for the viewer's user filter (GET /audit/users). */
export const AuditUser = z.object({ id: z.string(), name: z.string(), username: z.string() });
export type AuditUser = z.output<typeof AuditUser>;
export const AuditUsers = z.object({ users: z.array(AuditUser) });

/** The first link of the hash chain that does not hold (services/audit/chain.ts). */
export const BrokenLink = z.object({
  id: z.string(),
  field: z.enum(['prev_hash', 'hash', 'head']),
  expected: z.string(),
  found: z.string(),
});
export type BrokenLink = z.output<typeof BrokenLink>;
/** GET /audit/verify: whether the chain holds, over how many rows. */
export const ChainReport = z.discriminatedUnion('intact', [
  z.object({ intact: z.literal(true), rows: z.number() }),
  z.object({ intact: z.literal(false), rows: z.number(), broken: BrokenLink }),
]);
export type ChainReport = z.output<typeof ChainReport>;
