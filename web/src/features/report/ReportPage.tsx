import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { StudyLoadError } from './StudyLoadError';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportRoute } from '../../lib/exam-path';
import { useExamRoute } from './use-exam-route';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { AttachmentsDialog } from '../attachments/AttachmentsDialog';
import { DownloadButtonGroup } from '../download/DownloadButtonGroup';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import LinkIcon from '@mui/icons-material/Link';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import { formatDateTime } from '../../../../domain/dates';
import { describeError, toApiError } from '../../lib/errors';
import { useSessionData } from '../auth/session';
import { StudyPrintDialog } from '../print/StudyPrintDialog';
import { usePrintAllowed } from '../print/usePrintAllowed';
import { PatientHeaderLine } from '../study-header/PatientHeaderLine';
import { StudyStatusChip } from '../studies/StudyStatusChip';
import { ACTION_ERROR_TITLES, ACTION_FALLBACKS } from './actions';
import type { StudyDetail } from './api';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { ResultAccessButton } from '../results-portal/ResultAccessButton';
import { ReassignButton } from './dialogs/ReassignButton';
import { editMode, shouldLeaveEditor } from './editor/edit-mode';
import { headerActions, type HeaderAction } from './editor/toolbar';
import { EditorWorkspace, workspaceKey } from './EditorWorkspace';
import { reportKeys } from './query-keys';
import { ReportActionErrorDialog } from './ReportActionErrorDialog';
import { useReportActions, type ActionFailure } from './use-editor-data';
import { useStudyDetail, useStudyDetailLive } from './use-report';
import { announceDraftRevision } from './editor/draft-revisions';
import { VersionsPanel } from './VersionsPanel';
import { SecondMonitorButton } from '../second-monitor/SecondMonitorButton';
import { StudyMaintenanceDialog } from '../study-maintenance/StudyMaintenanceDialog';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const HEADER_BUTTONS: Record<HeaderAction, { label: string; testId: string; icon: ReactNode }> = {
  start: { label: 'report.start', testId: 'start-report', icon: <PlayArrowIcon /> },
  restart: { label: 'editor.header.restart', testId: 'restart-report', icon: <ReplayIcon /> },
  startReview: { label: 'editor.header.startReview', testId: 'start-review', icon: <FactCheckOutlinedIcon /> },
  cancelReview: { label: 'editor.header.cancelReview', testId: 'cancel-review', icon: <CancelScheduleSendIcon /> },
  startTypedReview: { label: 'editor.header.startTypedReview', testId: 'start-typed-review', icon: <FactCheckOutlinedIcon /> },
  startTyping: { label: 'editor.header.startTyping', testId: 'start-typing', icon: <KeyboardIcon /> },
};

/** The message of a failed action: the server's description, else the spec's default for it. */
function failureMessage(failure: ActionFailure, t: TFunction): string {
  const e = toApiError(failure.error);
  const fallback = ACTION_FALLBACKS[failure.action];
  if (!e.description && fallback && !['NETWORK_ERROR', 'INTERNAL_ERROR', 'MALFORMED_REQUEST'].includes(e.code))
    return t(fallback);
  return describeError(failure.error, t);
}

function StudyReport({ study }: { study: StudyDetail }) {
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [maintenanceOpen, setMaintenanceOpen] = useState(false);
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const printAllowed = usePrintAllowed(session.currentAccountId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { report } = study;
  const account = session.currentAccountId ? session.accounts[session.currentAccountId] : undefined;
  // A scheduled exam (no institution) is the whole account's: any institution's permission counts (decision 005).
  const scheduled = study.institutionId === null;
  const can = (permission: string) =>
    session.superRole ||
    (account?.institutions ?? []).some((i) => (scheduled || i.id === study.institutionId) && i.permissions.includes(permission));
  const asStudy = scheduled
    ? null
    : { ...study, institutionId: study.institutionId ?? '', institutionName: study.institutionName ?? '' };
  const mode = editMode(report, session.id);
  const actions = useReportActions(study.id);
  const [confirmCancelReview, setConfirmCancelReview] = useState(false);
  const [narrationError, setNarrationError] = useState<unknown>(null);

  // flushSync: leaving must not wait behind the editor's own updates (a transition would).
  const listPath = scheduled ? '/scheduled-exams' : '/studies';
  const leave = useCallback(() => void navigate(listPath, { flushSync: true }), [navigate, listPath]);
  const editing = useRef(mode.editable);
  useEffect(() => {
    editing.current = mode.editable;
  });
  useStudyDetailLive(study, (doc) => {
    if (doc.draftRevision !== undefined)
      announceDraftRevision(doc.studyId, { revision: doc.draftRevision, writer: doc.draftWriter ?? null });
    if (shouldLeaveEditor(editing.current, doc.laudoState)) leave();
    else if (!editing.current) void queryClient.invalidateQueries({ queryKey: reportKeys.content(study.id) });
  });

  const canCreatePhrase = account?.isAdmin === true || can('PHRASES_CREATE_PHRASES_BY_ACCOUNT');

  const dash = '—';
  const buttons = headerActions(report.allowedActions);
  const transcriptionPath = `${reportRoute(study.id)}/transcription`;
  // The typist types in the transcription page (spec 1 §2), beside the narration's audio.
  const typing = report.state === 23 && report.transcriptionistUserId === session.id;
  const onHeader = (a: HeaderAction) => {
    if (a === 'cancelReview') setConfirmCancelReview(true);
    else if (a === 'startTyping')
      void actions.run(a).then((r) => {
        if (r) void navigate(transcriptionPath);
      });
    else void actions.run(a);
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="report-header">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography variant="h5" component="h1" data-testid="report-patient" sx={{ fontWeight: 600 }}>
              {study.patientName || dash}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.75 }}>
              <Typography variant="body2" color="text.secondary">
                {t('report.patientId')}: {study.patientId || dash}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                · {study.examType || dash}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                · {study.modalities.join(', ') || dash}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                · {formatDateTime(study.examDate, i18n.language) || dash}
              </Typography>
            </Stack>
            {!scheduled && <PatientHeaderLine studyId={study.id} />}
          </Box>
          <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', md: 'flex-end' } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              {report.studyIds.length > 1 && (
                <Chip size="small" icon={<LinkIcon />} label={t('editor.header.shared', { count: report.studyIds.length })} />
              )}
              <Box data-testid="report-state" data-state={report.state}>
                <StudyStatusChip state={report.state} size="medium" />
              </Box>
            </Stack>
            <ResultAccessButton studyId={study.id} />
            {typing && (
              <Button
                variant="contained"
                startIcon={<KeyboardIcon />}
                onClick={() => void navigate(transcriptionPath)}
                data-testid="continue-typing"
              >
                {t('editor.header.continueTyping')}
              </Button>
            )}
            {buttons.length > 0 || report.allowedActions.includes('reassign') ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {buttons.map((a) => (
                  <Button
                    key={a}
                    variant={a === 'cancelReview' ? 'outlined' : 'contained'}
                    startIcon={HEADER_BUTTONS[a].icon}
                    onClick={() => onHeader(a)}
                    loading={actions.pending === a}
                    loadingPosition="start"
                    data-testid={HEADER_BUTTONS[a].testId}
                  >
                    {t(HEADER_BUTTONS[a].label as 'report.start')}
                  </Button>
                ))}
                <ReassignButton studyId={study.id} report={report} run={actions.run} pending={actions.pending} />
              </Stack>
            ) : (
              report.state === 0 && (
                <Typography variant="body2" color="text.secondary" data-testid="report-no-actions">
                  {t('report.noActions')}
                </Typography>
              )
            )}
          </Stack>
        </Box>
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          {report.state === 0 ? (
            <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }} data-testid="report-not-started">
              <DescriptionOutlinedIcon color="disabled" sx={{ fontSize: 48 }} />
              <Typography variant="h6" sx={{ mt: 1 }}>
                {t('editor.notStarted')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {buttons.includes('start') || buttons.includes('restart') ? t('editor.notStartedHint') : t('report.noActions')}
              </Typography>
            </Paper>
          ) : (
            <EditorWorkspace
              key={workspaceKey(report, mode)}
              study={study}
              report={report}
              mode={mode}
              userId={session.id}
              accountId={session.currentAccountId}
              canCreatePhrase={canCreatePhrase}
              run={actions.run}
              pending={actions.pending}
              onNarrationError={setNarrationError}
              onLeave={leave}
            />
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="study-details">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {t('editor.header.studyDetails')}
          </Typography>
          <Stack spacing={1.5}>
            <Field label={t('report.exam')}>{study.examType || dash}</Field>
            <Field label={t('report.modality')}>{study.modalities.join(', ') || dash}</Field>
            <Field label={t('report.examDate')}>{formatDateTime(study.examDate, i18n.language) || dash}</Field>
            <Field label={t('report.accessionNumber')}>{study.accessionNumber || dash}</Field>
            {scheduled ? (
              <Field label={t('worklist.scheduledAt')} testId="report-scheduled-at">
                {formatDateTime(study.scheduledAt, i18n.language) || dash}
              </Field>
            ) : (
              <Field label={t('report.institution')}>{study.institutionName || dash}</Field>
            )}
            {study.examStatus && (
              <Field label={t('studyMaintenance.tabs.status')}>{t(`studyMaintenance.examStatus.${study.examStatus}`)}</Field>
            )}
            <Field label={t('report.doctor')}>{report.doctorName || study.doctorName || dash}</Field>
            <Field label={t('report.version')}>{report.version}</Field>
            <Field label={t('report.updatedAt')}>{formatDateTime(report.updatedAt, i18n.language) || dash}</Field>
          </Stack>
          {/* A scheduled exam has no images, files or study maintenance yet: only its report. */}
          {!scheduled && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
              <Button
                size="small"
                variant="outlined"
                startIcon={<AttachFileIcon />}
                onClick={() => setAttachmentsOpen(true)}
                data-testid="open-attachments"
              >
                {t('attachments.title')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                startIcon={<ImageSearchIcon />}
                onClick={() => void navigate(`/studies/${encodeURIComponent(study.id)}/viewer/general`)}
                data-testid="open-viewer"
              >
                {t('studies.openViewer')}
              </Button>
              <SecondMonitorButton viewerUrl={`/studies/${encodeURIComponent(study.id)}/viewer/general`} />
              {printAllowed && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<PrintOutlinedIcon />}
                  onClick={() => setPrintOpen(true)}
                  data-testid="open-print"
                >
                  {t('print.title')}
                </Button>
              )}
              <DownloadButtonGroup studyId={study.id} />
              <Button
                size="small"
                variant="outlined"
                startIcon={<BuildOutlinedIcon />}
                onClick={() => setMaintenanceOpen(true)}
                data-testid="open-study-maintenance"
              >
                {t('studyMaintenance.open')}
              </Button>
            </Stack>
          )}
        </Paper>
      </Box>

      <VersionsPanel studyId={study.id} />
      {maintenanceOpen && asStudy && (
        <StudyMaintenanceDialog
          study={asStudy}
          onClose={() => setMaintenanceOpen(false)}
          onInvalidated={() => void navigate('/studies')}
        />
      )}
      {printOpen && printAllowed && <StudyPrintDialog studyId={study.id} onClose={() => setPrintOpen(false)} />}
      <AttachmentsDialog
        studyId={attachmentsOpen ? study.id : null}
        title={[study.patientName, study.accessionNumber].filter(Boolean).join(' · ')}
        onClose={() => setAttachmentsOpen(false)}
      />

      <ConfirmDialog
        open={confirmCancelReview}
        title={t('editor.dialogs.cancelReviewTitle')}
        text={t('editor.dialogs.cancelReviewText')}
        pending={actions.pending === 'cancelReview'}
        onConfirm={() => void actions.run('cancelReview').then(() => setConfirmCancelReview(false))}
        onClose={() => setConfirmCancelReview(false)}
      />
      <ReportActionErrorDialog
        title={actions.failure ? t(ACTION_ERROR_TITLES[actions.failure.action]) : ''}
        error={actions.failure?.error ?? null}
        message={actions.failure ? failureMessage(actions.failure, t) : undefined}
        onClose={actions.clearFailure}
      />
      <ReportActionErrorDialog
        title={t('editor.errors.narrateTitle')}
        error={narrationError}
        onClose={() => setNarrationError(null)}
      />
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Stack spacing={2} aria-busy data-testid="report-loading">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="text" width="30%" />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton variant="rounded" height={36} />
        <Skeleton variant="rounded" height={360} sx={{ mt: 2 }} />
      </Paper>
    </Stack>
  );
}

/** /studies/report/:studyId — the report editor of a study (/scheduledExam/report/:studyId: of a scheduled exam). */
export function ReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { studyId, scheduled, listPath } = useExamRoute();
  const detail = useStudyDetail(studyId);
  // Beside the viewer's images (embedded) the viewer has its own way back.
  const embedded = new URLSearchParams(useLocation().search).get('embedded') === '1';

  let body: ReactNode;
  if (detail.data) {
    body = <StudyReport study={detail.data} />;
  } else if (detail.isError) {
    body = <StudyLoadError error={detail.error} onRetry={() => void detail.refetch()} testId="report-error" />;
  } else {
    body = <ReportSkeleton />;
  }

  return (
    <Stack spacing={2}>
      {!embedded && (
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(listPath)} data-testid="report-back">
            {scheduled ? t('worklist.backToWorklist') : t('report.backToStudies')}
          </Button>
        </Box>
      )}
      {body}
    </Stack>
  );
}
