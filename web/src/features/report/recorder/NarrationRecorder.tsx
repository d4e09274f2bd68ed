import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ReportView } from '../../../../../domain/studies/schemas';
import { notify as notifyUser } from '../../../app/notifications/store';
import { ApiError } from '../../../lib/errors';
import { sendIntent } from '../../../lib/intent';
import { uploadNarration } from '../api';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { blocksMaskChange, formatTimer, mustAskBeforeLeaving, type RecorderState } from './recorder-machine';
import { useLeaveGuard } from './use-leave-guard';
import { useNarrationRecorder } from './use-narration-recorder';

/** How long the microphone error stays on screen (spec 2 §8). */
export const MIC_ERROR_VISIBLE_MS = 4000;

const isMp3File = (f: File) => f.type === 'audio/mpeg' || /\.mp3$/i.test(f.name);

function micDetail(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

const STATE_COLOR: Record<RecorderState, 'default' | 'error' | 'warning' | 'success' | 'info'> = {
  idle: 'default',
  starting: 'info',
  recording: 'error',
  paused: 'warning',
  encoding: 'info',
  stopped: 'success',
  sending: 'info',
  sent: 'success',
};

/**
 * The report editor's audio recorder (spec 2 §2, §4): record, pause/resume, stop, listen,
 * re-record (overwrites) and send as audio/mpeg, or send an MP3 file instead. A panel beside
 * the text rather than a modal, so the doctor can read the study while narrating.
 */
export function NarrationRecorder({
  studyId,
  onSent,
  onError,
  onClose,
  onMaskLock,
  upload = uploadNarration,
  notify = notifyUser,
}: {
  studyId: string;
  onSent: (report: ReportView) => void;
  onError: (error: unknown) => void;
  onClose: () => void;
  /** true while the mask must not change (recording, spec 2 §4) */
  onMaskLock?: (locked: boolean) => void;
  /** the upload and the snackbar, replaceable in component tests */
  upload?: typeof uploadNarration;
  notify?: typeof notifyUser;
}) {
  const { t } = useTranslation();
  const onMicError = useCallback(
    (error: unknown) => notify(`${t('recorder.micError')}: ${micDetail(error)}`, 'error', MIC_ERROR_VISIBLE_MS),
    [t, notify],
  );
  const rec = useNarrationRecorder({ onMicError });
  const { stateRef } = rec;
  const ask = useCallback(() => mustAskBeforeLeaving(stateRef.current), [stateRef]);
  const blocker = useLeaveGuard(ask);
  const [confirmClose, setConfirmClose] = useState(false);
  const [invalidFile, setInvalidFile] = useState(false);
  const [noAccess, setNoAccess] = useState(false);
  const { state } = rec;
  const maskLocked = blocksMaskChange(state);
  useEffect(() => {
    onMaskLock?.(maskLocked);
  }, [maskLocked, onMaskLock]);
  useEffect(() => () => onMaskLock?.(false), [onMaskLock]);

  const send = () => {
    let report: ReportView | null = null;
    // One intent per recording: an answer lost to a 503 or the network is resent with its key,
    // and so is the user's next click, so an upload that went through is answered as done.
    const clip = rec.clip?.url ?? '';
    rec
      .send(async (audio) => {
        report = await sendIntent(`${studyId}:narrate`, clip, (key) => upload(studyId, audio, key));
      })
      .then((ok) => {
        if (!ok || !report) return;
        notify(t('recorder.saved'), 'success');
        onSent(report);
      })
      .catch((error: unknown) => {
        // without STUDIES_SAVE_NARRATED_REPORTS (e.g. taken away meanwhile): spec 2 §6's message
        if (error instanceof ApiError && error.status === 403) setNoAccess(true);
        else onError(error);
      });
  };

  const close = () => (mustAskBeforeLeaving(stateRef.current) ? setConfirmClose(true) : onClose());

  const recording = state === 'recording' || state === 'paused';
  // the level meter while the microphone is (or is about to be) in use; a busy bar while sending
  const live = recording || state === 'starting' || state === 'encoding' || state === 'sending';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="narration-recorder" data-state={state}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('recorder.title')}
        </Typography>
        <Chip size="small" color={STATE_COLOR[state]} label={t(`recorder.state.${state}`)} data-testid="recorder-state" />
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('recorder.close')}>
          <IconButton size="small" aria-label={t('recorder.close')} onClick={close} data-testid="recorder-close">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {state === 'idle' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('recorder.intro')}
        </Typography>
      )}

      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Typography
          aria-label={t('recorder.timer')}
          sx={{ fontFamily: 'monospace', fontSize: '1.5rem', fontVariantNumeric: 'tabular-nums' }}
          color={state === 'recording' ? 'error' : 'text.primary'}
          role="timer"
          data-testid="recorder-timer"
        >
          {formatTimer(rec.seconds)}
        </Typography>
        {live && (
          <Box sx={{ flex: 1, maxWidth: 280 }}>
            <LinearProgress
              variant={state === 'recording' || state === 'paused' ? 'determinate' : 'indeterminate'}
              value={Math.round(rec.level * 100)}
              color={state === 'recording' ? 'error' : 'primary'}
              aria-label={t('recorder.level')}
              data-testid="recorder-level"
              sx={{ height: 8, borderRadius: 4 }}
            />
          </Box>
        )}
      </Stack>

      {rec.clip && (state === 'stopped' || state === 'sending') && (
        <Box sx={{ mb: 1.5 }}>
          {rec.clip.fileName && (
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {rec.clip.fileName}
            </Typography>
          )}
          <audio
            controls
            src={rec.clip.url}
            aria-label={t('recorder.playback')}
            data-testid="recorder-playback"
            style={{ width: '100%' }}
          />
        </Box>
      )}

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(state === 'idle' || state === 'starting' || state === 'stopped') && (
          <Button
            variant={state === 'stopped' ? 'outlined' : 'contained'}
            color="error"
            startIcon={<FiberManualRecordIcon />}
            loading={state === 'starting'}
            loadingPosition="start"
            onClick={() => void rec.start()}
            data-testid="recorder-record"
          >
            {state === 'stopped' ? t('recorder.reRecord') : t('recorder.record')}
          </Button>
        )}
        {state === 'recording' && (
          <Button variant="outlined" startIcon={<PauseIcon />} onClick={() => void rec.pause()} data-testid="recorder-pause">
            {t('recorder.pause')}
          </Button>
        )}
        {state === 'paused' && (
          <Button
            variant="outlined"
            startIcon={<PlayArrowIcon />}
            onClick={() => void rec.resume()}
            data-testid="recorder-resume"
          >
            {t('recorder.resume')}
          </Button>
        )}
        {(recording || state === 'encoding') && (
          <Button
            variant="contained"
            startIcon={<StopIcon />}
            loading={state === 'encoding'}
            loadingPosition="start"
            onClick={() => void rec.stop()}
            data-testid="recorder-stop"
          >
            {t('recorder.stop')}
          </Button>
        )}
        {(state === 'idle' || state === 'stopped') && (
          <Button component="label" variant="text" startIcon={<UploadFileIcon />} data-testid="recorder-file">
            {t('recorder.chooseFile')}
            <input
              type="file"
              accept="audio/mpeg,.mp3"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setInvalidFile(!isMp3File(file));
                if (isMp3File(file)) rec.load(file);
              }}
            />
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {(state === 'stopped' || state === 'sending') && (
          <>
            <Button
              startIcon={<DeleteOutlineIcon />}
              disabled={state === 'sending'}
              onClick={rec.discard}
              data-testid="recorder-discard"
            >
              {t('recorder.discard')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              loading={state === 'sending'}
              loadingPosition="start"
              onClick={send}
              data-testid="recorder-send"
            >
              {t('recorder.send')}
            </Button>
          </>
        )}
      </Stack>
      {noAccess && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="recorder-no-access">
          {t('recorder.noAccess')}
        </Alert>
      )}
      {invalidFile && (
        <Alert severity="warning" sx={{ mt: 1.5 }} onClose={() => setInvalidFile(false)}>
          {t('recorder.invalidFile')}
        </Alert>
      )}

      <ConfirmDialog
        open={confirmClose}
        title={t('recorder.title')}
        text={t('recorder.discardQuestion')}
        confirmLabel={t('recorder.discard')}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
        onClose={() => setConfirmClose(false)}
        testId="recorder-discard-dialog"
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('recorder.title')}
        text={t('recorder.leaveQuestion')}
        confirmLabel={t('recorder.leave')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
        testId="recorder-leave-dialog"
      />
    </Paper>
  );
}
