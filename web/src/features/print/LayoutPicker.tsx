import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT_PRESETS, type Layout, MAX_LAYOUT } from '../../../../domain/print/options';

/** Spec 2 §2: layouts 4 per row from 945 px wide, 3 from 745 px, else 2. */
function usePerRow(): number {
  const wide = useMediaQuery('(min-width:945px)');
  const mid = useMediaQuery('(min-width:745px)');
  return wide ? 4 : mid ? 3 : 2;
}

const Mini = ({ layout }: { layout: Layout }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${layout.col}, 1fr)`, gap: '2px', width: 36, height: 44 }}>
    {Array.from({ length: layout.row * layout.col }, (_, i) => (
      <Box key={i} sx={{ bgcolor: 'text.secondary', borderRadius: '1px' }} />
    ))}
  </Box>
);

/**
 * The presets, the account's saved layouts that are not presets (quick picks, ADR 007) and
 * a custom picker up to 10x10 (spec 2 §5, §9).
 */
export function LayoutPicker({
  value,
  onChange,
  disabled,
  saved = [],
}: {
  value: Layout;
  onChange: (l: Layout) => void;
  disabled?: boolean;
  saved?: readonly Layout[];
}) {
  const { t } = useTranslation();
  const perRow = usePerRow();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hover, setHover] = useState<Layout>({ row: 1, col: 1 });
  const same = (l: Layout) => l.row === value.row && l.col === value.col;
  const layoutButton = (l: Layout, testId: string) => (
    <Button
      key={`${l.row}x${l.col}`}
      variant={same(l) ? 'contained' : 'outlined'}
      disabled={disabled}
      onClick={() => onChange(l)}
      data-testid={testId}
      aria-pressed={same(l)}
      sx={{ flexDirection: 'column', gap: 0.5, py: 1 }}
    >
      <Mini layout={l} />
      <Typography variant="caption">{`${l.row}x${l.col}`}</Typography>
    </Button>
  );
  return (
    <Box>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${perRow}, 1fr)`, gap: 1 }}
        data-testid="print-layouts"
        data-per-row={perRow}
      >
        {LAYOUT_PRESETS.map((l) => layoutButton(l, `print-layout-${l.row}x${l.col}`))}
      </Box>
      {saved.length > 0 && (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} id="print-saved-layouts">
            {t('print.savedLayouts')}
          </Typography>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: `repeat(${perRow}, 1fr)`, gap: 1 }}
            role="group"
            aria-labelledby="print-saved-layouts"
            data-testid="print-saved-layouts"
          >
            {saved.map((l) => layoutButton(l, `print-layout-saved-${l.row}x${l.col}`))}
          </Box>
        </>
      )}
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="print-layout-custom"
      >
        {t('print.customLayout')} ({value.row}x{value.col})
      </Button>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <Box sx={{ p: 1.5 }}>
          <Typography variant="caption">{`${hover.row}x${hover.col}`}</Typography>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: `repeat(${MAX_LAYOUT}, 16px)`, gap: '2px' }}
            data-testid="print-layout-grid"
          >
            {Array.from({ length: MAX_LAYOUT * MAX_LAYOUT }, (_, i) => {
              const cell = { row: Math.floor(i / MAX_LAYOUT) + 1, col: (i % MAX_LAYOUT) + 1 };
              const on = cell.row <= hover.row && cell.col <= hover.col;
              return (
                <Box
                  key={i}
                  data-testid={`print-layout-cell-${cell.row}x${cell.col}`}
                  onMouseEnter={() => setHover(cell)}
                  onClick={() => {
                    onChange(cell);
                    setAnchor(null);
                  }}
                  sx={{
                    width: 16,
                    height: 16,
                    cursor: 'pointer',
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: on ? 'primary.light' : 'background.paper',
                  }}
                />
              );
            })}
          </Box>
        </Box>
      </Popover>
    </Box>
  );
}
