import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isValidEmail } from '../../../../domain/mail/email';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { profileKey, requestEmailChange } from './api';

/** A new e-mail and the current password: the new address gets a confirmation link. */
export function EmailChangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailError = !isValidEmail(email);

  const close = () => {
    setEmail('');
    setPassword('');
    setTouched(false);
    setError(null);
    onClose();
  };
  const send = useMutation({
    mutationFn: () => requestEmailChange(email.trim(), password),
    meta: { silent: true },
    onSuccess: (data) => {
      queryClient.setQueryData(profileKey, data);
      notify(t('profile.email.sent', { email: email.trim() }), 'success');
      close();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailError || !password) return;
    send.mutate();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="email-change-title">
      <form onSubmit={submit} noValidate data-testid="email-change-form">
        <DialogTitle id="email-change-title">{t('profile.email.dialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('profile.email.dialogText')}</DialogContentText>
          <TextField
            label={t('profile.email.new')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={touched && emailError}
            helperText={touched && emailError ? t('profile.email.invalid') : ' '}
            fullWidth
            autoFocus
            required
            slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'email-change-new', autoComplete: 'email' } }}
          />
          <TextField
            label={t('profile.email.currentPassword')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={touched && !password}
            helperText={touched && !password ? t('profile.email.passwordRequired') : ' '}
            fullWidth
            required
            slotProps={{
              htmlInput: { maxLength: 200, 'data-testid': 'email-change-password', autoComplete: 'current-password' },
            }}
          />
          {error && (
            <Alert severity="error" data-testid="email-change-error">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('profile.cancel')}</Button>
          <Button type="submit" variant="contained" loading={send.isPending} data-testid="email-change-send">
            {t('profile.email.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
