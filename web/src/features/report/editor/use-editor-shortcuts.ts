import { useEffect } from 'react';

/**
 * The report's keys, caught before the editor's own: Ctrl+S saves, Ctrl+Enter finishes (when
 * no dialog is open), Ctrl+Space opens the phrase picker (when the text is editable).
 */
export function useEditorShortcuts(keys: {
  save: () => void;
  finish: (() => void) | null;
  phrasePicker: (() => void) | null;
}): void {
  const { save, finish, phrasePicker } = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      let handled = true;
      if (key === 's') save();
      else if (key === 'enter' && finish) finish();
      else if ((e.code === 'Space' || key === ' ') && e.ctrlKey && phrasePicker) phrasePicker();
      else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [save, finish, phrasePicker]);
}
