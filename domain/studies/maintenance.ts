/**
 * Study maintenance (issue 16, spec 3 §4 'Other states'): exam status, invalidation and
 * recovery, divergent studies (received → merged → separated) and the history tabs.
 */
import { z } from 'zod';

/** Spec 3 §4: scheduled, in progress, call patient, canceled. */
export const EXAM_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'CALL_PATIENT', 'CANCELED'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

export const ExamStatusBody = z.object({ status: z.enum(EXAM_STATUSES) });

export const INVALIDATION_REASON_MAX = 500;
export const InvalidateBody = z.object({ reason: z.string().trim().max(INVALIDATION_REASON_MAX) });

/** PATIENT: one StudyInstanceUID with two patients; ACCESSION: one patient and accession number in two studies. */
export const DIVERGENCE_KINDS = ['PATIENT', 'ACCESSION'] as const;
export type DivergenceKind = (typeof DIVERGENCE_KINDS)[number];
export const DIVERGENCE_STATUSES = ['RECEIVED', 'MERGED', 'SEPARATED'] as const;
export type DivergenceStatus = (typeof DIVERGENCE_STATUSES)[number];
export type DivergenceAction = 'merge' | 'split';

/**
 * What each action leaves from (decision 022): a received divergence is merged or separated;
 * a merge is undone only by a split; a separation is final.
 */
export function divergenceActionAllowed(status: DivergenceStatus, action: DivergenceAction): boolean {
  if (action === 'merge') return status === 'RECEIVED';
  return status === 'RECEIVED' || status === 'MERGED';
}

/** The word typed to confirm an irreversible action (the dialog shows it; the API checks it). */
export const DIVERGENCE_CONFIRMATION = { merge: 'UNIR', split: 'SEPARAR' } as const;

export const DivergenceActionBody = z.object({ confirmation: z.string() });

export const DivergentListQuery = z.object({ status: z.enum(DIVERGENCE_STATUSES).optional() });

const StudySide = z.object({
  id: z.string(),
  studyInstanceUid: z.string(),
  accessionNumber: z.string().nullable(),
  patientName: z.string(),
  patientId: z.string(),
  examType: z.string().nullable(),
  instanceCount: z.number(),
  seriesCount: z.number(),
});

export const Divergence = z.object({
  id: z.string(),
  kind: z.enum(DIVERGENCE_KINDS),
  status: z.enum(DIVERGENCE_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  study: StudySide,
  /** The second study (ACCESSION, or PATIENT once separated). */
  otherStudy: StudySide.nullable(),
  /** The second patient of a PATIENT divergence. */
  otherPatient: z.object({ name: z.string(), patientId: z.string() }).nullable(),
  allowedActions: z.array(z.enum(['merge', 'split'])),
});
export type Divergence = z.infer<typeof Divergence>;

export const InvalidatedStudy = z.object({
  id: z.string(),
  patientName: z.string(),
  patientId: z.string(),
  accessionNumber: z.string().nullable(),
  examType: z.string().nullable(),
  modalities: z.array(z.string()),
  institutionName: z.string().nullable(),
  invalidatedAt: z.string(),
  invalidatedByName: z.string().nullable(),
  reason: z.string(),
});
export type InvalidatedStudy = z.infer<typeof InvalidatedStudy>;
/** A row of `GET /invalidated-studies`: the study and whether the caller may recover it. */
export const InvalidatedRow = InvalidatedStudy.extend({ mayRecover: z.boolean() });
export type InvalidatedRow = z.infer<typeof InvalidatedRow>;

export const ExamStatusAnswer = z.object({ examStatus: z.enum(EXAM_STATUSES) });
/** Retrieval checks every instance is there and makes the study available again. */
export const RetrieveArchivedAnswer = z.object({ storageClass: z.literal('STANDARD') });

export const HistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  userName: z.string().nullable(),
  studyId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
