/**
 * 'Acesso ao resultado' on the report page (issue 18): a code for the patient's receipt, or the
 * access sent by e-mail or WhatsApp (with the free messages left). The code is shown once — the
 * server keeps only its hash — so printing again makes a new one.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { formatDateTime } from '../../../../domain/dates';
import type { ResultAccessAnswer } from '../../../../domain/portal/results-portal';
import { ApiError, describeError } from '../../lib/errors';
import { createResultAccess, fetchResultAccess, resultAccessKey, sendResultAccess } from './staff-api';

type Channel = 'print' | 'email' | 'whatsapp';

export function ResultAccessButton({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<KeyOutlined />} onClick={() => setOpen(true)} data-testid="result-access">
        {t('portal.staff.button')}
      </Button>
      {open && <ResultAccessDialog studyId={studyId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ResultAccessDialog({ studyId, onClose }: { studyId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: resultAccessKey(studyId),
    queryFn: ({ signal }) => fetchResultAccess(studyId, signal),
    retry: false,
  });
  const [channel, setChannel] = useState<Channel>('print');
  const [to, setTo] = useState('');
  const [given, setGiven] = useState<ResultAccessAnswer | null>(null);
  const give = useMutation({
    mutationFn: () =>
      channel === 'print'
        ? createResultAccess(studyId, Boolean(status.data?.active))
        : sendResultAccess(studyId, { channel, to: to.trim() }),
    meta: { silent: true },
    onSuccess: (answer) => {
      setGiven(answer);
      void client.invalidateQueries({ queryKey: resultAccessKey(studyId) });
    },
  });
  const disabled = status.error instanceof ApiError && status.error.code === 'RESULTS_PORTAL_DISABLED';
  const whatsapp = status.data?.whatsapp;
  const canSend = channel === 'print' || to.trim().length > 0;

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="result-access-title">
      <DialogTitle id="result-access-title">{t('portal.staff.title')}</DialogTitle>
      <DialogContent>
        {status.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : status.isError ? (
          <Alert severity={disabled ? 'info' : 'error'} data-testid="result-access-unavailable">
            {describeError(status.error, t)}
          </Alert>
        ) : given ? (
          <Stack spacing={1.5} data-testid="result-access-given">
            <Typography variant="body2">{channel === 'print' ? t('portal.staff.printIt') : t('portal.staff.sent')}</Typography>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontFamily: 'monospace', letterSpacing: 2, textAlign: 'center' }}
              data-testid="result-access-code"
            >
              {given.code}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('portal.staff.where', { url: `${window.location.origin}/resultados` })}
            </Typography>
            {given.whatsappRemaining !== null && (
              <Alert severity={given.whatsappRemaining <= 5 ? 'warning' : 'info'} data-testid="result-access-whatsapp-left">
                {t('portal.staff.whatsappLeft', { count: given.whatsappRemaining })}
              </Alert>
            )}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary" data-testid="result-access-status">
              {status.data.active
                ? t('portal.staff.active', { date: formatDateTime(status.data.active.createdAt, i18n.language) })
                : t('portal.staff.none')}
            </Typography>
            <TextField
              select
              label={t('portal.staff.channel')}
              value={channel}
              onChange={(e) => setChannel(e.target.value as Channel)}
              slotProps={{ htmlInput: { 'data-testid': 'result-access-channel' } }}
            >
              <MenuItem value="print">{t('portal.staff.channels.print')}</MenuItem>
              <MenuItem value="email">{t('portal.staff.channels.email')}</MenuItem>
              <MenuItem value="whatsapp" disabled={!whatsapp?.configured}>
                {whatsapp?.configured ? t('portal.staff.channels.whatsapp') : t('portal.staff.channels.whatsappOff')}
              </MenuItem>
            </TextField>
            {channel !== 'print' && (
              <TextField
                label={channel === 'email' ? t('portal.staff.email') : t('portal.staff.phone')}
                value={to}
                onChange={(e) => setTo(e.target.value)}
                type={channel === 'email' ? 'email' : 'tel'}
                slotProps={{ htmlInput: { 'data-testid': 'result-access-to', maxLength: channel === 'email' ? 254 : 20 } }}
              />
            )}
            {channel === 'whatsapp' && whatsapp?.remaining !== null && whatsapp?.remaining !== undefined && (
              <Alert severity={whatsapp.remaining <= 5 ? 'warning' : 'info'} data-testid="result-access-whatsapp-quota">
                {t('portal.staff.whatsappLeft', { count: whatsapp.remaining })}
              </Alert>
            )}
            {status.data.active && channel === 'print' && <Alert severity="warning">{t('portal.staff.replaces')}</Alert>}
            {give.isError && (
              <Alert severity="error" data-testid="result-access-error">
                {describeError(give.error, t)}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="result-access-close">
          {t('portal.staff.close')}
        </Button>
        {!given && status.isSuccess && (
          <Button
            variant="contained"
            onClick={() => give.mutate()}
            loading={give.isPending}
            disabled={!canSend}
            data-testid="result-access-give"
          >
            {channel === 'print' ? t('portal.staff.makeCode') : t('portal.staff.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
