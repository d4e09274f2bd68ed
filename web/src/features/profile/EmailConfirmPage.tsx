import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from '../../app/CenteredLayout';
import { describeError } from '../../lib/errors';
import { confirmEmailChange, profileKey } from './api';

/**
 * Where the e-mail change link leads (public: the link is the capability). Opening it applies
 * the change once; the query (never retried, never refetched) keeps it to one request.
 */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSearchParams()[0].get('token') ?? '';
  const q = useQuery({
    queryKey: ['profile', 'confirm-email', token],
    queryFn: async () => {
      const answer = await confirmEmailChange(token);
      void queryClient.invalidateQueries({ queryKey: profileKey });
      return answer;
    },
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
  return (
    <CenteredLayout>
      <Stack spacing={2} data-testid="email-confirm">
        <Typography variant="h5" component="h1">
          {t('profile.emailConfirm.title')}
        </Typography>
        {!token ? (
          <Alert severity="error">{t('profile.emailConfirm.noToken')}</Alert>
        ) : q.isPending ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} aria-busy="true">
            <CircularProgress size={24} />
            <Typography>{t('profile.emailConfirm.checking')}</Typography>
          </Stack>
        ) : q.isError ? (
          <Alert severity="error" data-testid="email-confirm-error">
            {describeError(q.error, t)}
          </Alert>
        ) : (
          <Alert severity="success" data-testid="email-confirm-done">
            {t('profile.emailConfirm.done', { email: q.data.email })}
          </Alert>
        )}
        <Button component={RouterLink} to="/profile" variant="contained" sx={{ alignSelf: 'start' }}>
          {t('profile.emailConfirm.toProfile')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
