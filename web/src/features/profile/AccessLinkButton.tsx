import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { AccessLinkAnswer } from '../../../../domain/auth/sessions';
import { toast } from '../../app/notifications/store';
import { apiRequest } from '../../lib/api';

/**
 * 'Abrir em outro dispositivo': a single-use access link (POST /auth/accessLink) to open the
 * platform in another browser or device without the password; shown once, with a copy button.
 */
export function AccessLinkButton({ onIssued }: { onIssued?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const issue = useMutation({
    mutationFn: () => apiRequest('/auth/accessLink', { method: 'POST', schema: AccessLinkAnswer }),
    onSuccess: () => {
      setOpen(true);
      onIssued?.();
    },
  });
  const link = issue.data;
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard.writeText(link.url).then(
      () => toast(t('sessions.accessLinkCopied'), 'success'),
      () => undefined, // no clipboard (insecure context): the field stays selectable
    );
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddLinkIcon />}
        disabled={issue.isPending}
        onClick={() => issue.mutate()}
        data-testid="sessions-access-link"
      >
        {t('sessions.accessLinkButton')}
      </Button>
      <Dialog open={open && Boolean(link)} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('sessions.accessLinkTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('sessions.accessLinkHint', { seconds: link?.expiresInSeconds ?? 0 })}
          </Typography>
          <TextField
            label={t('sessions.accessLinkLabel')}
            value={link?.url ?? ''}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'sessions-access-link-url' } }}
            onFocus={(e) => e.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {t('sessions.accessLinkCopy')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
