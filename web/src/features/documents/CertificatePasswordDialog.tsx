import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/**
 * The certificate password (spec 2 §5): the confirm button stays disabled until a password
 * is typed. The password only travels with the one request; it is never kept.
 */
export function CertificatePasswordDialog({
  open,
  confirmLabel,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  confirmLabel: string;
  pending: boolean;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = () => {
    if (password) onSubmit(password);
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="certificate-password-dialog">
      <DialogTitle>{t('documents.passwordTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('documents.passwordText')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          type="password"
          autoComplete="off"
          label={t('documents.passwordLabel')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          slotProps={{ htmlInput: { 'data-testid': 'certificate-password' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('documents.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!password}
          loading={pending}
          onClick={submit}
          data-testid="certificate-password-submit"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
