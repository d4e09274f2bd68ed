import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../domain/dates';
import { toApiError } from '../../lib/errors';
import { API_PREFIX } from '../../lib/api';
import { BrandLogo } from '../../theme/BrandLogo';
import { fetchVerification } from './api';

function Row({ label, value }: { label: string; value: string | number | null }) {
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

/** The public check of a signed report (the QR on the PDF leads here): no login. */
export function VerifyPage() {
  const { t, i18n } = useTranslation();
  const code = useParams().code ?? '';
  const q = useQuery({
    queryKey: ['documents', 'verify', code],
    queryFn: ({ signal }) => fetchVerification(code, signal),
    retry: false,
    meta: { silent: true },
  });
  const notFound = q.isError && toApiError(q.error).code === 'NOT_FOUND';
  const d = q.data;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Stack spacing={2}>
        <Box>
          <BrandLogo />
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('documents.verify.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('documents.verify.code')}: <strong>{code}</strong>
        </Typography>
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="verify-result">
          {q.isPending ? (
            <Box aria-busy>
              <Skeleton width="60%" />
              <Skeleton width="80%" />
              <Skeleton width="40%" />
            </Box>
          ) : notFound ? (
            <Alert severity="error" data-testid="verify-not-found">
              {t('documents.verify.notFound')}
            </Alert>
          ) : q.isError || !d ? (
            <Alert severity="warning">{t('documents.verify.error')}</Alert>
          ) : (
            <Stack spacing={1.5}>
              <Alert severity={d.status === 'valid' ? 'success' : 'warning'} data-testid="verify-status" data-status={d.status}>
                {t(d.status === 'valid' ? 'documents.verify.valid' : 'documents.verify.archived')}
              </Alert>
              <Row label={t('documents.verify.signer')} value={d.signerName} />
              <Row label={t('documents.verify.signedAt')} value={formatDateTime(d.signedAt, i18n.language)} />
              <Row label={t('documents.verify.certificate')} value={d.certificateSubject} />
              <Row label={t('documents.verify.institution')} value={d.institutionName} />
              <Row label={t('documents.verify.patient')} value={d.patientInitials} />
              <Row
                label={t('documents.verify.exam')}
                value={[d.examType, d.examDate ? formatDateTime(d.examDate, i18n.language) : null].filter(Boolean).join(' · ')}
              />
              <Row label={t('documents.verify.version')} value={d.version} />
              <Row label={t('documents.verify.hash')} value={d.sha256} />
              <Box>
                <Button
                  variant="outlined"
                  href={`${API_PREFIX}/public/verify/${encodeURIComponent(code)}/document`}
                  target="_blank"
                >
                  {t('documents.verify.open')}
                </Button>
              </Box>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
