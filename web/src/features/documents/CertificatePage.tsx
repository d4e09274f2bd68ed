import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { formatDateTime } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { useSession } from '../auth/session';
import { fetchCertificate, removeCertificate, uploadCertificate } from './api';
import { ProfessionalIdForm } from './ProfessionalIdForm';

const certificateKey = ['documents', 'certificate'] as const;

/** My profile → digital certificate (spec 3 §2 'signature, certificate'): upload an A1 (.p12/.pfx). */
export function CertificatePage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: certificateKey,
    queryFn: ({ signal }) => fetchCertificate(signal),
    meta: { silent: true },
  });
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: certificateKey });
    // The session's personalKeyId decides whether finishing asks for the password.
    session.revalidate();
  };
  const upload = useMutation({
    mutationFn: () => uploadCertificate(file!, password),
    meta: { silent: true },
    onSuccess: () => {
      setFile(null);
      setPassword('');
      setError(null);
      notify(t('documents.success.uploaded'), 'success');
      changed();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const remove = useMutation({
    mutationFn: removeCertificate,
    meta: { silent: true },
    onSuccess: () => {
      notify(t('documents.success.removed'), 'success');
      changed();
    },
    onError: (err) => setError(describeError(err, t)),
  });

  const cert = current.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }} data-testid="certificate-page">
      <PageHeader title={t('documents.certificate.title')} intro={t('documents.certificate.intro')} />
      <ProfessionalIdForm />
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        {current.isPending ? (
          <Box aria-busy>
            <Skeleton width="70%" />
            <Skeleton width="50%" />
          </Box>
        ) : current.isError ? (
          <Alert severity="error">{t('documents.certificate.loadError')}</Alert>
        ) : cert ? (
          <Stack spacing={1} data-testid="certificate-current">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <VerifiedUserOutlinedIcon color="success" />
              <Typography variant="subtitle1">{t('documents.certificate.current')}</Typography>
            </Stack>
            <Typography variant="body2">
              <strong>{t('documents.certificate.subject')}:</strong> {cert.subject}
            </Typography>
            <Typography variant="body2">
              <strong>{t('documents.certificate.issuer')}:</strong> {cert.issuer}
            </Typography>
            <Typography variant="body2">
              <strong>{t('documents.certificate.validUntil')}:</strong> {formatDateTime(cert.notAfter, i18n.language)}
            </Typography>
            <Box>
              <Button
                color="error"
                startIcon={<DeleteOutlineIcon />}
                loading={remove.isPending}
                onClick={() => remove.mutate()}
                data-testid="certificate-remove"
              >
                {t('documents.certificate.remove')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="certificate-none">
            {t('documents.certificate.none')}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack spacing={2}>
          <Typography variant="subtitle1">
            {t(cert ? 'documents.certificate.replace' : 'documents.certificate.upload')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
              {t('documents.certificate.chooseFile')}
              <input
                hidden
                type="file"
                accept=".p12,.pfx,application/x-pkcs12"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="certificate-file"
              />
            </Button>
            <Typography variant="body2" color="text.secondary" noWrap>
              {file?.name ?? t('documents.certificate.noFile')}
            </Typography>
          </Stack>
          <TextField
            type="password"
            autoComplete="off"
            label={t('documents.certificate.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'certificate-upload-password' } }}
          />
          {error && (
            <Alert severity="error" data-testid="certificate-error">
              {error}
            </Alert>
          )}
          <Box>
            <Button
              variant="contained"
              disabled={!file || !password}
              loading={upload.isPending}
              onClick={() => upload.mutate()}
              data-testid="certificate-upload"
            >
              {t('documents.certificate.upload')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
