import { z } from 'zod';
import { examPath } from '../../lib/exam-path';
import { ExamDetailResponse, ReportContent, ReportView } from '../../../../domain/studies/schemas';
import { apiRequest } from '../../lib/api';
import { toApiError } from '../../lib/errors';
import { maskContentOf, parseMaskSections, type MaskSections } from './editor/masks';
import { parsePhraseList, type Phrase } from './editor/phrases';

/** A study, or a scheduled exam of the worklist (no institution, `scheduledAt`), with its report. */
export type StudyDetail = ExamDetailResponse['study'];

/** GET /api/studies/{id} (or /scheduledExam/{id}) — the exam with its report and the caller's allowedActions. */
export async function fetchStudyDetail(studyId: string, signal?: AbortSignal): Promise<StudyDetail> {
  const answer = await apiRequest(examPath(studyId), { schema: ExamDetailResponse, signal });
  return answer.study;
}

const StartReportAnswer = z.object({ report: ReportView });

/** POST /api/studies/{id}/reports/start with an Idempotency-Key. */
export async function startReport(studyId: string, idempotencyKey: string): Promise<ReportView> {
  const answer = await apiRequest(`${examPath(studyId)}/reports/start`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: StartReportAnswer,
  });
  return answer.report;
}

// ---------------------------------------------------------------------------------------
// The editor's calls.

const ReportAnswer = z.object({ report: ReportView });

/** One report action with its Idempotency-Key; answers the report with its allowedActions. */
export async function postReportAction(
  studyId: string,
  call: { method: 'POST' | 'PUT'; path: string },
  body: unknown,
  idempotencyKey: string,
): Promise<ReportView> {
  const answer = await apiRequest(`${examPath(studyId)}/${call.path}`, {
    method: call.method,
    body: body ?? {},
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ReportAnswer,
  });
  return answer.report;
}

export { ReportContent };

export function fetchReportContent(studyId: string, signal?: AbortSignal): Promise<ReportContent> {
  return apiRequest(`${examPath(studyId)}/reports/content`, { schema: ReportContent, signal });
}

const DraftAnswer = z.object({
  draft: z
    .object({
      content: z.string().nullable().optional(),
      reviewContent: z.string().nullable().optional(),
      updatedAt: z.string(),
      revision: z.number().int().default(0),
      writer: z.string().nullable().default(null),
    })
    .passthrough()
    .nullable(),
});
export type ServerDraft = z.infer<typeof DraftAnswer>['draft'];

export async function fetchDraft(studyId: string, signal?: AbortSignal): Promise<ServerDraft> {
  return (await apiRequest(`${examPath(studyId)}/drafts`, { schema: DraftAnswer, signal })).draft;
}

const SavedDraftAnswer = z.object({ draft: z.object({ revision: z.number().int() }).passthrough() });

/**
 * PUT /studies/{id}/drafts: `content`, or `reviewContent` for the reviewer in state 12,
 * typed on `revision` by `writer`; resolves with the new revision (DRAFT_CONFLICT: another
 * tab saved first).
 */
export async function putDraft(
  studyId: string,
  field: 'content' | 'reviewContent',
  content: string,
  revision: number,
  writer: string,
): Promise<number> {
  const answer = await apiRequest(`${examPath(studyId)}/drafts`, {
    method: 'PUT',
    body: { [field]: content, revision, writer },
    schema: SavedDraftAnswer,
  });
  return answer.draft.revision;
}

export const VersionEntry = z
  .object({
    version: z.number().int(),
    updatedAt: z.string(),
    status: z.string(),
    justification: z.record(z.string(), z.unknown()).nullable().optional(),
    user: z.object({ name: z.string() }).nullable().optional(),
    userReview: z.object({ name: z.string() }).nullable().optional(),
    doctorNameOpinion: z.string().nullable().optional(),
    laudoAudio: z.object({ userNameAudio: z.string() }).nullable().optional(),
    /** The server's rule (domain/laudo/version-document.ts): the version's PDF can be downloaded. */
    hasDocument: z.boolean().default(false),
  })
  .passthrough();
export type VersionEntry = z.infer<typeof VersionEntry>;

export async function fetchVersions(studyId: string, signal?: AbortSignal): Promise<VersionEntry[]> {
  const answer = await apiRequest(`${examPath(studyId)}/reports`, {
    schema: z.object({ versions: z.array(VersionEntry) }),
    signal,
  });
  return answer.versions;
}

export const OpinionEntry = z
  .object({
    updatedAt: z.string(),
    doctorName: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    requestDescription: z.string().nullable().optional(),
    conclusion: z.string().nullable().optional(),
    status: z.number().nullable().optional(),
    laudoVersion: z.number().nullable().optional(),
  })
  .passthrough();
export type OpinionEntry = z.infer<typeof OpinionEntry>;

export async function fetchOpinions(studyId: string, signal?: AbortSignal): Promise<OpinionEntry[]> {
  const answer = await apiRequest(`${examPath(studyId)}/reports-opinion`, {
    schema: z.object({ opinions: z.array(OpinionEntry) }),
    signal,
  });
  return answer.opinions;
}

/** A call to an endpoint still being built: null when the server answers 404 (not there yet). */
async function optional<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (toApiError(err).status === 404) return null;
    throw err;
  }
}

/** GET /phrases/accounts/{accountId}?q= — null while the endpoint does not exist. */
export function fetchPhrases(accountId: string, q: string, signal?: AbortSignal): Promise<Phrase[] | null> {
  // The picker shows at most 5 (spec 2 §9).
  const query = `?limit=5${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  return optional(async () =>
    parsePhraseList(await apiRequest(`/phrases/accounts/${encodeURIComponent(accountId)}${query}`, { signal })),
  );
}

export async function createPhrase(accountId: string, body: { code: string; title: string; phrase: string }): Promise<void> {
  await apiRequest(`/phrases/accounts/${encodeURIComponent(accountId)}`, { method: 'POST', body });
}

export function fetchMaskSections(studyId: string, signal?: AbortSignal): Promise<MaskSections | null> {
  return optional(async () => parseMaskSections(await apiRequest(`${examPath(studyId)}/masks`, { signal })));
}

/** POST /masks: a personal mask ('My masks') from the current text. */
export async function createMask(body: { title: string; modality: string; content: string; isDefault: boolean }): Promise<void> {
  await apiRequest('/masks', { method: 'POST', body: { ...body, scope: 'user' } });
}

export async function fetchMaskContent(maskId: string): Promise<string> {
  return maskContentOf(await apiRequest(`/masks/${encodeURIComponent(maskId)}`)) ?? '';
}

/** The study's default mask (loaded when a report starts empty), or null. */
export async function fetchDefaultMask(studyId: string): Promise<string | null> {
  const json = await optional(() => apiRequest(`${examPath(studyId)}/masks/default`));
  return json === null ? null : maskContentOf(json);
}

export interface Doctor {
  id: string;
  name: string;
}

/** Who may take the report (`changeDoctor`) or give a second opinion (`opinion`) on this study. */
export type DoctorPurpose = 'changeDoctor' | 'opinion';

const DoctorsAnswer = z.object({ doctors: z.array(z.object({ id: z.string(), name: z.string() })) });

export async function fetchDoctors(studyId: string, purpose: DoctorPurpose, signal?: AbortSignal): Promise<Doctor[]> {
  const json = await apiRequest(`${examPath(studyId)}/doctors?purpose=${purpose}`, { signal });
  return DoctorsAnswer.parse(json).doctors;
}

/** POST /errorTracker; never fails the caller. */
export async function trackError(body: { subType: string; user: string; content: string }): Promise<void> {
  try {
    await apiRequest('/errorTracker', { method: 'POST', body });
  } catch {
    // the tracker being down must not add a second error
  }
}

/** POST /studies/{id}/narratedReport with the audio (audio/mpeg). */
export async function uploadNarration(studyId: string, audio: Blob, idempotencyKey: string): Promise<ReportView> {
  const answer = await apiRequest(`${examPath(studyId)}/narratedReport`, {
    method: 'POST',
    rawBody: audio,
    headers: { 'Content-Type': 'audio/mpeg', 'Idempotency-Key': idempotencyKey },
    schema: ReportAnswer,
  });
  return answer.report;
}
