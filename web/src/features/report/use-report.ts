import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studyTopic } from '../../../../domain/live/study-document';
import type { StudyListResponse } from '../../../../domain/studies/schemas';
import { useLiveResync, useLiveStudy, type LiveStatus } from '../../lib/live';
import type { LiveStudyDocument } from '../../lib/live-core';
import { sendIntent } from '../../lib/intent';
import { useSessionData } from '../auth/session';
import { applyLiveDocToList } from '../studies/live-cache';
import { studyKeys } from '../studies/query-keys';
import { fetchStudyDetail, startReport, type StudyDetail } from './api';
import { applyLiveDocToDetail, applyReportToDetail } from './live-cache';
import { reportKeys } from './query-keys';

export function useStudyDetail(studyId: string) {
  return useQuery({
    queryKey: reportKeys.study(studyId),
    queryFn: ({ signal }) => fetchStudyDetail(studyId, signal),
    meta: { silent: true }, // the page shows the error itself
  });
}

/**
 * Follows the study's live document: the list and the detail take it at once, and every
 * change refetches the detail (allowedActions are the server's) and the versions.
 * `onDoc` lets the page react too (leave the editor, refresh a read-only text).
 */
export function useStudyDetailLive(study: StudyDetail | undefined, onDoc?: (doc: LiveStudyDocument) => void): LiveStatus {
  const session = useSessionData();
  const queryClient = useQueryClient();
  const topic = study && session.currentAccountId ? studyTopic(session.currentAccountId, study.institutionId, study.id) : null;
  const extra = useRef(onDoc);
  useEffect(() => {
    extra.current = onDoc;
  });

  const last = useRef<LiveStudyDocument | null>(null);
  const handle = useCallback(
    (doc: LiveStudyDocument) => {
      const prev = last.current;
      last.current = doc;
      // A draft save (every few seconds while someone types) changes nothing but the draft's
      // revision: the editor hears of it, the detail and versions need no refetch.
      if (prev && sameButDraft(prev, doc)) {
        extra.current?.(doc);
        return;
      }
      const key = reportKeys.study(doc.studyId);
      const result = applyLiveDocToDetail(queryClient.getQueryData<StudyDetail>(key), doc);
      if (result.data) queryClient.setQueryData(key, result.data);
      queryClient.setQueriesData<StudyListResponse>({ queryKey: studyKeys.lists() }, (old) =>
        applyLiveDocToList(old, doc, session.id),
      );
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: reportKeys.versions(doc.studyId) });
      extra.current?.(doc);
    },
    [queryClient, session.id],
  );
  // Documents may have been missed, or the access to the study lost: its detail is read again.
  useLiveResync(() => {
    if (study) void queryClient.invalidateQueries({ queryKey: reportKeys.study(study.id) });
  });
  return useLiveStudy(topic, handle);
}

function sameButDraft(a: LiveStudyDocument, b: LiveStudyDocument): boolean {
  const strip = ({ draftRevision: _r, draftWriter: _w, ...rest }: LiveStudyDocument) => JSON.stringify(rest);
  return strip(a) === strip(b);
}

/** Starts the report (POST …/reports/start) with the intent's Idempotency-Key (lib/intent.ts). */
export function useStartReport(studyId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => sendIntent(`${studyId}:start`, null, (key) => startReport(studyId, key)),
    meta: { silent: true }, // shown in the 'Impossível iniciar o laudo' dialog
    onSuccess: (report) => {
      queryClient.setQueryData<StudyDetail>(reportKeys.study(studyId), (old) => applyReportToDetail(old, report));
      void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
    },
  });
  const { mutate } = mutation;
  const start = useCallback(() => mutate(), [mutate]);
  return { ...mutation, start };
}
