import { z } from 'zod';
import { StudyComment } from '../../../../domain/findings/comments';
import { AccountCriticalFinding, CriticalFinding, FindingView } from '../../../../domain/findings/critical-findings';
import { apiRequest } from '../../lib/api';

export { FindingView };
export type FindingView = z.infer<typeof FindingView>;

const FINDINGS = '/studies/studyCriticalFinding';
const FindingAnswer = z.object({ finding: CriticalFinding.nullable() });
const byStudy = (studyId: string) => `${FINDINGS}?${new URLSearchParams({ studyId }).toString()}`;

export function fetchFinding(studyId: string, signal?: AbortSignal): Promise<FindingView> {
  return apiRequest(byStudy(studyId), { schema: FindingView, signal });
}

export async function fetchAccountFindings(accountId: string, signal?: AbortSignal): Promise<AccountCriticalFinding[]> {
  const schema = z.object({ criticalFindings: z.array(AccountCriticalFinding) });
  return (await apiRequest(`/accounts/${encodeURIComponent(accountId)}/accountCriticalFinding`, { schema, signal }))
    .criticalFindings;
}

export async function registerFinding(
  studyId: string,
  body: { accountCriticalFindingId: string; observation: string; inTheReport: boolean },
): Promise<void> {
  await apiRequest(FINDINGS, { method: 'POST', body: { studyId, ...body }, schema: FindingAnswer });
}

/** Accepts (spec 1 §7 `PATCH /{id}`) or rejects (`PATCH /{id}/reject`) a suspicion. */
export async function decideFinding(findingId: string, action: 'accept' | 'reject', inTheReport: boolean): Promise<void> {
  const path = `${FINDINGS}/${encodeURIComponent(findingId)}${action === 'reject' ? '/reject' : ''}`;
  await apiRequest(path, { method: 'PATCH', body: { inTheReport }, schema: FindingAnswer });
}

export async function deleteFinding(studyId: string): Promise<void> {
  await apiRequest(byStudy(studyId), { method: 'DELETE' });
}

const CommentList = z.object({ comments: z.array(StudyComment) });

export async function fetchComments(studyId: string, signal?: AbortSignal): Promise<StudyComment[]> {
  const query = new URLSearchParams({ studyId });
  return (await apiRequest(`/studies/comments?${query.toString()}`, { schema: CommentList, signal })).comments;
}

export async function postComment(studyId: string, message: string): Promise<StudyComment[]> {
  return (await apiRequest('/studies/comments', { method: 'POST', body: { studyId, message }, schema: CommentList })).comments;
}

export async function markCommentsRead(studyId: string): Promise<void> {
  await apiRequest('/studies/comments/read', { method: 'POST', body: { studyId } });
}
