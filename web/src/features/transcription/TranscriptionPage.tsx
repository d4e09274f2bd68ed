import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import UndoIcon from '@mui/icons-material/Undo';
import { notify } from '../../app/notifications/store';
import { describeError, toApiError } from '../../lib/errors';
import { useSessionData } from '../auth/session';
import { ACTION_ERROR_TITLES } from '../report/actions';
import { fetchReportContent, type StudyDetail } from '../report/api';
import { ConfirmDialog } from '../report/dialogs/ConfirmDialog';
import { FormattingBar } from '../report/editor/FormattingBar';
import { MAX_REPORT_CHARS } from '../report/editor/limits';
import { clearLocalDraft, readLocalDraft, writeLocalDraft } from '../report/editor/local-drafts';
import { findPhraseByCode, phraseToHtml, type Phrase } from '../report/editor/phrases';
import { PhrasePicker } from '../report/editor/PhrasePicker';
import { EditorCounter, ReportEditor } from '../report/editor/ReportEditor';
import { reportKeys } from '../report/query-keys';
import { ReportActionErrorDialog } from '../report/ReportActionErrorDialog';
import { useReportActions, usePhrases } from '../report/use-editor-data';
import { useStudyDetail, useStudyDetailLive } from '../report/use-report';
import { StudyStatusChip } from '../studies/StudyStatusChip';
import { NarrationPlayer } from './NarrationPlayer';

/** How long after the last key the typed text is kept in this browser. */
const LOCAL_KEEP_MS = 600;

const reportPath = (studyId: string) => `/studies/report/${encodeURIComponent(studyId)}`;

/**
 * The typist's workspace (state 23, held by this typist): the narration beside the editor.
 * The workflow keeps no draft while typing (spec 1 §4 autosaves 1, 12 and 25 only), so the
 * text is kept in this browser (IndexedDB) until it is finished or given back.
 */
function TypingWorkspace({ study }: { study: StudyDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionData();
  const { report } = study;
  const actions = useReportActions(study.id);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [keptLocally, setKeptLocally] = useState(false);
  const [picking, setPicking] = useState(false);
  const phrases = usePhrases(session.currentAccountId, '', true);
  const phraseList = useRef<Phrase[]>([]);
  useEffect(() => {
    phraseList.current = phrases.data ?? [];
  }, [phrases.data]);
  const lookupPhrase = useCallback((code: string) => findPhraseByCode(phraseList.current, code)?.phrase ?? null, []);

  // The text the doctor left before narrating, or this browser's copy of what was typed here.
  const initial = useQuery({
    queryKey: [...reportKeys.content(study.id), 'transcription', report.version],
    queryFn: async ({ signal }) => {
      const [saved, local] = await Promise.all([fetchReportContent(study.id, signal), readLocalDraft(study.id)]);
      const mine = local && local.laudoId === report.laudoId && local.version === report.version && local.field === 'content';
      return { content: mine ? local.content : (saved.laudoContent ?? ''), restored: Boolean(mine) };
    },
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keep = useCallback(
    (read: () => string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void writeLocalDraft(study.id, {
          laudoId: report.laudoId,
          version: report.version,
          field: 'content',
          content: read(),
          baseRevision: 0,
          writer: null,
          synced: false,
          savedAt: Date.now(),
        }).then(() => setKeptLocally(true));
      }, LOCAL_KEEP_MS);
    },
    [study.id, report.laudoId, report.version],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

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
    if (timer.current) clearTimeout(timer.current);
    void actions.run('finishTyping', { content: editor.getHTML() }).then((r) => {
      if (!r) return;
      void clearLocalDraft(study.id);
      void navigate('/studies');
    });
  }, [editor, actions, t, study.id, navigate]);

  const giveBack = () =>
    void actions.run('cancelTyping').then((r) => {
      if (!r) return;
      if (timer.current) clearTimeout(timer.current);
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

  let editorArea: ReactNode;
  if (initial.isError) editorArea = <Alert severity="error">{t('editor.contentError')}</Alert>;
  else if (!initial.data)
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
        initialContent={initial.data.content}
        editable
        lookupPhrase={lookupPhrase}
        onChange={keep}
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
          {initial.data?.restored && (
            <Alert severity="info" square data-testid="transcription-restored">
              {t('editor.restoredLocal')}
            </Alert>
          )}
          {editor && (
            <>
              <FormattingBar editor={editor} disabled={false} onPhrase={() => setPicking(true)} />
              <Divider />
            </>
          )}
          <Box sx={{ bgcolor: 'background.paper' }}>{editorArea}</Box>
          <Divider />
          <Box sx={{ px: 2, py: 0.75, display: 'flex', alignItems: 'center', gap: 2, minHeight: 40 }}>
            <Typography variant="caption" color="text.secondary" data-testid="transcription-kept">
              {keptLocally ? t('transcription.localSaved') : ''}
            </Typography>
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
        <Button
          variant="contained"
          startIcon={<DoneAllIcon />}
          onClick={finish}
          loading={actions.pending === 'finishTyping'}
          loadingPosition="start"
          disabled={!editor}
          data-testid="finish-typing"
        >
          {t('transcription.finish')}
        </Button>
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
  // The live document keeps the state current (another typist may take the report first).
  useStudyDetailLive(study);
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

/** /studies/report/:studyId/transcription — typing of narrated audio (spec 1 §2). */
export function TranscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { studyId = '' } = useParams();
  const detail = useStudyDetail(studyId);

  let body: ReactNode;
  if (detail.data) body = <TranscriptionBody study={detail.data} />;
  else if (detail.isError) {
    const notFound = toApiError(detail.error).code === 'NOT_FOUND';
    body = (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        data-testid="transcription-error"
        action={
          notFound ? undefined : (
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          )
        }
      >
        {notFound ? t('report.notFound') : `${t('report.loadError')} ${describeError(detail.error, t)}`}
      </Alert>
    );
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
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/studies')} data-testid="transcription-back">
          {t('report.backToStudies')}
        </Button>
      </Box>
      {body}
    </Stack>
  );
}
