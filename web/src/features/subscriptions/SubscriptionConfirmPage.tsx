import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from '../../app/CenteredLayout';
import { describeError } from '../../lib/errors';
import { confirmSubscription } from './api';

/**
 * Where a subscription's confirmation link leads (public: the link is the capability). Opening
 * it activates the subscription once; the query (never retried, never refetched) keeps it to
 * one request.
 */
export function SubscriptionConfirmPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const q = useQuery({
    queryKey: ['subscriptions', 'confirm', token],
    queryFn: () => confirmSubscription(token),
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
      <Stack spacing={2} data-testid="subscription-confirm">
        <Typography variant="h5" component="h1">
          {t('subscriptions.confirm.title')}
        </Typography>
        {!token ? (
          <Alert severity="error">{t('subscriptions.confirm.noToken')}</Alert>
        ) : q.isPending ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} aria-busy="true">
            <CircularProgress size={24} />
            <Typography>{t('subscriptions.confirm.checking')}</Typography>
          </Stack>
        ) : q.isError ? (
          <Alert severity="error" data-testid="subscription-confirm-error">
            {describeError(q.error, t)}
          </Alert>
        ) : (
          <Alert severity="success" data-testid="subscription-confirm-done">
            {t('subscriptions.confirm.done')}
          </Alert>
        )}
        <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'start' }}>
          {t('subscriptions.confirm.toHome')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
