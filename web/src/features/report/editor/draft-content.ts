/**
 * Which text the editor opens with. Pure. The saved text and the server draft are ordered by
 * the server's own times; the browser's local copy is judged by the draft revision it was
 * typed on, never by the browser's clock (issue 23: a PC minutes behind lost its text).
 */
import type { ContentField } from './edit-mode';
import type { LocalDraft } from './local-drafts';

export interface InitialContentInput {
  laudoId: string;
  version: number;
  field: ContentField;
  /** When the report (and its saved text) last changed. */
  reportUpdatedAt: string | null;
  saved: { laudoContent: string | null; reviewContent: string | null } | null;
  draft: {
    content?: string | null;
    reviewContent?: string | null;
    updatedAt: string;
    revision?: number;
    writer?: string | null;
  } | null;
  local: LocalDraft | null;
}

export type ContentSource = 'saved' | 'draft' | 'local' | 'empty';

export interface InitialContent {
  content: string;
  source: ContentSource;
  /** The text is not on the server yet: send it. */
  unsynced: boolean;
  /** The server's draft revision the editor starts on. */
  revision: number;
  /** This browser's unsent text, typed on a revision another tab has replaced since: the user chooses. */
  conflict: { mine: string; theirs: string } | null;
  /**
   * The browser went away while a save was on its way (the copy here was never acknowledged)
   * and holds nothing the server lacks: the last keys may not have reached either; the user is
   * asked to check the end of the text.
   */
  interrupted: boolean;
}

const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
};

/**
 * The saved text, replaced by the server draft when the draft is newer than the saved
 * content (both server times). Then the local copy, when it holds unsent text of this same
 * version and field: typed on the server's current revision, or on an older one when every
 * later revision was written by the same tab (a save whose answer the crash never saw), it
 * is this browser's newest text and wins; typed on a revision someone else replaced, it is
 * a conflict for the user to settle. The reviewer starts from the author's text.
 */
export function chooseInitialContent(input: InitialContentInput): InitialContent {
  const savedText =
    input.field === 'reviewContent'
      ? (input.saved?.reviewContent ?? input.saved?.laudoContent ?? null)
      : (input.saved?.laudoContent ?? null);
  let content = savedText ?? '';
  let source: ContentSource = savedText ? 'saved' : 'empty';
  const revision = input.draft?.revision ?? 0;

  const draftText = input.draft ? (input.field === 'reviewContent' ? input.draft.reviewContent : input.draft.content) : null;
  if (input.draft && typeof draftText === 'string' && time(input.draft.updatedAt) > time(input.reportUpdatedAt)) {
    content = draftText;
    source = 'draft';
  }

  const local = input.local;
  const ours =
    local &&
    !local.synced &&
    local.laudoId === input.laudoId &&
    local.version === input.version &&
    local.field === input.field &&
    local.content !== content;
  if (!ours) {
    const interrupted =
      local !== null &&
      !local.synced &&
      local.laudoId === input.laudoId &&
      local.version === input.version &&
      local.field === input.field &&
      local.content === content;
    return { content, source, unsynced: false, revision, conflict: null, interrupted };
  }
  const current =
    local.baseRevision === revision ||
    (local.baseRevision < revision && local.writer !== null && input.draft?.writer === local.writer);
  if (current) return { content: local.content, source: 'local', unsynced: true, revision, conflict: null, interrupted: false };
  return { content, source, unsynced: false, revision, conflict: { mine: local.content, theirs: content }, interrupted: false };
}
