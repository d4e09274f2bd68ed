/**
 * The study list's look kept per user (issue 17): dense rows and hidden columns, in the
 * user's STUDY_LIST_VIEW setting on the server, so it follows the doctor to any machine. Read
 * from the session once per user, then kept in memory (the session's copy is as of login)
 * and written through.
 */
import { useCallback, useState } from 'react';
import {
  parseStudyListView,
  STUDY_LIST_VIEW_CONFIG_KEY,
  type StudyListView,
} from '../../../../domain/studies/list-view';
import { apiRequest } from '../../lib/api';
import { useSessionData } from '../auth/session';

let current: { userId: string; view: StudyListView } | null = null;

export function useListView(): [StudyListView, (next: StudyListView) => void] {
  const session = useSessionData();
  if (current?.userId !== session.id) {
    const raw = session.userConfig.find((c) => c.key === STUDY_LIST_VIEW_CONFIG_KEY)?.value;
    current = { userId: session.id, view: parseStudyListView(raw) };
  }
  const [view, setView] = useState(current.view);
  const update = useCallback(
    (next: StudyListView) => {
      current = { userId: session.id, view: next };
      setView(next);
      // A failed write keeps the choice for this session; the list itself does not depend on it.
      void apiRequest('/users/config', {
        method: 'POST',
        body: { key: STUDY_LIST_VIEW_CONFIG_KEY, value: JSON.stringify(next) },
      }).catch(() => undefined);
    },
    [session.id],
  );
  return [view, update];
}
