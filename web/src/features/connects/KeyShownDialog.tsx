import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { notify } from '../../app/notifications/store';

/** A new key, shown this once: the platform keeps only its hash. */
export function KeyShownDialog({ shown, onClose }: { shown: { key: string; connectName: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(shown.key).then(
      () => notify(t('connects.keys.copied'), 'success'),
      () => notify(t('connects.keys.copyFailed'), 'error'),
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="connect-key-dialog">
      <DialogTitle>{t('connects.keys.shownTitle', { name: shown.connectName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('connects.keys.shownOnce')}</Alert>
          <TextField
            label={t('connects.keys.key')}
            value={shown.key}
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'connect-key-value', style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton aria-label={t('connects.keys.copy')} onClick={() => void copy()}>
                      <ContentCopyIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="connect-key-close">
          {t('connects.keys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
