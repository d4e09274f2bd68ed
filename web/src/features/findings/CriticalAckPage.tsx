import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { BrandLogo } from '../../theme/BrandLogo';
import { acknowledge, fetchAckView } from './communications-api';

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {value ?? '—'}
      </Typography>
    </Box>
  );
}

/**
 * The acknowledgement link of an e-mailed critical finding (issue 18): no login, the link is its
 * own single-use key. Shows the finding and the patient's initials; the receiver types their
 * name and confirms once. A used or unknown link shows the API's message.
 */
export function CriticalAckPage() {
  const { t, i18n } = useTranslation();
  const token = useParams().token ?? '';
  const [name, setName] = useState('');
  const view = useQuery({
    queryKey: ['criticalAck', token],
    queryFn: ({ signal }) => fetchAckView(token, signal),
    retry: false,
    meta: { silent: true },
  });
  const ack = useMutation({ mutationFn: () => acknowledge(token, name.trim()) });
  const d = view.data;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Stack spacing={2}>
        <Box>
          <BrandLogo />
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('criticalComm.ackTitle')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="critical-ack">
          {view.isPending && <Skeleton variant="rounded" height={160} />}
          {view.isError && (
            <Alert severity="warning" data-testid="critical-ack-error">
              {describeError(view.error, t)}
            </Alert>
          )}
          {d && (
            <Stack spacing={1.5}>
              <Typography variant="body2">{t('criticalComm.ackIntro')}</Typography>
              <Row label={t('criticalComm.finding')} value={d.findingText} />
              <Row label={t('criticalComm.identifiedAt')} value={formatDateTime(d.identifiedAt, i18n.language)} />
              <Row label={t('criticalComm.patient')} value={d.patientInitials} />
              <Row label={t('criticalComm.accession')} value={d.accessionNumber} />
              <Row label={t('criticalComm.exam')} value={d.examType} />
              <Row label={t('criticalComm.institution')} value={d.institution} />
              <Row label={t('criticalComm.reportingDoctor')} value={d.reportingDoctor} />
              <Row label={t('criticalComm.addressedTo')} value={d.addressedTo} />
              {ack.data ? (
                <Alert severity="success" data-testid="critical-ack-done">
                  {t('criticalComm.done', { at: formatDateTime(ack.data.acknowledgedAt, i18n.language) })}
                </Alert>
              ) : (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
                  <TextField
                    size="small"
                    label={t('criticalComm.yourName')}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'critical-ack-name' } }}
                    sx={{ flex: 1 }}
                  />
                  <Button
                    variant="contained"
                    disabled={!name.trim() || ack.isPending}
                    onClick={() => ack.mutate()}
                    data-testid="critical-ack-confirm"
                  >
                    {t('criticalComm.confirm')}
                  </Button>
                </Stack>
              )}
              {ack.isError && <Alert severity="error">{describeError(ack.error, t)}</Alert>}
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
