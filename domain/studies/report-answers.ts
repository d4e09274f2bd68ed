/**
 * What the report panel reads besides the report itself (api/reports): its versions, its
 * second opinions and the study's server draft.
 */
import { z } from 'zod';

/** Status of a version in the report panel (spec 3 §4: not started, in progress, finished, signed, cancelled). */
export const VERSION_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'FINISHED', 'SIGNED', 'CANCELLED'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** One version of the versions table (spec 1 §2: Version, Modified, Executor, Reviewer, 2nd Opinion, Narration, Status). */
export const VersionEntry = z.object({
  version: z.number().int(),
  updatedAt: z.string(),
  laudo: z.object({ state: z.number().int() }),
  status: z.enum(VERSION_STATUSES),
  justification: z.record(z.string(), z.unknown()).nullable(),
  user: z.object({ name: z.string() }).nullable(),
  userReview: z.object({ name: z.string() }).nullable(),
  doctorNameOpinion: z.string().nullable(),
  laudoAudio: z.object({ userNameAudio: z.string() }).nullable(),
  typistName: z.string().nullable(),
  structuredType: z.string(),
  hasOpinionSignature: z.boolean(),
  /** The server's rule (domain/laudo/version-document.ts): the version's PDF can be downloaded. */
  hasDocument: z.boolean(),
});
export type VersionEntry = z.infer<typeof VersionEntry>;
export const VersionsAnswer = z.object({ versions: z.array(VersionEntry) });

/** One second opinion of the report, newest first. */
export const OpinionEntry = z.object({
  updatedAt: z.string(),
  doctorName: z.string(),
  description: z.string().nullable(),
  requestDescription: z.string().nullable(),
  conclusion: z.string().nullable(),
  /** 0 forwarded and pending, 1 agree, 2 disagree with clinical impact, 3 without. */
  status: z.number().int(),
  /** Once settled: cancelled, accepted or ignored. */
  outcome: z.string().nullable(),
  userId: z.string().uuid(),
  laudoVersion: z.number().int(),
});
export type OpinionEntry = z.infer<typeof OpinionEntry>;
export const OpinionsAnswer = z.object({ opinions: z.array(OpinionEntry) });

/** What a draft save answers (services/reports/drafts.ts): the revision it now holds and who wrote it. */
export const SavedDraft = z.object({ updatedAt: z.string(), revision: z.number().int(), writer: z.string().nullable() });
export type SavedDraft = z.infer<typeof SavedDraft>;
export const SavedDraftAnswer = z.object({ draft: SavedDraft.extend({ studyId: z.string() }) });

/** The study's server draft (spec 1 §3 studyDrafts), or null. */
export const ServerDraft = SavedDraft.extend({
  studyId: z.string(),
  content: z.string().nullable(),
  reviewContent: z.string().nullable(),
  /** The structured form's values as last mirrored (api/structured/values.ts). */
  contentStructuredReport: z.array(z.unknown()).nullable(),
});
export type ServerDraft = z.infer<typeof ServerDraft>;
export const DraftAnswer = z.object({ draft: ServerDraft.nullable() });

/** Who may take the report or give a second opinion (`GET …/doctors`). */
export const DoctorsAnswer = z.object({ doctors: z.array(z.object({ id: z.string().uuid(), name: z.string() })) });
export type Doctor = z.infer<typeof DoctorsAnswer>['doctors'][number];
