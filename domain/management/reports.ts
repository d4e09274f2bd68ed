/**
 * Management reports (issue 18, spec 3 §2 'Medical productivity', 'Management report',
 * 'Canceled exams report'): a period of calendar days in America/Sao_Paulo, optionally one
 * institution. The management report is limited to 30 days (spec 3 §5, §9).
 */
import { z } from 'zod';
import { LaudoState } from '../laudo/states';

/**
 * A doctor's report is done once concluded (2) or digitally signed (3); `laudos.finished_at` is
 * when it first got there (2 → 3 keeps it). Auto-concluded (20) and external (21) reports are
 * nobody's reading work and are not counted.
 */
export const REPORTED_LAUDO_STATES: readonly number[] = [LaudoState.CONCLUDED, LaudoState.SIGNED];

export const MANAGEMENT_REPORT_MAX_DAYS = 30;

const DAY = 86_400_000;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v));

export const ManagementPeriod = z
  .object({
    from: isoDay,
    to: isoDay,
    institutionId: z.string().uuid().optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to' });
export type ManagementPeriod = z.infer<typeof ManagementPeriod>;

/** Calendar days the period covers, both ends included. */
export function periodDays(p: Pick<ManagementPeriod, 'from' | 'to'>): number {
  return Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY) + 1;
}

/** Turnaround in minutes, arrival to finished report. */
const Turnaround = z.object({ p50: z.number().nullable(), p90: z.number().nullable() });

export const ProductivityRow = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  /** Reports concluded or signed in the period, and of them digitally signed now. */
  reports: z.number().int(),
  signed: z.number().int(),
  /** Sum of the routines' importance weights (a study without a routine weighs 1). */
  weight: z.number(),
  turnaround: Turnaround,
  byExam: z.array(z.object({ modality: z.string(), examType: z.string(), reports: z.number().int() })),
});
export type ProductivityRow = z.infer<typeof ProductivityRow>;

export const ProductivityReport = z.object({ period: ManagementPeriod, doctors: z.array(ProductivityRow) });
export type ProductivityReport = z.infer<typeof ProductivityReport>;

export const ManagementSummary = z.object({
  period: ManagementPeriod,
  received: z.number().int(),
  finished: z.number().int(),
  canceled: z.number().int(),
  turnaround: Turnaround.extend({ p99: z.number().nullable() }),
  /** Finished reports with a routine, and how many of them after their deadline. */
  withRoutine: z.number().int(),
  finishedLate: z.number().int(),
  /** finishedLate / withRoutine, null when no report had a routine. */
  overdueRate: z.number().nullable(),
  /** Open studies past their deadline now. */
  openOverdue: z.number().int(),
  /** Per calendar day: studies received and reports finished. */
  days: z.array(z.object({ day: z.string(), received: z.number().int(), finished: z.number().int() })),
  byModality: z.array(z.object({ modality: z.string(), received: z.number().int(), finished: z.number().int() })),
});
export type ManagementSummary = z.infer<typeof ManagementSummary>;

export const CanceledExam = z.object({
  id: z.string().uuid(),
  patientName: z.string().nullable(),
  patientId: z.string().nullable(),
  examType: z.string().nullable(),
  modalities: z.array(z.string()),
  institutionName: z.string().nullable(),
  receivedAt: z.string(),
  canceledAt: z.string().nullable(),
  canceledBy: z.string().nullable(),
});
export type CanceledExam = z.infer<typeof CanceledExam>;

export const CanceledExamsReport = z.object({ period: ManagementPeriod, exams: z.array(CanceledExam) });
export type CanceledExamsReport = z.infer<typeof CanceledExamsReport>;
