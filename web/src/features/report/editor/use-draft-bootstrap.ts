import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/react';
import { fetchDefaultMask } from '../api';
import type { InitialContent } from './draft-content';
import type { EditMode } from './edit-mode';
import type { useDraftAutosave } from './use-draft-autosave';

/**
 * Once the editor holds its initial text: unsent text from this browser goes to the server at
 * once, or waits for the user's choice when another tab saved since; an empty new report shows
 * the default mask, saved only once the user changes something (issue 23: opening a report
 * writes nothing).
 */
export function useDraftBootstrap(
  studyId: string,
  editor: Editor | null,
  initial: InitialContent | null,
  mode: Pick<EditMode, 'editable' | 'autosave' | 'canChangeMask'>,
  autosave: Pick<ReturnType<typeof useDraftAutosave>, 'change' | 'flush' | 'openConflict'>,
  /** Puts text in without a save of its own. */
  apply: (html: string) => void,
): void {
  const { change: autosaveChange, flush: autosaveFlush, openConflict } = autosave;
  const bootstrapped = useRef(false);
  useEffect(() => {
    if (!editor || !initial || bootstrapped.current || !mode.editable) return;
    bootstrapped.current = true;
    if (initial.unsynced) {
      autosaveChange(() => editor.getHTML());
      void autosaveFlush();
    }
    if (initial.conflict && mode.autosave) openConflict({ ...initial.conflict, revision: initial.revision });
    if (initial.source === 'empty' && !initial.conflict && mode.canChangeMask) {
      void fetchDefaultMask(studyId)
        .then((content) => {
          if (content && !editor.isDestroyed && editor.isEmpty) apply(content);
        })
        .catch(() => undefined);
    }
  }, [
    editor,
    initial,
    mode.editable,
    mode.autosave,
    mode.canChangeMask,
    autosaveChange,
    autosaveFlush,
    openConflict,
    apply,
    studyId,
  ]);
}
