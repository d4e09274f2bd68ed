import { z } from 'zod';

/**
 * The live study document (spec 1 §3), published retained on the study's topic after every
 * transition. `seq` is the workflow's transition number: clients drop anything older than
 * what they hold.
 */
export const LiveStudyDocument = z.object({
  studyId: z.string().uuid(),
  laudoId: z.string().uuid(),
  accountId: z.string().uuid(),
  /** null for a scheduled exam (its topic says `none`). */
  institutionId: z.string().uuid().nullable(),
  laudoState: z.number().int(),
  laudoUserId: z.string().uuid().nullable(),
  doctorName: z.string().nullable(),
  laudoReviewUserId: z.string().uuid().nullable(),
  structuredType: z.enum(['OIT', 'SISMAMA', '']),
  narratedReport: z.boolean(),
  /** The suspicion's or finding's status as the spec names it ('Suspeita criada', …). */
  statusFinding: z.string().nullable(),
  /** The same status as a stable code (domain/findings/critical-findings.ts). */
  findingStatus: z.enum(['SUSPICION_CREATED', 'SUSPICION_ACCEPTED', 'FINDING_CREATED']).nullable().optional(),
  levelAndNameCriticalFinding: z.string().nullable(),
  /** How many comments the study has (the list's comment badge). */
  commentCount: z.number().int().optional(),
  /** Who wrote the newest comment: their own comment is not unread for them. */
  lastCommentUserId: z.string().uuid().nullable().optional(),
  /**
   * The report's domain snapshot (domain/laudo/snapshot.ts): a client computes its own
   * allowedActions from it with the same domain code the server uses.
   */
  report: z.record(z.string(), z.unknown()).nullable().optional(),
  seq: z.number().int(),
  updatedAt: z.string(),
  /** The study draft's revision and the editor (browser tab) that wrote it (issue 23). */
  draftRevision: z.number().int().optional(),
  draftWriter: z.string().nullable().optional(),
  /** When the study header was last edited: a client holding an older header refetches it. */
  headerUpdatedAt: z.string().nullable().optional(),
  /** When the study's images last settled (ingest) or it came back into the lists (recovered, split, duplicated): a list shows a study new to it. */
  arrivedAt: z.string().optional(),
  /** The exam status (issue 16): SCHEDULED, IN_PROGRESS, CALL_PATIENT, CANCELED, or none. */
  examStatus: z.string().nullable().optional(),
  /** Invalidated or merged into another study: lists drop it. */
  unlisted: z.boolean().optional(),
});
export type LiveStudyDocument = z.infer<typeof LiveStudyDocument>;

/** What orders two documents of one study. */
export type LiveOrder = Pick<LiveStudyDocument, 'laudoId' | 'seq' | 'updatedAt'>;

/**
 * Is `doc` at least as new as `prev` (same study)? Within one report the transition number
 * decides; a study that moved to another report (association, disassociation) is ordered by
 * time, since each report counts its own transitions. Equal is newer: a retained re-delivery
 * is harmless.
 */
export function isNotOlder(doc: LiveOrder, prev: LiveOrder | undefined): boolean {
  if (!prev) return true;
  if (doc.laudoId === prev.laudoId) return doc.seq >= prev.seq;
  return doc.updatedAt >= prev.updatedAt;
}

const ROOT = 'laudos/accounts';

/** The institution segment of an exam without institution (scheduled exams). */
export const NO_INSTITUTION = 'none';

/** Topic of one study's live document. */
export function studyTopic(accountId: string, institutionId: string | null, studyId: string): string {
  return `${ROOT}/${accountId}/institutions/${institutionId ?? NO_INSTITUTION}/studies/${studyId}`;
}

/** Topic filter for every study of one institution (the study list subscribes to these). */
export function institutionStudiesFilter(accountId: string, institutionId: string | null): string {
  return `${ROOT}/${accountId}/institutions/${institutionId ?? NO_INSTITUTION}/studies/+`;
}

/** Parses a study topic or filter; null when it is not of that shape. */
export function parseStudyTopic(topic: string): { accountId: string; institutionId: string; studyId: string } | null {
  const m = /^laudos\/accounts\/([^/+#]+)\/institutions\/([^/+#]+)\/studies\/([^/#]+)$/.exec(topic);
  return m ? { accountId: m[1]!, institutionId: m[2]!, studyId: m[3]! } : null;
}
