import { useCallback, useEffect, useRef, useState } from 'react';
import { examPath } from '../../lib/exam-path';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Forward5Icon from '@mui/icons-material/Forward5';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Replay5Icon from '@mui/icons-material/Replay5';
import { describeError } from '../../lib/errors';
import { fetchBlob } from '../documents/api';
import { commandOf, formatClock, nextSpeed, type PlayerCommand, SKIP_SECONDS, SPEEDS, skipTo } from './hotkeys';

/** The narration's MP3 as an object URL (fetched with the session header). */
function useNarrationUrl(studyId: string) {
  const audio = useQuery({
    queryKey: ['narration', studyId],
    queryFn: () => fetchBlob(`${examPath(studyId)}/narratedReport`),
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
    meta: { silent: true },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!audio.data) return;
    const made = URL.createObjectURL(audio.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [audio.data]);
  return { audio, url };
}

/**
 * The narration's audio with play/pause, ±5 s and 0.5–2× speeds; its keys (hotkeys.ts) are
 * taken on the window before the editor, so a foot pedal works while the typist types.
 */
export function NarrationPlayer({ studyId, ctrlSpace = true }: { studyId: string; ctrlSpace?: boolean }) {
  const { t } = useTranslation();
  const { audio, url } = useNarrationUrl(studyId);
  const ref = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(1);

  const setSpeed = useCallback((r: number) => {
    setRate(r);
    if (ref.current) ref.current.playbackRate = r;
  }, []);

  const run = useCallback(
    (command: PlayerCommand) => {
      const el = ref.current;
      if (!el) return;
      if (command === 'toggle') {
        if (el.paused) void el.play().catch(() => undefined);
        else el.pause();
      } else if (command === 'back' || command === 'forward') {
        el.currentTime = skipTo(el.currentTime, command === 'back' ? -SKIP_SECONDS : SKIP_SECONDS, el.duration);
        setPosition(el.currentTime);
      } else {
        setSpeed(nextSpeed(el.playbackRate, command === 'slower' ? -1 : 1));
      }
    },
    [setSpeed],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const command = commandOf(e);
      // Beside the report editor Ctrl+Space is its phrase picker.
      if (!command || (!ctrlSpace && e.ctrlKey)) return;
      // Also stops the browser's own F1 (help) and F3 (find) while typing.
      e.preventDefault();
      e.stopPropagation();
      if (!e.repeat || command !== 'toggle') run(command);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [run, ctrlSpace]);

  let body;
  if (audio.isError)
    body = (
      <Alert severity="error" data-testid="narration-error">
        {t('transcription.audioError')} {describeError(audio.error, t)}
      </Alert>
    );
  else if (!url)
    body = (
      <Box aria-busy data-testid="narration-loading">
        <Typography variant="body2" color="text.secondary">
          {t('transcription.audioLoading')}
        </Typography>
        <Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />
      </Box>
    );
  else
    body = (
      <>
        <audio
          ref={(el) => {
            ref.current = el;
            if (el) el.playbackRate = rate;
          }}
          src={url}
          preload="auto"
          data-testid="narration-audio"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
          onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
          onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Tooltip title={`${t('transcription.back')} (F1)`}>
            <IconButton onClick={() => run('back')} aria-label={t('transcription.back')} data-testid="player-back">
              <Replay5Icon />
            </IconButton>
          </Tooltip>
          <Button
            variant="contained"
            onClick={() => run('toggle')}
            startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
            data-testid="player-toggle"
            data-playing={playing ? 'true' : 'false'}
            sx={{ minWidth: 132 }}
          >
            {playing ? t('transcription.pause') : t('transcription.play')} (F2)
          </Button>
          <Tooltip title={`${t('transcription.forward')} (F3)`}>
            <IconButton onClick={() => run('forward')} aria-label={t('transcription.forward')} data-testid="player-forward">
              <Forward5Icon />
            </IconButton>
          </Tooltip>
          <TextField
            select
            size="small"
            label={t('transcription.speed')}
            value={rate}
            onChange={(e) => setSpeed(Number(e.target.value))}
            sx={{ width: 110 }}
            slotProps={{ htmlInput: { 'data-testid': 'player-speed' } }}
          >
            {SPEEDS.map((s) => (
              <MenuItem key={s} value={s}>
                {`${s}×`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="player-clock">
            {formatClock(position)} / {formatClock(duration)}
          </Typography>
          <Slider
            size="small"
            min={0}
            max={Number.isFinite(duration) && duration > 0 ? duration : 1}
            step={0.1}
            value={Math.min(position, Number.isFinite(duration) && duration > 0 ? duration : 1)}
            onChange={(_, v) => {
              const el = ref.current;
              if (el && typeof v === 'number') {
                el.currentTime = v;
                setPosition(v);
              }
            }}
            aria-label={t('transcription.player')}
            sx={{ flex: 1, minWidth: 0 }}
          />
        </Stack>
      </>
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="narration-player">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('transcription.player')}
      </Typography>
      {body}
      <Box component="section" sx={{ mt: 2 }} data-testid="player-hotkeys">
        <Typography variant="caption" color="text.secondary" component="h3" sx={{ fontWeight: 600 }}>
          {t('transcription.hotkeysTitle')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'caption', color: 'text.secondary' }}>
          <li>{ctrlSpace ? t('transcription.hkPlay') : t('transcription.hkPlayF2')}</li>
          <li>{t('transcription.hkBack')}</li>
          <li>{t('transcription.hkForward')}</li>
          <li>{t('transcription.hkSpeed')}</li>
          {ctrlSpace && <li>{t('transcription.hkFinish')}</li>}
        </Box>
      </Box>
    </Paper>
  );
}
