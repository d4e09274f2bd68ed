import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportView } from '../../../../domain/studies/schemas';
import { notify } from '../../app/notifications/store';
import { sendIntent } from '../../lib/intent';
import { studyKeys } from '../studies/query-keys';
import { ACTION_CALLS, ACTION_SUCCESS, type ReportActionKey } from './actions';
import {
  type DoctorPurpose,
  fetchDoctors,
  fetchDraft,
  fetchMaskSections,
  fetchOpinions,
  fetchPhrases,
  fetchReportContent,
  fetchVersions,
  postReportAction,
  type StudyDetail,
} from './api';
import { REVIEW_REQUEST_VISIBLE_MS } from './editor/limits';
import { applyReportToDetail } from './live-cache';
import { reportKeys } from './query-keys';

/** The saved texts and the server draft, read fresh every time the editor opens. */
export function useEditorSources(studyId: string, enabled: boolean) {
  const content = useQuery({
    queryKey: reportKeys.content(studyId),
    queryFn: ({ signal }) => fetchReportContent(studyId, signal),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
  const draft = useQuery({
    queryKey: reportKeys.draft(studyId),
    queryFn: ({ signal }) => fetchDraft(studyId, signal),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
  return { content, draft };
}

export function useVersions(studyId: string) {
  return useQuery({
    queryKey: reportKeys.versions(studyId),
    queryFn: ({ signal }) => fetchVersions(studyId, signal),
    meta: { silent: true },
  });
}

export function useOpinions(studyId: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.opinions(studyId),
    queryFn: ({ signal }) => fetchOpinions(studyId, signal),
    enabled,
    meta: { silent: true },
  });
}

/** The account's phrases (null: the endpoint is not there yet). */
export function usePhrases(accountId: string | null, q = '', enabled = true) {
  return useQuery({
    queryKey: reportKeys.phrases(accountId ?? '', q),
    queryFn: ({ signal }) => fetchPhrases(accountId ?? '', q, signal),
    enabled: enabled && accountId !== null,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

export function useMaskSections(studyId: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.masks(studyId),
    queryFn: ({ signal }) => fetchMaskSections(studyId, signal),
    enabled,
    meta: { silent: true },
  });
}

export function useDoctors(studyId: string, purpose: DoctorPurpose, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.doctors(studyId, purpose),
    queryFn: ({ signal }) => fetchDoctors(studyId, purpose, signal),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

export interface ActionFailure {
  action: ReportActionKey;
  error: unknown;
}

/**
 * Runs report actions: an Idempotency-Key per intent (lib/intent.ts), the answered report into the
 * cache, the spec's success message; a failure is kept for the error dialog.
 */
export function useReportActions(studyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const mutation = useMutation({
    mutationFn: ({ action, body }: { action: ReportActionKey; body?: unknown }) =>
      sendIntent(`${studyId}:${action}`, body, (key) => postReportAction(studyId, ACTION_CALLS[action], body, key)),
    meta: { silent: true },
    onSuccess: (report, { action }) => {
      queryClient.setQueryData<StudyDetail>(reportKeys.study(studyId), (old) => applyReportToDetail(old, report));
      void queryClient.invalidateQueries({ queryKey: reportKeys.study(studyId) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.versions(studyId) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.opinions(studyId) });
      void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
      const success = ACTION_SUCCESS[action];
      if (success) notify(t(success), 'success', action === 'requestReview' ? REVIEW_REQUEST_VISIBLE_MS : undefined);
    },
  });
  const { mutateAsync } = mutation;

  /** The report after the action, or null when it failed (the dialog then shows why). */
  const run = useCallback(
    async (action: ReportActionKey, body?: unknown): Promise<ReportView | null> => {
      try {
        return await mutateAsync({ action, body });
      } catch (error) {
        setFailure({ action, error });
        return null;
      }
    },
    [mutateAsync],
  );
  const pending = mutation.isPending ? mutation.variables.action : null;
  return { run, pending, failure, clearFailure: () => setFailure(null) };
}
