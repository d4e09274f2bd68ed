/** Invite by e-mail: a registered user is associated at once, a new one gets the invitation. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isValidEmail } from '../../../../domain/people/email';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { inviteUser, usersKeys } from './api';

export function InviteDialog({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [professional, setProfessional] = useState(false);
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: () => inviteUser(accountId, { email: email.trim(), name: name.trim() || undefined, professional }),
    meta: { silent: true },
    onSuccess: (answer) => {
      notify(t(`adminUsers.invite.${answer.result}`, { email: email.trim() }), 'success');
      void queryClient.invalidateQueries({ queryKey: usersKeys.all(accountId) });
      onClose();
    },
  });
  const wrong = touched && !isValidEmail(email);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (isValidEmail(email) && !send.isPending) send.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="invite-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('adminUsers.invite.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={t('adminUsers.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={wrong}
              helperText={wrong ? t('signup.email.invalid') : t('adminUsers.invite.help')}
              slotProps={{ htmlInput: { 'data-testid': 'invite-dialog-email', inputMode: 'email', autoCapitalize: 'none' } }}
            />
            <TextField
              label={t('adminUsers.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <FormControlLabel
              control={<Checkbox checked={professional} onChange={(e) => setProfessional(e.target.checked)} />}
              label={t('signup.invitations.professional')}
            />
            {send.isError && (
              <Alert severity="error" data-testid="invite-dialog-error">
                {describeError(send.error, t)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('adminUsers.cancel')}</Button>
          <Button type="submit" variant="contained" loading={send.isPending} data-testid="invite-dialog-send">
            {t('adminUsers.invite.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
