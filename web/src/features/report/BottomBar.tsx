import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState, type Editor } from '@tiptap/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import type { ReportActionKey } from './actions';
import type { EditMode } from './editor/edit-mode';
import { MAX_REPORT_CHARS } from './editor/limits';
import { useCharacterCount } from './editor/use-character-count';

/**
 * Finish (or finish review), judged on the editor's text. useEditorState reads a new editor only
 * on its next transaction: the caller remounts this (only this) when the editor arrives, so the
 * rest of the bar — an open share or preview dialog among it — keeps its state.
 */
function FinishButton({
  editor,
  mode,
  structured,
  pending,
  onFinish,
}: {
  editor: Editor | null;
  mode: EditMode;
  structured: boolean;
  pending: ReportActionKey | null;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const empty = useEditorState({ editor, selector: (ctx) => ctx.editor?.isEmpty ?? true });
  const over = useCharacterCount(editor) > MAX_REPORT_CHARS;
  // A structured form is validated on finish (spec 2 §5), not judged by the empty rich text.
  const blocked = !structured && (empty !== false || over);
  if (!mode.finishAction) return null;
  const finishLabel = t(mode.finishAction === 'finishReview' ? 'editor.bottom.finishReview' : 'editor.bottom.finish');
  return (
    <Tooltip title={!blocked ? '' : empty !== false ? t('editor.bottom.emptyBlocksFinish') : over ? t('editor.overLimit') : ''}>
      <span>
        <Button
          variant="contained"
          startIcon={mode.finishAction === 'finishReview' ? <DoneAllIcon /> : <CheckCircleOutlineIcon />}
          disabled={blocked}
          loading={pending === mode.finishAction || pending === 'finishAndSign'}
          loadingPosition="start"
          onClick={onFinish}
          data-testid="finish-report"
        >
          {finishLabel}
        </Button>
      </span>
    </Tooltip>
  );
}

/** Finish / second opinion / change mask (spec 2 §2 bottom bar). */
export function BottomBar({
  editor,
  mode,
  showOpinion,
  pending,
  onFinish,
  onOpinion,
  onMask,
  onTags,
  structured = false,
  documents,
}: {
  structured?: boolean;
  editor: Editor | null;
  mode: EditMode;
  showOpinion: boolean;
  pending: ReportActionKey | null;
  onFinish: () => void;
  onOpinion: () => void;
  onMask: () => void;
  onTags: () => void;
  /** Preview, sign and download (documents feature). */
  documents: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ px: 2, py: 1.25, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
      role="toolbar"
      aria-label={t('editor.bottom.label')}
      data-testid="bottom-bar"
    >
      {mode.canChangeMask && (
        <Button startIcon={<ViewQuiltOutlinedIcon />} onClick={onMask} data-testid="bottom-change-mask">
          {t('editor.bottom.changeMask')}
        </Button>
      )}
      {showOpinion && (
        <Button startIcon={<PeopleAltOutlinedIcon />} onClick={onOpinion} data-testid="bottom-second-opinion">
          {t('editor.toolbar.secondOpinion')}
        </Button>
      )}
      <Button startIcon={<LocalOfferOutlinedIcon />} onClick={onTags} data-testid="bottom-tags">
        {t('editor.bottom.tags')}
      </Button>
      {documents}
      <Box sx={{ flex: 1 }} />
      {/* Editing shortcuts mean nothing on a text that cannot be typed in (issue 17). */}
      {mode.editable && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'block' } }}
          data-testid="bottom-shortcuts"
        >
          {t('editor.bottom.shortcuts')}
        </Typography>
      )}
      <FinishButton
        key={editor ? 'editor' : 'none'}
        editor={editor}
        mode={mode}
        structured={structured}
        pending={pending}
        onFinish={onFinish}
      />
    </Paper>
  );
}

