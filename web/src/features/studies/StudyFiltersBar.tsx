import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterListIcon from '@mui/icons-material/FilterList';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import SearchIcon from '@mui/icons-material/Search';
import { ALL_LAUDO_STATES } from '../../../../domain/laudo/states';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  MODALITIES,
  SEARCH_DEBOUNCE_MS,
  searchTooShort,
  SORT_ORDERS,
  usableSearch,
  type StudyFilters,
} from './filters';
import { SavedFiltersMenu } from './SavedFiltersMenu';
import type { FilterStore } from './saved-filters-store';
import { laudoStateLabel } from './state-label';

export interface StudyFiltersBarProps {
  filters: StudyFilters;
  onChange: (filters: StudyFilters) => void;
  institutions: readonly { id: string; name: string }[];
  /** Saved filters live per account; without one the menu is hidden. */
  accountId: string | null;
  /** Where saved filters are kept (the user's setting on the server). */
  filterStore: FilterStore;
}

/** The filter bar of the study list: every change goes up at once, except the text (400 ms). */
export function StudyFiltersBar({ filters, onChange, institutions, accountId, filterStore }: StudyFiltersBarProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:800px)');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(filters.q);
  const latest = useRef(filters);
  latest.current = filters;

  // the address bar changed (saved filter, clear, back button): show its text
  useEffect(() => {
    setText((typed) => (usableSearch(typed) === filters.q ? typed : filters.q));
  }, [filters.q]);

  useEffect(() => {
    const q = usableSearch(text);
    if (q === latest.current.q) return;
    if (searchTooShort(text)) return; // hint only; the list keeps its last search
    const id = setTimeout(() => onChange({ ...latest.current, q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, onChange]);

  const set = (patch: Partial<StudyFilters>) => onChange({ ...filters, ...patch });
  const count = activeFilterCount(filters);
  const tooShort = searchTooShort(text);
  const dateLabel = { inputLabel: { shrink: true } } as const;

  const fields = (
    <Stack
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', '& > .MuiFormControl-root': { minWidth: 140 } }}
    >
      <TextField
        size="small"
        label={t('studies.filters.text')}
        placeholder={t('studies.filters.textPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        helperText={tooShort ? t('studies.filters.textHint') : undefined}
        sx={{ flex: '1 1 260px', maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'data-testid': 'filter-text-input', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        data-testid="filter-text"
      />
      <TextField
        select
        size="small"
        label={t('studies.filters.modality')}
        value={filters.modality}
        onChange={(e) => set({ modality: e.target.value })}
        data-testid="filter-modality"
        sx={{ width: 140 }}
      >
        <MenuItem value="">{t('studies.filters.any')}</MenuItem>
        {MODALITIES.map((m) => (
          <MenuItem key={m} value={m}>
            {m}
          </MenuItem>
        ))}
      </TextField>
      {institutions.length > 0 && (
        <TextField
          select
          size="small"
          label={t('studies.filters.institution')}
          value={institutions.some((i) => i.id === filters.institutionId) ? filters.institutionId : ''}
          onChange={(e) => set({ institutionId: e.target.value })}
          data-testid="filter-institution"
          sx={{ width: 200 }}
        >
          <MenuItem value="">{t('studies.filters.any')}</MenuItem>
          {institutions.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label={t('studies.filters.status')}
        value={filters.status}
        onChange={(e) => {
          const v = e.target.value as unknown;
          const list = (Array.isArray(v) ? v : String(v).split(',')).map(Number).filter((n) => !Number.isNaN(n));
          set({ status: [...new Set(list)].sort((a, b) => a - b) });
        }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (sel) => {
              const list = sel as unknown as number[];
              if (list.length === 0) return t('studies.filters.anyStatus');
              if (list.length === 1) return laudoStateLabel(t, list[0] ?? 0);
              return t('studies.filters.statusSelected', { count: list.length });
            },
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
          },
          inputLabel: { shrink: true },
        }}
        data-testid="filter-status"
        sx={{ width: 220 }}
      >
        {ALL_LAUDO_STATES.map((s) => (
          <MenuItem key={s} value={s} dense>
            <Checkbox size="small" checked={filters.status.includes(s)} sx={{ py: 0 }} />
            <ListItemText primary={laudoStateLabel(t, s)} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label={t('studies.filters.from')}
        value={filters.from}
        onChange={(e) => set({ from: e.target.value })}
        slotProps={{ ...dateLabel, htmlInput: { max: filters.to || undefined, 'data-testid': 'filter-from-input' } }}
        data-testid="filter-from"
        sx={{ width: 160 }}
      />
      <TextField
        size="small"
        type="date"
        label={t('studies.filters.to')}
        value={filters.to}
        onChange={(e) => set({ to: e.target.value })}
        slotProps={{ ...dateLabel, htmlInput: { min: filters.from || undefined, 'data-testid': 'filter-to-input' } }}
        data-testid="filter-to"
        sx={{ width: 160 }}
      />
      <TextField
        select
        size="small"
        label={t('studies.filters.sort')}
        value={filters.sort}
        onChange={(e) => set({ sort: SORT_ORDERS.find((o) => o === e.target.value) ?? 'desc' })}
        data-testid="filter-sort"
        sx={{ width: 200 }}
      >
        <MenuItem value="desc">{t('studies.filters.sortDesc')}</MenuItem>
        <MenuItem value="asc">{t('studies.filters.sortAsc')}</MenuItem>
        <MenuItem value="received" data-testid="filter-sort-received">
          {t('studies.filters.sortReceived')}
        </MenuItem>
      </TextField>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 40, ml: { md: 'auto' } }}>
        {accountId && <SavedFiltersMenu accountId={accountId} store={filterStore} filters={filters} onApply={onChange} />}
        <Button
          size="small"
          startIcon={<FilterListOffIcon />}
          disabled={count === 0}
          onClick={() => {
            setText('');
            onChange(EMPTY_FILTERS);
          }}
          data-testid="filters-clear"
        >
          {t('studies.filters.clear')}
        </Button>
      </Stack>
    </Stack>
  );

  if (!narrow) return <Box data-testid="studies-filters">{fields}</Box>;
  return (
    <Box data-testid="studies-filters">
      <Button
        variant="outlined"
        size="small"
        startIcon={
          <Badge color="primary" badgeContent={count} invisible={count === 0}>
            <FilterListIcon />
          </Badge>
        }
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="filters-toggle"
      >
        {count ? t('studies.filters.titleCount', { count }) : t('studies.filters.title')}
      </Button>
      <Collapse in={open}>
        <Box sx={{ pt: 1.5 }}>{fields}</Box>
      </Collapse>
    </Box>
  );
}
