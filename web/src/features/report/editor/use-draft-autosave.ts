import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/store';
import { toApiError } from '../../../lib/errors';
import { randomUuid } from '../../../lib/uuid';
import { fetchDraft, putDraft, trackError } from '../api';
import { DraftAutosaver, type SaveStatus } from './autosaver';
import { onDraftRevision } from './draft-revisions';
import type { ContentField } from './edit-mode';
import { keepLocalDraftNow, writeLocalDraft } from './local-drafts';
import { SAVE_ERROR_VISIBLE_MS } from './limits';

export interface DraftTarget {
  studyId: string;
  laudoId: string;
  version: number;
  field: ContentField;
  userId: string;
  /** The server's draft revision the editor opened on. */
  revision: number;
}

/** How the autosave reads and replaces the editor's text. */
export interface EditorIo {
  read: () => string;
  apply: (html: string) => void;
}

/** Two texts of one draft: the user keeps one. */
export interface DraftConflict {
  mine: string;
  theirs: string;
  /** The server revision `theirs` is. */
  revision: number;
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/**
 * Autosaves the editor's text as the study's draft (PUT /studies/{id}/drafts): 1 s after the
 * last change and at least every 3 s while typing, retried with back-off and at once when
 * the network returns; each save names the revision it was typed on. The latest text is
 * kept in IndexedDB within ~250 ms of each change (and on page hide), so a killed browser
 * loses at most that. Another tab's save, announced by the live document, is taken over
 * when this tab has nothing unsaved and becomes a conflict for the user when it has.
 * `enabled` false: nothing is sent.
 */
export function useDraftAutosave(target: DraftTarget, enabled: boolean, io: EditorIo) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [conflict, setConflict] = useState<DraftConflict | null>(null);
  /** Another tab's text was taken over (nothing here was unsaved). */
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  const [writer] = useState(randomUuid);
  const saver = useRef<DraftAutosaver | null>(null);
  const tRef = useRef(t);
  const ioRef = useRef(io);
  useEffect(() => {
    tRef.current = t;
    ioRef.current = io;
  });
  const { studyId, laudoId, version, field, userId } = target;
  const startRevision = useRef(target.revision);
  startRevision.current = saver.current ? startRevision.current : target.revision;

  /** The server's text and revision now, as a conflict with `mine`. */
  const raiseConflict = useCallback(
    async (mine: string) => {
      const draft = await fetchDraft(studyId).catch(() => null);
      const theirs = (field === 'reviewContent' ? draft?.reviewContent : draft?.content) ?? '';
      setConflict({ mine, theirs, revision: draft?.revision ?? 0 });
    },
    [studyId, field],
  );

  useEffect(() => {
    if (!enabled) return undefined;
    const keep = (content: string, synced: boolean, baseRevision: number) =>
      void writeLocalDraft(studyId, { laudoId, version, field, content, baseRevision, writer, synced, savedAt: Date.now() });
    const s = new DraftAutosaver({
      revision: startRevision.current,
      save: (content, revision) => putDraft(studyId, field, content, revision, writer),
      isOnline: online,
      onStatus: setStatus,
      onContent: keep,
      onConflict: (mine) => void raiseConflict(mine),
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
      if (text !== null)
        keepLocalDraftNow(studyId, {
          laudoId,
          version,
          field,
          content: text,
          baseRevision: s.revision,
          writer,
          synced: false,
          savedAt: Date.now(),
        });
    };
    // While a save is pending the browser asks before leaving (issue 23).
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!s.dirty && s.status !== 'conflict') return;
      onHide();
      e.preventDefault();
      e.returnValue = '';
    };
    const onOnline = () => s.setOnline(true);
    const onOffline = () => s.setOnline(false);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const stopLive = onDraftRevision(studyId, (announced) => {
      if (announced.writer === writer || announced.revision <= s.revision || s.status === 'conflict') return;
      if (s.dirty) {
        // typed here and saved there: the user chooses
        s.hold();
        void raiseConflict(ioRef.current.read());
        return;
      }
      // nothing unsaved here: follow the other tab's text
      void fetchDraft(studyId)
        .then((draft) => {
          if (!draft || draft.revision <= s.revision || s.dirty || s.status === 'conflict') return;
          const theirs = (field === 'reviewContent' ? draft.reviewContent : draft.content) ?? '';
          ioRef.current.apply(theirs);
          s.resolve(draft.revision, ioRef.current.read, false);
          setUpdatedElsewhere(true);
        })
        .catch(() => undefined);
    });
    return () => {
      stopLive();
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      onHide();
      s.dispose();
      if (saver.current === s) saver.current = null;
    };
  }, [enabled, studyId, laudoId, version, field, userId, writer, raiseConflict]);

  const change = useCallback((read: () => string) => saver.current?.change(read), []);
  const flush = useCallback(async () => {
    await saver.current?.flush();
  }, []);
  /** A conflict found when the editor opened (this browser's unsent text against a newer draft). */
  const openConflict = useCallback((c: DraftConflict) => {
    saver.current?.hold();
    setConflict(c);
  }, []);
  /** Keep this tab's text: it is saved over the other one. */
  const keepMine = useCallback(() => {
    const c = conflict;
    if (!c || !saver.current) return;
    if (ioRef.current.read() !== c.mine) ioRef.current.apply(c.mine);
    saver.current.resolve(c.revision, ioRef.current.read, true);
    setConflict(null);
  }, [conflict]);
  /** Take the other text: this tab's text is dropped. */
  const takeTheirs = useCallback(() => {
    const c = conflict;
    if (!c || !saver.current) return;
    ioRef.current.apply(c.theirs);
    saver.current.resolve(c.revision, ioRef.current.read, false);
    setConflict(null);
  }, [conflict]);
  return {
    status,
    change,
    flush,
    conflict,
    openConflict,
    keepMine,
    takeTheirs,
    updatedElsewhere,
    dismissUpdated: () => setUpdatedElsewhere(false),
  };
}
