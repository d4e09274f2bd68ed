import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/react';
import type { Node as PMNode } from '@tiptap/pm/model';

/** How long typing must pause before the counter recounts. */
export const COUNT_SETTLE_MS = 150;

// Documents are immutable: one count per document, however many readers ask.
const counted = new WeakMap<PMNode, number>();

/** The characters of the text (markup not counted), counted once per document. */
export function countCharacters(editor: Editor): number {
  const doc = editor.state.doc;
  let n = counted.get(doc);
  if (n === undefined) {
    n = (editor.storage.characterCount as { characters: () => number }).characters();
    counted.set(doc, n);
  }
  return n;
}

/**
 * The editor's character count, recounted when typing pauses: counting a 20-page report on
 * every keystroke (and re-rendering its readers) kept the keystroke's frame waiting.
 */
export function useCharacterCount(editor: Editor | null): number {
  const [count, setCount] = useState(() => (editor ? countCharacters(editor) : 0));
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onTransaction = ({ transaction }: { transaction: { docChanged: boolean } }) => {
      if (!transaction.docChanged) return;
      clearTimeout(timer);
      timer = setTimeout(() => setCount(countCharacters(editor)), COUNT_SETTLE_MS);
    };
    setCount(countCharacters(editor));
    editor.on('transaction', onTransaction);
    return () => {
      clearTimeout(timer);
      editor.off('transaction', onTransaction);
    };
  }, [editor]);
  return count;
}
