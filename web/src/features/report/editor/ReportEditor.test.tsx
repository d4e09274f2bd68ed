import { beforeAll, describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import '../../../i18n';
import { EditorCounter, ReportEditor } from './ReportEditor';

beforeAll(() => {
  // jsdom has no layout: ProseMirror asks for rectangles when it scrolls to the selection.
  const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
  const rects = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect;
  Range.prototype.getClientRects = () => rects;
  document.elementFromPoint = () => null;
});

function renderEditor(content: string, lookup: (code: string) => string | null = () => null) {
  let editor: Editor | null = null;
  render(<ReportEditor initialContent={content} editable lookupPhrase={lookup} onEditor={(e) => (editor = e)} />);
  if (!editor) throw new Error('no editor');
  return editor as Editor;
}

function typeAtEnd(editor: Editor, text: string) {
  act(() => {
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.insertContent(text);
  });
}

describe('phrase expansion', () => {
  const lookup = (code: string) => (code === 'NL' ? 'Exame dentro da normalidade.' : code === 'TWO' ? 'Linha 1\nLinha 2' : null);

  it('replaces \\CODE by the phrase when space is typed', () => {
    const editor = renderEditor('<p>Conclusão:</p>', lookup);
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      editor.commands.command(({ tr }) => {
        tr.insertText(' \\nl');
        return true;
      });
    });
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: ' ', code: 'Space' });
    });
    expect(editor.getText()).toBe('Conclusão: Exame dentro da normalidade. ');
  });

  it('keeps line breaks of a multi-line phrase', () => {
    const editor = renderEditor('<p></p>', lookup);
    typeAtEnd(editor, '\\TWO');
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: ' ' });
    });
    expect(editor.getHTML()).toContain('Linha 1<br>Linha 2');
  });

  it('leaves unknown codes and words without backslash alone', () => {
    const editor = renderEditor('<p></p>', lookup);
    typeAtEnd(editor, '\\XYZ');
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: ' ' });
    });
    expect(editor.getText()).toBe('\\XYZ');
    typeAtEnd(editor, ' NL');
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: ' ' });
    });
    expect(editor.getText()).toBe('\\XYZ NL');
  });
});

describe('character counter', () => {
  it('counts characters and turns to error above the limit with the spec message', async () => {
    const editor = renderEditor('<p>1234567890</p>');
    render(<EditorCounter editor={editor} limit={10} />);
    expect(screen.getByTestId('editor-counter').getAttribute('data-over')).toBe('false');
    expect(screen.queryByText('Número de caracteres acima do limite permitido.')).toBeNull();
    typeAtEnd(editor, 'X');
    // Recounted once typing pauses, not inside the keystroke.
    expect(screen.getByText('10 / 10 caracteres')).toBeTruthy();
    expect(await screen.findByText('11 / 10 caracteres')).toBeTruthy();
    expect(screen.getByTestId('editor-counter').getAttribute('data-over')).toBe('true');
    expect(screen.getByText('Número de caracteres acima do limite permitido.')).toBeTruthy();
  });
});

describe('stored HTML round trip (issue 23)', () => {
  it('reopens a draft ending in a space with the space, so the next word is not glued on', () => {
    const stored = '<p>Impressão final </p>';
    const editor = renderEditor(stored);
    expect(editor.getHTML()).toBe(stored);
    typeAtEnd(editor, 'continua');
    expect(editor.getText()).toBe('Impressão final continua');
  });

  it('keeps inner double spaces and reads source newlines between paragraphs as nothing', () => {
    const editor = renderEditor('<p>a  b </p>\n<p> c</p>');
    expect(editor.getHTML()).toBe('<p>a  b </p><p> c</p>');
    // what it saves reopens to the same text, again and again
    const again = renderEditor(editor.getHTML());
    expect(again.getHTML()).toBe(editor.getHTML());
  });
});
