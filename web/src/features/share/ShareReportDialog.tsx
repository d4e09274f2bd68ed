import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../../../../domain/mail/email';
import { notify } from '../../app/notifications/store';
import { ReportActionErrorDialog } from '../report/ReportActionErrorDialog';
import { outboxKey, shareReport } from './api';

/**
 * Spec 1 §2 'Share report by e-mail': one address; Send stays disabled until it is a valid
 * address (§5, the same check the api runs); a failure shows 'Erro ao compartilhar o PDF do
 * laudo' with the server's description (§8).
 */
export function ShareReportDialog({ studyId, open, onClose }: { studyId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = isValidEmail(email);
  const send = useMutation({
    mutationFn: () => shareReport(studyId, email.trim()),
    meta: { silent: true },
    onSuccess: (message) => {
      notify(t(message.status === 'stored' ? 'share.stored' : 'share.sent', { email: message.to }), 'success');
      void queryClient.invalidateQueries({ queryKey: outboxKey });
      setEmail('');
      setTouched(false);
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !send.isPending) send.mutate();
  };
  const showInvalid = touched && email.trim() !== '' && !valid;

  return (
    <>
      <Dialog
        open={open}
        onClose={send.isPending ? undefined : onClose}
        fullWidth
        maxWidth="xs"
        aria-labelledby="share-report-title"
        data-testid="share-dialog"
      >
        <DialogTitle id="share-report-title">{t('share.title')}</DialogTitle>
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('share.text')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              type="email"
              label={t('share.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(true)}
              error={showInvalid}
              helperText={showInvalid ? t('share.emailInvalid') : ' '}
              disabled={send.isPending}
              autoComplete="email"
              slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH + 10, 'data-testid': 'share-email' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={send.isPending} data-testid="share-cancel">
              {t('share.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              startIcon={<SendIcon />}
              disabled={!valid}
              loading={send.isPending}
              loadingPosition="start"
              data-testid="share-send"
            >
              {t('share.send')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ReportActionErrorDialog title={t('share.errorTitle')} error={send.error} onClose={() => send.reset()} />
    </>
  );
}
