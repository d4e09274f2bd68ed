import { examPath } from '../../lib/exam-path';
import { ExamDetailResponse, ReportAnswer, ReportContent, type ReportView } from '../../../../domain/studies/schemas';
import {
  type Doctor,
  DoctorsAnswer,
  DraftAnswer,
  OpinionEntry,
  OpinionsAnswer,
  SavedDraftAnswer,
  type ServerDraft,
  VersionEntry,
  VersionsAnswer,
} from '../../../../domain/studies/report-answers';
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

/** POST /api/studies/{id}/reports/start with an Idempotency-Key. */
export async function startReport(studyId: string, idempotencyKey: string): Promise<ReportView> {
  const answer = await apiRequest(`${examPath(studyId)}/reports/start`, {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ReportAnswer,
  });
  return answer.report;
}

// ---------------------------------------------------------------------------------------
// The editor's calls.

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

export type { ServerDraft };

export async function fetchDraft(studyId: string, signal?: AbortSignal): Promise<ServerDraft | null> {
  return (await apiRequest(`${examPath(studyId)}/drafts`, { schema: DraftAnswer, signal })).draft;
}

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

export { VersionEntry };

export async function fetchVersions(studyId: string, signal?: AbortSignal): Promise<VersionEntry[]> {
  const answer = await apiRequest(`${examPath(studyId)}/reports`, {
    schema: VersionsAnswer,
    signal,
  });
  return answer.versions;
}

export { OpinionEntry };

export async function fetchOpinions(studyId: string, signal?: AbortSignal): Promise<OpinionEntry[]> {
  const answer = await apiRequest(`${examPath(studyId)}/reports-opinion`, {
    schema: OpinionsAnswer,
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

export type { Doctor };

/** Who may take the report (`changeDoctor`) or give a second opinion (`opinion`) on this study. */
export type DoctorPurpose = 'changeDoctor' | 'opinion';

export async function fetchDoctors(studyId: string, purpose: DoctorPurpose, signal?: AbortSignal): Promise<Doctor[]> {
  return (await apiRequest(`${examPath(studyId)}/doctors?purpose=${purpose}`, { schema: DoctorsAnswer, signal })).doctors;
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
