import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';

const CINE_RATES = [10, 15, 25, 30, 50] as const;

/** Play/pause, the cine rate, and the frames really shown per second while playing. */
export function CineControls(props: {
  playing: boolean;
  onPlaying: (update: (playing: boolean) => boolean) => void;
  fps: number;
  onFps: (fps: number) => void;
  measuredFps: number | null;
}) {
  const { t } = useTranslation();
  const { playing, fps, measuredFps } = props;
  const setPlaying = props.onPlaying;
  const setFps = props.onFps;
  return (
    <>
      <Tooltip title={playing ? t('viewer.cine.pause') : t('viewer.cine.play')}>
        <IconButton
          size="small"
          color="inherit"
          onClick={() => setPlaying((p) => !p)}
          aria-pressed={playing}
          aria-label={playing ? t('viewer.cine.pause') : t('viewer.cine.play')}
          data-testid="viewer-cine-play"
        >
          {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Box
        component="select"
        value={fps}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => setFps(Number(e.target.value))}
        aria-label={t('viewer.cine.rate')}
        sx={{ bgcolor: '#111', color: '#eee', border: '1px solid #444', borderRadius: 1, fontSize: 12, py: 0.25 }}
        data-testid="viewer-cine-rate"
      >
        {[...new Set([...CINE_RATES, fps])]
          .sort((x, y) => x - y)
          .map((r) => (
            <option key={r} value={r}>
              {t('viewer.cine.fps', { fps: r })}
            </option>
          ))}
      </Box>
      {playing && (
        <Typography variant="caption" data-testid="viewer-cine-fps" aria-live="off">
          {measuredFps === null ? '' : t('viewer.cine.shown', { fps: measuredFps })}
        </Typography>
      )}
    </>
  );
}
