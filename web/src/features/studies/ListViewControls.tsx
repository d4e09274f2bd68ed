import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { STUDY_LIST_COLUMNS, type StudyListColumn, type StudyListView } from '../../../../domain/studies/list-view';

/** Dense-mode switch and the column chooser of the study list (kept per user by the caller). */
export function ListViewControls({ view, onChange }: { view: StudyListView; onChange: (next: StudyListView) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = new Set(view.hidden);
  const toggle = (c: StudyListColumn) => {
    const next = new Set(hidden);
    if (next.has(c)) next.delete(c);
    else next.add(c);
    onChange({ ...view, hidden: STUDY_LIST_COLUMNS.filter((x) => next.has(x)) });
  };
  const denseLabel = view.dense ? t('studies.view.comfortable') : t('studies.view.dense');
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={denseLabel}>
        <IconButton
          size="small"
          onClick={() => onChange({ ...view, dense: !view.dense })}
          aria-label={t('studies.view.dense')}
          aria-pressed={view.dense}
          data-testid="studies-dense"
        >
          {view.dense ? <DensitySmallIcon fontSize="small" /> : <DensityMediumIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('studies.view.columns')}>
        <IconButton
          size="small"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('studies.view.columns')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="studies-columns"
        >
          <ViewColumnOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { dense: true } }}>
        <ListSubheader>{t('studies.view.columnsTitle')}</ListSubheader>
        <Divider />
        {STUDY_LIST_COLUMNS.map((c) => (
          <MenuItem
            key={c}
            onClick={() => toggle(c)}
            role="menuitemcheckbox"
            aria-checked={!hidden.has(c)}
            data-testid={`studies-column-${c}`}
          >
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={!hidden.has(c)} tabIndex={-1} disableRipple sx={{ p: 0 }} />
            </ListItemIcon>
            <ListItemText>{t(`studies.columns.${c}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
