import {
  ClinicalDataResponse,
  HeaderHistoryAnswer,
  type HeaderHistoryEntry,
  type HeaderInput,
  UpdateDataResponse,
} from '../../../../domain/studies/header';
import { apiRequest } from '../../lib/api';
import { reportKeys } from '../report/query-keys';

/**
 * Query keys under the study's report key: every live document of the study invalidates
 * them with the study detail, so a header edited elsewhere shows here too.
 */
export const headerKeys = {
  updateData: (studyId: string) => [...reportKeys.study(studyId), 'update-data'] as const,
  clinical: (studyId: string) => [...reportKeys.study(studyId), 'clinical-data'] as const,
  history: (studyId: string) => [...reportKeys.study(studyId), 'header-history'] as const,
};

const path = (studyId: string) => `/studies/${encodeURIComponent(studyId)}/update-data`;

/** GET /studies/{id}/update-data — the header, an edit in progress, whether the caller may save. */
export function fetchUpdateData(studyId: string, signal?: AbortSignal): Promise<UpdateDataResponse> {
  return apiRequest(path(studyId), { schema: UpdateDataResponse, signal });
}

/** PATCH /studies/{id}/update-data — saves the edit; answers the header as saved. */
export function saveHeader(studyId: string, edit: HeaderInput): Promise<UpdateDataResponse> {
  return apiRequest(path(studyId), { method: 'PATCH', body: edit, schema: UpdateDataResponse });
}

/** GET /studies/clinical-data?studyId= — exam indication and clinical history. */
export async function fetchClinicalData(studyId: string, signal?: AbortSignal): Promise<ClinicalDataResponse['clinicalData']> {
  const answer = await apiRequest(`/studies/clinical-data?studyId=${encodeURIComponent(studyId)}`, {
    schema: ClinicalDataResponse,
    signal,
  });
  return answer.clinicalData;
}

/** GET /studies/{id}/update-data/history — the applied edits, newest first. */
export async function fetchHeaderHistory(studyId: string, signal?: AbortSignal): Promise<HeaderHistoryEntry[]> {
  return (await apiRequest(`${path(studyId)}/history`, { schema: HeaderHistoryAnswer, signal })).history;
}
