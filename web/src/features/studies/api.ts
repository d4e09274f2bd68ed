import { StudyListResponse } from '../../../../domain/studies/schemas';
import { apiRequest } from '../../lib/api';
import type { StudyListParams } from './query-keys';

/** GET /api/studies?page=&pageSize= (scoped by the server to the current account). */
export function fetchStudies(params: StudyListParams, signal?: AbortSignal): Promise<StudyListResponse> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  return apiRequest(`/studies?${query.toString()}`, { schema: StudyListResponse, signal });
}
