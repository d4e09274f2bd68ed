import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Label } from '../../../../domain/workspace/labels';
import { useDebounced } from '../../lib/use-debounced';
import { addStudyLabel, fetchStudyLabels, removeStudyLabel, searchLabels } from './api';
import { canSearchLabels, LABEL_SEARCH_DEBOUNCE_MS, normaliseLabel } from './labels';
import { studyKeys } from './query-keys';

/** The labels of one study (the labels dialog; the list answer carries them for the rows). */
export function useStudyLabels(accountId: string | null, studyId: string, enabled = true) {
  return useQuery({
    queryKey: studyKeys.labels(accountId ?? '', studyId),
    queryFn: ({ signal }) => fetchStudyLabels(accountId ?? '', studyId, signal),
    enabled: enabled && !!accountId,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** Suggestions for the typed text: 200 ms debounce, at least 2 letters. */
export function useLabelSuggestions(accountId: string | null, text: string) {
  const q = useDebounced(normaliseLabel(text), LABEL_SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: studyKeys.labelSearch(accountId ?? '', q),
    queryFn: ({ signal }) => searchLabels(accountId ?? '', q, signal),
    enabled: !!accountId && canSearchLabels(q),
    staleTime: 30_000,
    meta: { silent: true },
  });
}

export function useLabelMutations(accountId: string | null, studyId: string) {
  const queryClient = useQueryClient();
  const key = studyKeys.labels(accountId ?? '', studyId);
  const add = useMutation({
    mutationFn: (name: string) => addStudyLabel(accountId ?? '', studyId, name),
    onSuccess: (labels) => {
      queryClient.setQueryData<Label[]>(key, labels);
      void queryClient.invalidateQueries({ queryKey: ['labelSearch', accountId ?? ''] });
      void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
    },
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (labelId: string) => removeStudyLabel(accountId ?? '', studyId, labelId),
    onSuccess: (_v, labelId) => {
      queryClient.setQueryData<Label[]>(key, (old) => old?.filter((l) => l.id !== labelId));
      void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
    },
    meta: { silent: true },
  });
  return { add, remove };
}
