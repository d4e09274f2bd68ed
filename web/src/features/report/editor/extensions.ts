import { Extension, type AnyExtension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { TABLE_WIDTH } from './limits';
import { matchPhraseTrigger, phraseToHtml } from './phrases';

export interface PhraseExpansionOptions {
  /** The phrase text of a code, or null when the code is unknown. */
  lookup: (code: string) => string | null;
}

/**
 * `\CODE` followed by a space becomes the phrase (see phrases.ts for why the backslash).
 * Runs on the space key, before the space is typed.
 */
export const PhraseExpansion = Extension.create<PhraseExpansionOptions>({
  name: 'phraseExpansion',
  addOptions() {
    return { lookup: () => null };
  },
  addProseMirrorPlugins() {
    const editor = this.editor;
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey('phraseExpansion'),
        props: {
          handleKeyDown: (view, event) => {
            if (event.key !== ' ' || event.ctrlKey || event.metaKey || event.altKey) return false;
            const { $from, empty } = view.state.selection;
            if (!empty || !view.editable) return false;
            const start = Math.max(0, $from.parentOffset - 8);
            const before = $from.parent.textBetween(start, $from.parentOffset, undefined, '\ufffc');
            const match = matchPhraseTrigger(before);
            if (!match) return false;
            const text = options.lookup(match.code);
            if (text === null) return false;
            const from = $from.pos - match.length;
            return editor
              .chain()
              .insertContentAt({ from, to: $from.pos }, phraseToHtml(text))
              .command(({ tr }) => {
                tr.insertText(' ');
                return true;
              })
              .run();
          },
        },
      }),
    ];
  },
});

/** The report editor's extensions (spec 2 §9: font sizes, 80% tables, images). */
export function reportExtensions(opts: { placeholder: string; lookup: (code: string) => string | null }): AnyExtension[] {
  return [
    StarterKit.configure({ code: false, codeBlock: false, link: false, heading: { levels: [1, 2, 3] } }),
    TextStyle,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    TableKit.configure({ table: { resizable: false, HTMLAttributes: { style: `width: ${TABLE_WIDTH}` } } }),
    Image.configure({ allowBase64: true }),
    CharacterCount,
    Placeholder.configure({ placeholder: opts.placeholder }),
    PhraseExpansion.configure({ lookup: opts.lookup }),
  ];
}

/**
 * How stored HTML becomes the editor's document: whitespace as stored, so a draft ending in
 * a space (`…final </p>`) reopens with it and the next word is not glued on (issue 23).
 * Newlines in the HTML source still read as spaces.
 */
export const PARSE_OPTIONS = { preserveWhitespace: true } as const;
