import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { sameFilters, type StudyFilters } from './filters';
import type { FilterStore } from './saved-filters-store';
import {
  deleteSavedFilter,
  loadSavedFilters,
  SAVED_FILTER_NAME_MAX,
  saveFilter,
  savedFilterValue,
  type SavedFilter,
} from './saved-filters';

interface Props {
  accountId: string;
  store: FilterStore;
  filters: StudyFilters;
  onApply: (filters: StudyFilters) => void;
}

/** Saved filters of the account (kept in the user's settings on the server): pick, save, delete. */
export function SavedFiltersMenu({ accountId, store, filters, onApply }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [list, setList] = useState<SavedFilter[]>(() => loadSavedFilters(store, accountId));
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const openMenu = (el: HTMLElement) => {
    setList(loadSavedFilters(store, accountId));
    setAnchor(el);
  };
  const save = () => {
    setList(saveFilter(store, accountId, name, filters));
    setNaming(false);
    setName('');
  };
  const exists = list.some((f) => f.name.toLocaleLowerCase() === name.trim().toLocaleLowerCase());

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksIcon />}
        onClick={(e) => openMenu(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="saved-filters"
      >
        {t('studies.saved.button')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid="saved-filters-menu">
        {list.length === 0 && (
          <MenuItem disabled dense>
            {t('studies.saved.none')}
          </MenuItem>
        )}
        {list.map((f) => {
          const value = savedFilterValue(f);
          return (
            <MenuItem
              key={f.name}
              dense
              selected={sameFilters(value, filters)}
              onClick={() => {
                setAnchor(null);
                onApply(value);
              }}
              data-testid={`saved-filter-${f.name}`}
              sx={{ pr: 1 }}
            >
              <ListItemText primary={f.name} sx={{ mr: 2 }} />
              <IconButton
                size="small"
                edge="end"
                aria-label={t('studies.saved.delete', { name: f.name })}
                onClick={(e) => {
                  e.stopPropagation();
                  setList(deleteSavedFilter(store, accountId, f.name));
                }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          dense
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
          data-testid="saved-filters-save"
        >
          <ListItemIcon>
            <BookmarkAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('studies.saved.save')} />
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} maxWidth="xs" fullWidth>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) save();
          }}
        >
          <DialogTitle>{t('studies.saved.dialogTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('studies.saved.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              helperText={exists ? t('studies.saved.replaceHint') : ' '}
              slotProps={{ htmlInput: { maxLength: SAVED_FILTER_NAME_MAX, 'data-testid': 'saved-filter-name' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>{t('studies.saved.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!name.trim()} data-testid="saved-filter-confirm">
              {t('studies.saved.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
