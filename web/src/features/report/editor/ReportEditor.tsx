import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useCharacterCount } from './use-character-count';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { notify } from '../../../app/notifications/store';
import { PARSE_OPTIONS, reportExtensions } from './extensions';
import { counterState, imageTooLarge, MAX_REPORT_CHARS } from './limits';

export interface ReportEditorProps {
  initialContent: string;
  editable: boolean;
  /** Phrase text by code, for `\CODE` expansion (read at expansion time). */
  lookupPhrase: (code: string) => string | null;
  /** The text changed (by the user); `read` serialises it when needed. */
  onChange?: (read: () => string) => void;
  onEditor?: (editor: Editor | null) => void;
  limit?: number;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Inserts image files (each under 3,000 KB, spec 2 §5); false when there were none. */
export function insertImageFiles(editor: Editor, files: readonly File[], tooLargeMessage: string): boolean {
  const images = files.filter((f) => f.type.startsWith('image/'));
  if (images.length === 0) return false;
  for (const file of images) {
    if (imageTooLarge(file.size)) {
      notify(tooLargeMessage, 'error');
      continue;
    }
    void readAsDataUrl(file).then((src) => editor.chain().focus().setImage({ src, alt: file.name }).run());
  }
  return true;
}

/** The characters of the text (markup not counted) against the limit. */
export function EditorCounter({ editor, limit = MAX_REPORT_CHARS }: { editor: Editor; limit?: number }) {
  const { t, i18n } = useTranslation();
  const count = useCharacterCount(editor);
  const state = counterState(count, limit);
  const fmt = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  return (
    <Box sx={{ textAlign: 'right' }} data-testid="editor-counter" data-over={state.over ? 'true' : 'false'}>
      <Typography variant="caption" color={state.over ? 'error' : 'text.secondary'} component="div">
        {t('editor.counter', { chars: fmt.format(count), limit: fmt.format(limit) })}
      </Typography>
      {state.over && (
        <Typography variant="caption" color="error" component="div" role="alert" data-testid="editor-over-limit">
          {t('editor.overLimit')}
        </Typography>
      )}
    </Box>
  );
}

/** The TipTap editor of the report text. */
export function ReportEditor({ initialContent, editable, lookupPhrase, onChange, onEditor }: ReportEditorProps) {
  const { t } = useTranslation();
  const lookup = useRef(lookupPhrase);
  const changed = useRef(onChange);
  const tooLarge = useRef(t('editor.imageTooLarge'));
  useEffect(() => {
    lookup.current = lookupPhrase;
    changed.current = onChange;
    tooLarge.current = t('editor.imageTooLarge');
  });

  const editorRef = useRef<Editor | null>(null);
  const editor: Editor = useEditor({
    extensions: reportExtensions({ placeholder: t('editor.placeholder'), lookup: (code) => lookup.current(code) }),
    content: initialContent,
    parseOptions: PARSE_OPTIONS,
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': t('editor.editorLabel'),
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'report-editor',
        spellcheck: 'true',
      },
      handlePaste: (_view, event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        return files.length > 0 && editorRef.current !== null && insertImageFiles(editorRef.current, files, tooLarge.current);
      },
      handleDrop: (_view, event) => {
        const files = Array.from((event as DragEvent).dataTransfer?.files ?? []);
        return files.length > 0 && editorRef.current !== null && insertImageFiles(editorRef.current, files, tooLarge.current);
      },
    },
    onUpdate: ({ editor: e, transaction }) => {
      if (transaction.getMeta('laudos:external') === true) return;
      changed.current?.(() => e.getHTML());
    },
  });
  useEffect(() => {
    editorRef.current = editor;
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  // A read-only editor follows the saved text as it changes (live updates).
  useEffect(() => {
    if (editable || !editor || editor.isDestroyed) return;
    if (editor.getHTML() !== initialContent)
      editor.commands.setContent(initialContent, { emitUpdate: false, parseOptions: PARSE_OPTIONS });
  }, [editable, editor, initialContent]);

  return (
    <Box
      sx={(theme) => ({
        '& .ProseMirror': {
          minHeight: { xs: 320, md: 480 },
          outline: 'none',
          // where the typing goes, visible to a keyboard user (WCAG 2.4.7)
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
          px: { xs: 2, sm: 4 },
          py: 3,
          fontSize: 15,
          lineHeight: 1.6,
          color: 'text.primary',
          wordBreak: 'break-word',
        },
        '& .ProseMirror p': { my: 0.75 },
        '& .ProseMirror h1, & .ProseMirror h2, & .ProseMirror h3': { mt: 2, mb: 1, lineHeight: 1.3 },
        '& .ProseMirror h1': { fontSize: 24 },
        '& .ProseMirror h2': { fontSize: 20 },
        '& .ProseMirror h3': { fontSize: 17 },
        '& .ProseMirror table': { borderCollapse: 'collapse', my: 1.5, tableLayout: 'fixed' },
        '& .ProseMirror td, & .ProseMirror th': {
          border: `1px solid ${theme.palette.divider}`,
          p: 0.75,
          verticalAlign: 'top',
          minWidth: 40,
        },
        '& .ProseMirror .selectedCell': { bgcolor: 'action.selected' },
        '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
        '& .ProseMirror img.ProseMirror-selectednode': { outline: `2px solid ${theme.palette.primary.main}` },
        '& .ProseMirror p.is-editor-empty:first-of-type::before': {
          content: 'attr(data-placeholder)',
          color: 'text.disabled',
          float: 'left',
          height: 0,
          pointerEvents: 'none',
        },
      })}
    >
      <EditorContent editor={editor} />
    </Box>
  );
}
