import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { SeriesThumbnail } from '../download/SeriesThumbnail';
import type { Tile } from './image-groups';

/** One image of the group: pressed when chosen, with its place in the PDF's order. */
export function ImageTile({ tile, number, onToggle }: { tile: Tile; number: number | null; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <ButtonBase
      focusRipple
      onClick={onToggle}
      aria-pressed={number !== null}
      aria-label={number !== null ? t('reportImages.selectedAs', { label: tile.label, n: number }) : tile.label}
      data-testid={`report-image-${tile.imageKey}`}
      sx={{
        display: 'block',
        position: 'relative',
        borderRadius: 1,
        overflow: 'hidden',
        outline: number !== null ? '3px solid' : '1px solid',
        outlineColor: number !== null ? 'primary.main' : 'divider',
        outlineOffset: -2,
      }}
    >
      <SeriesThumbnail src={tile.thumbnail} />
      {number !== null && (
        <Box
          sx={{
            position: 'absolute',
            top: 6,
            left: 6,
            minWidth: 26,
            height: 26,
            px: 0.5,
            borderRadius: 13,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: 14,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
          data-testid="report-image-number"
        >
          {number}
        </Box>
      )}
      <Typography
        variant="caption"
        sx={{ display: 'block', px: 0.5, py: 0.25, bgcolor: 'background.paper', textAlign: 'center' }}
        noWrap
      >
        {tile.label}
      </Typography>
    </ButtonBase>
  );
}
