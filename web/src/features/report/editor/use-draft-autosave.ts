import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/store';
import { toApiError } from '../../../lib/errors';
import { putDraft, trackError } from '../api';
import { DraftAutosaver, type SaveStatus } from './autosaver';
import { writeLocalDraft } from './draft-content';
import type { ContentField } from './edit-mode';
import { SAVE_ERROR_VISIBLE_MS } from './limits';

export interface DraftTarget {
  studyId: string;
  laudoId: string;
  version: number;
  field: ContentField;
  userId: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Autosaves the editor's text as the study's draft (PUT /studies/{id}/drafts): 1 s after the
 * last change, retried with back-off; the latest text is also kept in localStorage (and on
 * page hide) so it survives a dropped network or a closed tab. `enabled` false: nothing is sent.
 */
export function useDraftAutosave(target: DraftTarget, enabled: boolean) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saver = useRef<DraftAutosaver | null>(null);
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  });
  const { studyId, laudoId, version, field, userId } = target;

  useEffect(() => {
    if (!enabled) return undefined;
    const keep = (content: string, synced: boolean) =>
      writeLocalDraft(storage(), studyId, { laudoId, version, field, content, savedAt: Date.now(), synced });
    const s = new DraftAutosaver({
      save: (content) => putDraft(studyId, field, content),
      onStatus: setStatus,
      onContent: keep,
      onFailure: (err) => {
        notify(tRef.current('editor.saveError'), 'error', SAVE_ERROR_VISIBLE_MS);
        const e = toApiError(err);
        void trackError({
          subType: 'DRAFT_SAVE',
          user: userId,
          content: JSON.stringify({ studyId, field, code: e.code, status: e.status, description: e.description }),
        });
      },
    });
    saver.current = s;
    const onHide = () => {
      const text = s.peek();
      if (text !== null) keep(text, false);
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      onHide();
      s.dispose();
      if (saver.current === s) saver.current = null;
    };
  }, [enabled, studyId, laudoId, version, field, userId]);

  const change = useCallback((read: () => string) => saver.current?.change(read), []);
  const flush = useCallback(async () => {
    await saver.current?.flush();
  }, []);
  return { status, change, flush };
}
