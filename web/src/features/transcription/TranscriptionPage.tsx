import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { StudyLoadError } from '../report/StudyLoadError';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { reportRoute } from '../../lib/exam-path';
import { useExamRoute } from '../report/use-exam-route';
import { useEditorState, type Editor } from '@tiptap/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import UndoIcon from '@mui/icons-material/Undo';
import { notify } from '../../app/notifications/store';
import { useSessionData } from '../auth/session';
import { ACTION_ERROR_TITLES } from '../report/actions';
import type { StudyDetail } from '../report/api';
import { ConfirmDialog } from '../report/dialogs/ConfirmDialog';
import { FormattingBar } from '../report/editor/FormattingBar';
import { MAX_REPORT_CHARS } from '../report/editor/limits';
import { announceDraftRevision } from '../report/editor/draft-revisions';
import { PARSE_OPTIONS } from '../report/editor/extensions';
import { clearLocalDraft } from '../report/editor/local-drafts';
import { useInitialContent } from '../report/editor/use-initial-content';
import { useDraftBootstrap } from '../report/editor/use-draft-bootstrap';
import { EditorNotices } from '../report/editor/EditorCardParts';
import { SaveStatusText } from '../report/editor/SaveStatusText';
import { useCharacterCount } from '../report/editor/use-character-count';
import { useDraftAutosave } from '../report/editor/use-draft-autosave';
import { findPhraseByCode, phraseToHtml, type Phrase } from '../report/editor/phrases';
import { PhrasePicker } from '../report/editor/PhrasePicker';
import { EditorCounter, ReportEditor } from '../report/editor/ReportEditor';
import { ReportActionErrorDialog } from '../report/ReportActionErrorDialog';
import { useEditorSources, useReportActions, usePhrases } from '../report/use-editor-data';
import { useStudyDetail, useStudyDetailLive } from '../report/use-report';
import { StudyStatusChip } from '../studies/StudyStatusChip';
import { NarrationPlayer } from './NarrationPlayer';

const reportPath = reportRoute;
/** The typist always writes the report's text, with autosave, never a mask (no default mask here). */
const EDITING = { editable: true, cannotEdit: false, field: 'content', autosave: true, canChangeMask: false } as const;

/**
 * The typist's workspace (state 23, held by this typist): the narration beside the editor.
 * The text is autosaved as the study's draft as in the report editor (decision 023: the
 * typist's draft in 23), and kept in this browser until it is finished or given back.
 */
function TypingWorkspace({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionData();
  const { report } = study;
  const actions = useReportActions(study.id);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [picking, setPicking] = useState(false);
  const phrases = usePhrases(session.currentAccountId, '', true);
  const phraseList = useRef<Phrase[]>([]);
  useEffect(() => {
    phraseList.current = phrases.data ?? [];
  }, [phrases.data]);
  const lookupPhrase = useCallback((code: string) => findPhraseByCode(phraseList.current, code)?.phrase ?? null, []);

  // The text opens as in the report editor: the saved text, the server draft when newer, or
  // this browser's unsent copy (draft-content.ts).
  const sources = useEditorSources(study.id, true);
  const initial = useInitialContent(study.id, report, EDITING, sources);

  const read = useCallback(() => editor?.getHTML() ?? '', [editor]);
  const apply = useCallback(
    (html: string) => {
      if (editor && !editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false, parseOptions: PARSE_OPTIONS });
    },
    [editor],
  );
  const autosave = useDraftAutosave(
    {
      studyId: study.id,
      laudoId: report.laudoId,
      version: report.version,
      field: 'content',
      userId: session.id,
      revision: initial?.revision ?? 0,
    },
    initial !== null && report.allowedActions.includes('saveDraft'),
    { read, apply },
  );
  const { change: autosaveChange } = autosave;
  const onChange = useCallback((r: () => string) => autosaveChange(r), [autosaveChange]);
  // Unsent text of this browser goes to the server at once, or waits for the user's choice.
  useDraftBootstrap(study.id, editor, initial, EDITING, autosave, apply);

  const finish = useCallback(() => {
    if (!editor || actions.pending) return;
    if (editor.isEmpty) {
      notify(t('transcription.empty'), 'error');
      return;
    }
    const chars = (editor.storage.characterCount as { characters: () => number }).characters();
    if (chars > MAX_REPORT_CHARS) {
      notify(t('editor.overLimit'), 'error');
      return;
    }
    void actions.run('finishTyping', { content: editor.getHTML() }).then((r) => {
      if (!r) return;
      void clearLocalDraft(study.id);
      void navigate(study.institutionId === null ? '/scheduled-exams' : '/studies');
    });
  }, [editor, actions, t, study.id, navigate]);

  const giveBack = () =>
    void actions.run('cancelTyping').then((r) => {
      if (!r) return;
      void clearLocalDraft(study.id);
      setConfirmCancel(false);
      void navigate(reportPath(study.id));
    });

  // Ctrl+Enter finishes, as in the report editor.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key === 'Enter' && !confirmCancel) {
        e.preventDefault();
        e.stopPropagation();
        finish();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [finish, confirmCancel]);

  // Focus the text once it is there: the typist starts typing (and pedalling) at once.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.focus('end');
  }, [editor]);

  // As the report's own finish (spec 2 §4): not with an empty text, nor over the limit.
  const empty = useEditorState({ editor, selector: (ctx) => ctx.editor?.isEmpty ?? true });
  const chars = useCharacterCount(editor);
  const blocked = empty !== false || chars > MAX_REPORT_CHARS;

  let editorArea: ReactNode;
  if (sources.content.isError) editorArea = <Alert severity="error">{t('editor.contentError')}</Alert>;
  else if (!initial)
    editorArea = (
      <Box sx={{ p: 3 }} aria-busy data-testid="transcription-editor-loading">
        <Skeleton width="60%" />
        <Skeleton width="90%" />
        <Skeleton width="80%" />
      </Box>
    );
  else
    editorArea = (
      <ReportEditor
        initialContent={initial.content}
        editable
        lookupPhrase={lookupPhrase}
        onChange={onChange}
        onEditor={setEditor}
      />
    );

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '360px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0, position: { lg: 'sticky' }, top: { lg: 80 } }}>
          <NarrationPlayer studyId={study.id} />
        </Box>
        <Paper variant="outlined" sx={{ overflow: 'hidden', minWidth: 0 }} data-testid="transcription-editor-card">
          <EditorNotices mode={EDITING} initial={initial} autosave={autosave} />
          {editor && (
            <>
              <FormattingBar editor={editor} disabled={false} onPhrase={() => setPicking(true)} />
              <Divider />
            </>
          )}
          <Box sx={{ bgcolor: 'background.paper' }}>{editorArea}</Box>
          <Divider />
          <Box sx={{ px: 2, py: 0.75, display: 'flex', alignItems: 'center', gap: 2, minHeight: 40 }}>
            <SaveStatusText status={autosave.status} />
            <Box sx={{ flex: 1 }} />
            {editor && <EditorCounter editor={editor} />}
          </Box>
        </Paper>
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}
        data-testid="transcription-actions"
      >
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<UndoIcon />}
          onClick={() => setConfirmCancel(true)}
          data-testid="cancel-typing"
        >
          {t('transcription.cancel')}
        </Button>
        <Tooltip title={!blocked ? '' : empty !== false ? t('transcription.empty') : t('editor.overLimit')}>
          <span>
            <Button
              variant="contained"
              startIcon={<DoneAllIcon />}
              onClick={finish}
              loading={actions.pending === 'finishTyping'}
              loadingPosition="start"
              disabled={blocked}
              data-testid="finish-typing"
            >
              {t('transcription.finish')}
            </Button>
          </span>
        </Tooltip>
      </Paper>
      <ConfirmDialog
        open={confirmCancel}
        title={t('transcription.cancelTitle')}
        text={t('transcription.cancelText')}
        confirmLabel={t('transcription.cancel')}
        pending={actions.pending === 'cancelTyping'}
        onConfirm={giveBack}
        onClose={() => setConfirmCancel(false)}
        testId="cancel-typing-dialog"
      />
      <PhrasePicker
        open={picking}
        accountId={session.currentAccountId}
        onPick={(p) => {
          setPicking(false);
          editor?.chain().focus().insertContent(phraseToHtml(p.phrase)).run();
        }}
        onClose={() => setPicking(false)}
      />
      <ReportActionErrorDialog
        title={actions.failure ? t(ACTION_ERROR_TITLES[actions.failure.action]) : ''}
        error={actions.failure?.error ?? null}
        onClose={actions.clearFailure}
      />
    </>
  );
}

/** Narrated (22): the typist takes the report first ('Impossível iniciar a transcrição' when it cannot). */
function StartTyping({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const actions = useReportActions(study.id);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="transcription-start">
      <KeyboardIcon color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="body1" sx={{ mt: 1, mb: 2, maxWidth: 560, mx: 'auto' }}>
        {t('transcription.startHint')}
      </Typography>
      <Button
        variant="contained"
        startIcon={<KeyboardIcon />}
        onClick={() => void actions.run('startTyping')}
        loading={actions.pending === 'startTyping'}
        loadingPosition="start"
        data-testid="transcription-start-button"
      >
        {t('transcription.start')}
      </Button>
      <ReportActionErrorDialog
        title={actions.failure ? t(ACTION_ERROR_TITLES[actions.failure.action]) : ''}
        error={actions.failure?.error ?? null}
        onClose={actions.clearFailure}
      />
    </Paper>
  );
}

function TranscriptionBody({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionData();
  const { report } = study;
  // The live document keeps the state current (another typist may take the report first) and
  // tells the autosave of another tab's draft.
  useStudyDetailLive(study, (doc) => {
    if (doc.draftRevision !== undefined)
      announceDraftRevision(doc.studyId, { revision: doc.draftRevision, writer: doc.draftWriter ?? null });
  });
  const mine = report.state === 23 && report.allowedActions.includes('finishTyping');

  let content: ReactNode;
  if (mine) content = <TypingWorkspace key={`${report.laudoId}:${report.version}`} study={study} />;
  else if (report.state === 22 && report.allowedActions.includes('startTyping')) content = <StartTyping study={study} />;
  else
    content = (
      <Alert
        severity="info"
        data-testid="transcription-unavailable"
        action={
          <Button color="inherit" size="small" onClick={() => void navigate(reportPath(study.id))}>
            {t('transcription.backToReport')}
          </Button>
        }
      >
        {report.state === 23 && report.transcriptionistUserId !== session.id
          ? t('transcription.heldByOther')
          : t('transcription.notTypable')}
      </Alert>
    );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="transcription-header">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" component="div">
              {t('transcription.title')}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {study.patientName || '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[study.examType, study.modalities.join(', '), study.accessionNumber].filter(Boolean).join(' · ')}
              {report.doctorName ? ` · ${t('transcription.narratedBy', { name: report.doctorName })}` : ''}
            </Typography>
          </Box>
          <Box data-testid="transcription-state" data-state={report.state}>
            <StudyStatusChip state={report.state} size="medium" />
          </Box>
        </Box>
      </Paper>
      {content}
    </Stack>
  );
}

/** /studies/report/:studyId/transcription (or /scheduledExam/…) — typing of narrated audio (spec 1 §2). */
export function TranscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { studyId, scheduled, listPath } = useExamRoute();
  const detail = useStudyDetail(studyId);

  let body: ReactNode;
  if (detail.data) body = <TranscriptionBody study={detail.data} />;
  else if (detail.isError) {
    body = <StudyLoadError error={detail.error} onRetry={() => void detail.refetch()} testId="transcription-error" />;
  } else
    body = (
      <Stack spacing={2} aria-busy data-testid="transcription-loading">
        <Skeleton variant="rounded" height={88} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '360px 1fr' } }}>
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={420} />
        </Box>
      </Stack>
    );

  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(listPath)} data-testid="transcription-back">
          {scheduled ? t('worklist.backToWorklist') : t('report.backToStudies')}
        </Button>
      </Box>
      {body}
    </Stack>
  );
}
