import { useCallback, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StudyListResponse } from '../../../../domain/studies/schemas';
import { institutionStudiesFilter } from '../../../../domain/live/study-document';
import { useLiveResync, useLiveStudies, type LiveStatus } from '../../lib/live';
import type { LiveStudyDocument } from '../../lib/live-core';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { fetchStudies } from './api';
import { EMPTY_FILTERS, readFilters, type StudyFilters } from './filters';
import { readListParams } from './list-params';
import { getToken } from '../../lib/token';
import { applyLiveDocToList, isNewArrival } from './live-cache';
import { studyKeys, type StudyListParams } from './query-keys';

/** One page of the study list; the previous page stays visible while the next loads. */
export function useStudies(params: StudyListParams, filters: StudyFilters = EMPTY_FILTERS) {
  return useQuery({
    queryKey: studyKeys.list(params, filters),
    queryFn: ({ signal }) => fetchStudies(params, signal, filters),
    placeholderData: keepPreviousData,
    meta: { silent: true }, // the page shows the error itself
  });
}

/**
 * Starts reading the page the address asks for while the stored session is still being
 * checked (GET /api/auth): the list's first rows then arrive with the check, not a round trip
 * after it (issue 20). Same key as useStudies, so the page finds the answer in the cache; a
 * refused read (no account chosen yet, an ended session) is left to the page and the session.
 */
export function prefetchStudies(queryClient: QueryClient, search: URLSearchParams): void {
  if (!getToken()) return;
  const params = readListParams(search);
  const filters = readFilters(search);
  void queryClient.prefetchQuery({
    queryKey: studyKeys.list(params, filters),
    queryFn: ({ signal }) => fetchStudies(params, signal, filters),
    meta: { silent: true },
  });
}

/** Live report states for every institution of the current account, applied to cached pages. */
export function useStudiesLive(): LiveStatus {
  const session = useSessionData();
  const queryClient = useQueryClient();
  const account = currentAccount(session);
  const filters = useMemo(
    () => (account ? account.institutions.map((i) => institutionStudiesFilter(account.id, i.id)) : []),
    [account],
  );
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onDoc = useCallback(
    (doc: LiveStudyDocument) => {
      queryClient.setQueriesData<StudyListResponse>({ queryKey: studyKeys.lists() }, (old) =>
        applyLiveDocToList(old, doc, session.id),
      );
      // A study whose images just settled and that no page shows yet: read the list again
      // (once per burst), so a new study appears without a reload.
      const pages = queryClient.getQueriesData<StudyListResponse>({ queryKey: studyKeys.lists() });
      if (
        !isNewArrival(
          doc,
          pages.map(([, data]) => data),
          Date.now(),
        )
      )
        return;
      if (refetchTimer.current) return;
      refetchTimer.current = setTimeout(() => {
        refetchTimer.current = null;
        void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
      }, 300);
    },
    [queryClient, session.id],
  );
  // Documents may have been missed, or an institution's access lost: the list is read again.
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: studyKeys.lists() }));
  return useLiveStudies(filters, onDoc);
}
