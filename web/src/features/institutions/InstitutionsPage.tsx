import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { formatDateTime } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { useSearchText } from '../../lib/use-debounced';
import { SEARCH_MIN } from '../../../../domain/account-users/schemas';
import {
  type Institution,
  type InstitutionsAfter,
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

/** Institutions of the account and the logo that heads their report PDFs (spec 3 §3), in keyset pages. */
export function InstitutionsPage() {
  const { t } = useTranslation();
  // As the other lists: the search runs from 3 characters, a moment after typing stops.
  const { typed, setTyped, q, short, settling } = useSearchText(SEARCH_MIN);
  const list = useInfiniteQuery({
    queryKey: [...institutionsKey, 'list', q],
    queryFn: ({ pageParam, signal }) => fetchInstitutions(q, pageParam, signal),
    initialPageParam: null as InstitutionsAfter | null,
    getNextPageParam: (last) => last.next,
    // A new search keeps the last rows (and their buttons) until its own arrive.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const rows = list.data?.pages.flatMap((p) => p.institutions) ?? [];
  const canManage = list.data?.pages[0]?.canManage ?? false;
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }} data-testid="institutions-page" aria-busy={settling || list.isPlaceholderData}>
      <PageHeader title={t('institutions.title')} intro={t('institutions.intro')} />
      <TextField
        size="small"
        type="search"
        label={t('institutions.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        helperText={short ? t('institutions.searchMin') : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'institutions-search', maxLength: 100 } }}
      />
      {list.isPlaceholderData && <LinearProgress aria-hidden data-testid="institutions-searching" />}
      {list.isPending ? (
        <Stack spacing={1} aria-busy>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{t('institutions.loadError')}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="institutions-empty">
          {q ? t('institutions.noMatch') : t('institutions.empty')}
        </Typography>
      ) : (
        rows.map((i) => <InstitutionRow key={i.id} institution={i} canManage={canManage} />)
      )}
      {list.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
          data-testid="institutions-more"
        >
          {t('institutions.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
