import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { institutionStudiesFilter } from '../../../../domain/live/study-document';
import { ScheduledExamListResponse } from '../../../../domain/studies/schemas';
import { apiRequest } from '../../lib/api';
import { rememberScheduledExam } from '../../lib/exam-path';
import { useLiveResync, useLiveStudies, type LiveStatus } from '../../lib/live';
import { useSessionData } from '../auth/session';
import type { StudyListParams } from '../studies/query-keys';
import { type WorklistFilters, worklistApiQuery } from './params';

export const worklistKeys = {
  all: ['scheduledExams'] as const,
  list: (params: StudyListParams, filters: WorklistFilters) => [...worklistKeys.all, params, filters] as const,
};

/** GET /api/listScheduledExams — one page of the account's scheduled exams. */
export async function fetchScheduledExams(
  params: StudyListParams,
  filters: WorklistFilters,
  signal?: AbortSignal,
): Promise<ScheduledExamListResponse> {
  const answer = await apiRequest(`/listScheduledExams?${worklistApiQuery(filters, params).toString()}`, {
    schema: ScheduledExamListResponse,
    signal,
  });
  // Their report pages and calls live under /scheduledExam (decision 005).
  for (const exam of answer.exams) rememberScheduledExam(exam.id);
  return answer;
}

export function useScheduledExams(params: StudyListParams, filters: WorklistFilters) {
  return useQuery({
    queryKey: worklistKeys.list(params, filters),
    queryFn: ({ signal }) => fetchScheduledExams(params, filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true }, // the page shows the error itself
  });
}

/**
 * Follows the account's scheduled exams live (their topic has no institution): any change of
 * one — report state, exam status — reads the visible page again.
 */
export function useScheduledExamsLive(): LiveStatus {
  const session = useSessionData();
  const queryClient = useQueryClient();
  const accountId = session.currentAccountId;
  const filters = useMemo(() => (accountId ? [institutionStudiesFilter(accountId, null)] : []), [accountId]);
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: worklistKeys.all }), [queryClient]);
  useLiveResync(refetch);
  return useLiveStudies(filters, refetch);
}
