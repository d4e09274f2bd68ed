/**
 * Which text the editor opens with, and the local copy that keeps typed text across a
 * dropped network or a closed tab. Pure apart from the Storage passed in.
 */
import type { ContentField } from './edit-mode';

export interface LocalDraft {
  laudoId: string;
  version: number;
  field: ContentField;
  content: string;
  /** ms since epoch of the last keystroke kept. */
  savedAt: number;
  /** The server acknowledged this exact text. */
  synced: boolean;
}

export const localDraftKey = (studyId: string): string => `laudos.draft.${studyId}`;

export function readLocalDraft(storage: Pick<Storage, 'getItem'> | null, studyId: string): LocalDraft | null {
  try {
    const raw = storage?.getItem(localDraftKey(studyId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof v.content !== 'string' || typeof v.laudoId !== 'string' || typeof v.version !== 'number') return null;
    if (v.field !== 'content' && v.field !== 'reviewContent') return null;
    return {
      laudoId: v.laudoId,
      version: v.version,
      field: v.field,
      content: v.content,
      savedAt: typeof v.savedAt === 'number' ? v.savedAt : 0,
      synced: v.synced === true,
    };
  } catch {
    return null;
  }
}

export function writeLocalDraft(storage: Pick<Storage, 'setItem'> | null, studyId: string, draft: LocalDraft): void {
  try {
    storage?.setItem(localDraftKey(studyId), JSON.stringify(draft));
  } catch {
    // quota or private mode: the in-memory copy still retries
  }
}

export function clearLocalDraft(storage: Pick<Storage, 'removeItem'> | null, studyId: string): void {
  try {
    storage?.removeItem(localDraftKey(studyId));
  } catch {
    // ignore
  }
}

export interface InitialContentInput {
  laudoId: string;
  version: number;
  field: ContentField;
  /** When the report (and its saved text) last changed. */
  reportUpdatedAt: string | null;
  saved: { laudoContent: string | null; reviewContent: string | null } | null;
  draft: { content?: string | null; reviewContent?: string | null; updatedAt: string } | null;
  local: LocalDraft | null;
}

export type ContentSource = 'saved' | 'draft' | 'local' | 'empty';

const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
};

/**
 * The saved text, replaced by the server draft when the draft is newer than the saved
 * content, replaced by the local copy when it holds unsent text of this same version and
 * field that is newer still. The reviewer starts from the author's text.
 */
export function chooseInitialContent(input: InitialContentInput): { content: string; source: ContentSource; unsynced: boolean } {
  const savedText =
    input.field === 'reviewContent'
      ? (input.saved?.reviewContent ?? input.saved?.laudoContent ?? null)
      : (input.saved?.laudoContent ?? null);
  let content = savedText ?? '';
  let source: ContentSource = savedText ? 'saved' : 'empty';
  let at = time(input.reportUpdatedAt);

  const draftText = input.draft ? (input.field === 'reviewContent' ? input.draft.reviewContent : input.draft.content) : null;
  if (input.draft && typeof draftText === 'string' && time(input.draft.updatedAt) > at) {
    content = draftText;
    source = 'draft';
    at = time(input.draft.updatedAt);
  }

  const local = input.local;
  if (
    local &&
    !local.synced &&
    local.laudoId === input.laudoId &&
    local.version === input.version &&
    local.field === input.field &&
    local.savedAt > at &&
    local.content !== content
  ) {
    return { content: local.content, source: 'local', unsynced: true };
  }
  return { content, source, unsynced: false };
}
