import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/**
 * Asks for an irreversible action (spec 3: merge or split, irreversible): the user types the
 * word shown; the button stays disabled until it matches (the API checks the same word).
 */
export function IrreversibleDialog(props: {
  title: string;
  body: string;
  word: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toUpperCase() === props.word;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches && !props.pending) props.onConfirm(typed.trim());
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" data-testid="irreversible-dialog">
      <form onSubmit={submit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('studyMaintenance.irreversible')}</Alert>
            <Typography variant="body2">{props.body}</Typography>
            <TextField
              autoFocus
              fullWidth
              size="small"
              label={t('studyMaintenance.typeToConfirm', { word: props.word })}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'irreversible-word', autoComplete: 'off', maxLength: 20 } }}
            />
            {props.error && <Alert severity="error">{props.error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('studyMaintenance.cancel')}</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!matches || props.pending}
            data-testid="irreversible-confirm"
          >
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
