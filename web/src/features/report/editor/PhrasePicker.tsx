import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useDebounced } from '../../../lib/use-debounced';
import { usePhrases } from '../use-editor-data';
import { filterPhrases, type Phrase } from './phrases';

/** Debounce of the phrase search sent to the server (spec 2 §9: remote search 200 ms). */
const SEARCH_DEBOUNCE_MS = 200;

/** The phrase picker (Ctrl+Space): search by code or title, at most five, Enter inserts. */
export function PhrasePicker({
  open,
  accountId,
  onPick,
  onClose,
}: {
  open: boolean;
  accountId: string | null;
  onPick: (phrase: Phrase) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const all = usePhrases(accountId, '', open);
  const remote = usePhrases(accountId, debounced, open && debounced !== '');
  const source = (debounced && remote.data) || all.data || [];
  const results = filterPhrases(source, query);
  const unavailable = all.data === null;
  const pick = (p: Phrase | undefined) => {
    if (!p) return;
    onPick(p);
    setQuery('');
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      data-testid="phrase-picker"
      slotProps={{ transition: { onExited: () => setQuery('') } }}
    >
      <DialogTitle>{t('editor.phrases.pickerTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          placeholder={t('editor.phrases.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((i) => Math.min(i + 1, results.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              pick(results[active]);
            }
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('editor.phrases.search'), 'data-testid': 'phrase-search' },
          }}
          sx={{ mt: 0.5 }}
        />
        {(all.isFetching || remote.isFetching) && <LinearProgress sx={{ mt: 0.5 }} />}
        {unavailable ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('editor.phrases.unavailable')}
          </Alert>
        ) : all.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('errors.default')}
          </Alert>
        ) : results.length === 0 && !all.isPending ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('editor.phrases.empty')}
          </Typography>
        ) : (
          <List dense sx={{ mt: 1 }} role="listbox">
            {results.map((p, i) => (
              <ListItemButton
                key={p.id}
                selected={i === active}
                onClick={() => pick(p)}
                onMouseEnter={() => setActive(i)}
                role="option"
                aria-selected={i === active}
                data-testid={`phrase-option-${p.code}`}
              >
                <ListItemText
                  primary={
                    <>
                      <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 700, mr: 1 }}>
                        {p.code}
                      </Typography>
                      {p.title}
                    </>
                  }
                  secondary={p.phrase.replace(/<[^>]+>/g, ' ').slice(0, 140)}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('editor.phrases.hint')}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
