import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { InitialContent } from './draft-content';
import { DraftConflictPanel } from './DraftConflictPanel';
import type { EditMode } from './edit-mode';
import { EditorCounter } from './ReportEditor';
import { SaveStatusText } from './SaveStatusText';
import type { useDraftAutosave } from './use-draft-autosave';

type Autosave = ReturnType<typeof useDraftAutosave>;

/** What the editor card says above the text: read-only, a restored draft, another tab's text. */
export function EditorNotices({
  mode,
  initial,
  autosave,
}: {
  mode: Pick<EditMode, 'editable' | 'cannotEdit'>;
  initial: InitialContent | null;
  autosave: Autosave;
}) {
  const { t } = useTranslation();
  return (
    <>
      {mode.cannotEdit && (
        <Alert severity="warning" square data-testid="cannot-edit">
          {t('editor.cannotEdit')}
        </Alert>
      )}
      {(initial?.source === 'local' || initial?.interrupted) && mode.editable && (
        <Alert
          severity="info"
          square
          data-testid="draft-restored"
          data-variant={initial.source === 'local' ? 'restored' : 'interrupted'}
        >
          {t(initial.source === 'local' ? 'editor.restoredLocal' : 'editor.restoredInterrupted')}
        </Alert>
      )}
      {autosave.conflict && (
        <DraftConflictPanel conflict={autosave.conflict} onKeepMine={autosave.keepMine} onTakeTheirs={autosave.takeTheirs} />
      )}
      {autosave.updatedElsewhere && !autosave.conflict && (
        <Alert severity="info" square onClose={autosave.dismissUpdated} data-testid="draft-updated-elsewhere">
          {t('editor.conflict.updatedElsewhere')}
        </Alert>
      )}
    </>
  );
}

/** The line under the text: the save status (or read-only) and the character count. */
export function EditorStatusLine({
  mode,
  editor,
  autosave,
  structuredEditable,
}: {
  mode: EditMode;
  editor: Editor | null;
  autosave: Autosave;
  /** The structured form has its own status: the line is hidden. */
  structuredEditable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {!structuredEditable && <Divider />}
      <Box
        sx={{
          px: 2,
          py: 0.75,
          display: structuredEditable ? 'none' : 'flex',
          alignItems: 'center',
          gap: 2,
          minHeight: 40,
        }}
      >
        {mode.editable ? (
          <SaveStatusText status={autosave.status} />
        ) : structuredEditable ? null : (
          <Typography variant="caption" color="text.secondary">
            {t('editor.readOnly')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {editor && mode.editable && <EditorCounter editor={editor} />}
      </Box>
    </>
  );
}
