import { z } from 'zod';
import { StudyListResponse } from '../../../../domain/studies/schemas';
import { Label } from '../../../../domain/workspace/labels';
import { apiRequest } from '../../lib/api';
import { studiesApiQuery, EMPTY_FILTERS, type StudyFilters } from './filters';
import type { StudyListParams } from './query-keys';

/** GET /api/studies with filters, order and page (scoped by the server to the current account). */
export function fetchStudies(
  params: StudyListParams,
  signal?: AbortSignal,
  filters: StudyFilters = EMPTY_FILTERS,
): Promise<StudyListResponse> {
  const query = studiesApiQuery(filters, params);
  return apiRequest(`/studies?${query.toString()}`, { schema: StudyListResponse, signal });
}

const LabelList = z.object({ labels: z.array(Label) });
const AddLabelAnswer = z.object({ label: Label, labels: z.array(Label) });

const labelsPath = (accountId: string, studyId: string) =>
  `/labels/${encodeURIComponent(accountId)}/studies/${encodeURIComponent(studyId)}`;

export async function fetchStudyLabels(accountId: string, studyId: string, signal?: AbortSignal): Promise<Label[]> {
  return (await apiRequest(labelsPath(accountId, studyId), { schema: LabelList, signal })).labels;
}

export async function addStudyLabel(accountId: string, studyId: string, name: string): Promise<Label[]> {
  return (await apiRequest(labelsPath(accountId, studyId), { method: 'POST', body: { name }, schema: AddLabelAnswer })).labels;
}

export async function removeStudyLabel(accountId: string, studyId: string, labelId: string): Promise<void> {
  await apiRequest(`${labelsPath(accountId, studyId)}/${encodeURIComponent(labelId)}`, { method: 'DELETE' });
}

/** The account's labels matching the text (autocomplete). */
export async function searchLabels(accountId: string, q: string, signal?: AbortSignal): Promise<Label[]> {
  const query = new URLSearchParams({ q });
  return (await apiRequest(`/labels/${encodeURIComponent(accountId)}?${query.toString()}`, { schema: LabelList, signal })).labels;
}
