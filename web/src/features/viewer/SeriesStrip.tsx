import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { SeriesPreview } from './api';

/** The series of the study, each with its thumbnail, description and image count. */
export function SeriesStrip(props: {
  series: SeriesPreview;
  currentId: string | undefined;
  token: string;
  onPick: (seriesId: string) => void;
}) {
  const { t } = useTranslation();
  const { series, token } = props;
  const current = { seriesId: props.currentId };
  const pickSeries = props.onPick;
  return (
    <Box
      component="nav"
      aria-label={t('viewer.series')}
      sx={{ width: 132, flexShrink: 0, overflowY: 'auto', borderRight: '1px solid #333', p: 0.5 }}
      data-testid="viewer-series-list"
    >
      {series.map((s) => (
        <ButtonBase
          key={s.seriesId}
          onClick={() => pickSeries(s.seriesId)}
          sx={{
            display: 'block',
            width: '100%',
            mb: 0.5,
            p: 0.5,
            borderRadius: 1,
            textAlign: 'left',
            outline: s.seriesId === current?.seriesId ? '2px solid #4fc3f7' : 'none',
          }}
          aria-current={s.seriesId === current?.seriesId}
          data-testid={`viewer-series-${s.seriesId}`}
        >
          <Box
            component="img"
            src={`${s.url}?token=${encodeURIComponent(token)}`}
            alt=""
            sx={{ width: '100%', aspectRatio: '1', objectFit: 'contain', bgcolor: '#111', display: 'block' }}
          />
          <Typography variant="caption" component="div" noWrap title={s.description}>
            {s.description || s.modality}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: '#aaa' }}>
            {t('viewer.images', { count: s.instanceCount })}
          </Typography>
        </ButtonBase>
      ))}
    </Box>
  );
}
