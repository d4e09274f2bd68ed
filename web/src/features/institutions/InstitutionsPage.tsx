import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { formatDateTime } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import {
  type Institution,
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  fetchInstitutions,
  fetchLogo,
  institutionsKey,
  removeLogo,
  uploadLogo,
} from './api';

/** The logo as an object URL (the request needs the session header an <img src> cannot send). */
function useLogoUrl(institution: Institution): string | null {
  const logo = useQuery({
    queryKey: [...institutionsKey, institution.id, 'logo', institution.logoUpdatedAt],
    queryFn: () => fetchLogo(institution.id),
    enabled: Boolean(institution.logoUpdatedAt),
    meta: { silent: true },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo.data) return setUrl(null);
    const objectUrl = URL.createObjectURL(logo.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [logo.data]);
  return institution.logoUpdatedAt ? url : null;
}

function InstitutionRow({ institution, canManage }: { institution: Institution; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const logoUrl = useLogoUrl(institution);
  const [error, setError] = useState<string | null>(null);
  const done = (message: string) => {
    setError(null);
    notify(message, 'success');
    void queryClient.invalidateQueries({ queryKey: institutionsKey });
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(institution.id, file),
    meta: { silent: true },
    onSuccess: () => done(t('institutions.logo.uploaded')),
    onError: (err) => setError(describeError(err, t)),
  });
  const remove = useMutation({
    mutationFn: () => removeLogo(institution.id),
    meta: { silent: true },
    onSuccess: () => done(t('institutions.logo.removed')),
    onError: (err) => setError(describeError(err, t)),
  });
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setError(t('institutions.logo.tooLarge'));
    upload.mutate(file);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`institution-${institution.id}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: 180,
            height: 72,
            flexShrink: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'background.default',
          }}
        >
          {logoUrl ? (
            <Box
              component="img"
              src={logoUrl}
              alt={t('institutions.logo.alt', { name: institution.name })}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              data-testid="institution-logo"
            />
          ) : institution.logoUpdatedAt ? (
            <Skeleton variant="rectangular" width={160} height={56} />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ImageOutlinedIcon />
              <Typography variant="caption">{t('institutions.logo.none')}</Typography>
            </Stack>
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap>
            {institution.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {institution.logoUpdatedAt
              ? t('institutions.logo.updatedAt', { date: formatDateTime(institution.logoUpdatedAt, i18n.language) })
              : t('institutions.logo.hint')}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="institution-logo-error">
              {error}
            </Alert>
          )}
        </Box>
        {canManage && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} loading={upload.isPending}>
              {t(institution.logoUpdatedAt ? 'institutions.logo.replace' : 'institutions.logo.upload')}
              <input
                hidden
                type="file"
                accept={LOGO_ACCEPT}
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
                data-testid="institution-logo-file"
              />
            </Button>
            {institution.logoUpdatedAt && (
              <Button color="error" startIcon={<DeleteOutlineIcon />} loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('institutions.logo.remove')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Institutions of the account and the logo that heads their report PDFs (spec 3 §3). */
export function InstitutionsPage() {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: institutionsKey,
    queryFn: ({ signal }) => fetchInstitutions(signal),
    meta: { silent: true },
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }} data-testid="institutions-page">
      <PageHeader title={t('institutions.title')} intro={t('institutions.intro')} />
      {list.isPending ? (
        <Stack spacing={1} aria-busy>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{t('institutions.loadError')}</Alert>
      ) : list.data.institutions.length === 0 ? (
        <Typography color="text.secondary">{t('institutions.empty')}</Typography>
      ) : (
        list.data.institutions.map((i) => <InstitutionRow key={i.id} institution={i} canManage={list.data.canManage} />)
      )}
    </Stack>
  );
}
