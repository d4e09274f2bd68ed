import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';

/** Moves a chosen image up or down the PDF's order, or takes it out. */
export function OrderButtons({
  index,
  length,
  onMove,
  onRemove,
}: {
  index: number;
  length: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row">
      <IconButton size="small" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('reportImages.moveUp')}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" disabled={index === length - 1} onClick={() => onMove(1)} aria-label={t('reportImages.moveDown')}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={onRemove} aria-label={t('reportImages.remove')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
