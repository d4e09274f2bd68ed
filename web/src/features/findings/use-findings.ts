import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studyKeys } from '../studies/query-keys';
import {
  decideFinding,
  deleteFinding,
  fetchAccountFindings,
  fetchComments,
  fetchFinding,
  markCommentsRead,
  postComment,
  registerFinding,
} from './api';

/** TanStack Query keys of the feature. */
export const findingKeys = {
  finding: (studyId: string) => ['criticalFinding', studyId] as const,
  catalogue: (accountId: string) => ['accountCriticalFindings', accountId] as const,
  comments: (studyId: string) => ['studyComments', studyId] as const,
};

export function useStudyFinding(studyId: string) {
  return useQuery({ queryKey: findingKeys.finding(studyId), queryFn: ({ signal }) => fetchFinding(studyId, signal) });
}

export function useAccountFindings(accountId: string | null) {
  return useQuery({
    queryKey: findingKeys.catalogue(accountId ?? ''),
    queryFn: ({ signal }) => fetchAccountFindings(accountId ?? '', signal),
    enabled: !!accountId,
    staleTime: 5 * 60_000,
  });
}

/** Register, accept/reject and delete; each refreshes the finding and the list's badges. */
export function useFindingMutations(studyId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: findingKeys.finding(studyId) });
    void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
  };
  const opts = { onSuccess: refresh, meta: { silent: true } };
  return {
    register: useMutation({ mutationFn: (b: Parameters<typeof registerFinding>[1]) => registerFinding(studyId, b), ...opts }),
    decide: useMutation({
      mutationFn: (b: { findingId: string; action: 'accept' | 'reject'; inTheReport: boolean }) =>
        decideFinding(b.findingId, b.action, b.inTheReport),
      ...opts,
    }),
    remove: useMutation({ mutationFn: () => deleteFinding(studyId), ...opts }),
  };
}

export function useStudyComments(studyId: string) {
  return useQuery({ queryKey: findingKeys.comments(studyId), queryFn: ({ signal }) => fetchComments(studyId, signal) });
}

export function useCommentMutations(studyId: string) {
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
  return {
    post: useMutation({
      mutationFn: (message: string) => postComment(studyId, message),
      onSuccess: (comments) => {
        queryClient.setQueryData(findingKeys.comments(studyId), comments);
        refreshList();
      },
      meta: { silent: true },
    }),
    markRead: useMutation({ mutationFn: () => markCommentsRead(studyId), onSuccess: refreshList, meta: { silent: true } }),
  };
}
