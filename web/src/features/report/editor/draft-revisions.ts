/**
 * The draft revisions the study's live document announces (issue 23), passed from the
 * report page (which follows the document) to the editor's autosave (which judges them).
 */
export interface AnnouncedDraft {
  revision: number;
  writer: string | null;
}
type Listener = (draft: AnnouncedDraft) => void;

const listeners = new Map<string, Set<Listener>>();

export function announceDraftRevision(studyId: string, draft: AnnouncedDraft): void {
  listeners.get(studyId)?.forEach((l) => l(draft));
}

/** Follows one study's announced revisions; the returned function stops. */
export function onDraftRevision(studyId: string, listener: Listener): () => void {
  let set = listeners.get(studyId);
  if (!set) {
    set = new Set();
    listeners.set(studyId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(studyId);
  };
}
