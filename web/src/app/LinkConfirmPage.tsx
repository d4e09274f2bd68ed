/**
 * A page a mailed link leads to (public: the link's token is the capability): it sends the token
 * once — the query is never retried or refetched, so opening the page applies the link once —
 * and says checking, done or why not. The e-mail change and the subscription confirmation use it.
 */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from './CenteredLayout';
import { describeError } from '../lib/errors';

export interface LinkConfirmTexts {
  title: string;
  noToken: string;
  checking: string;
  back: string;
}

export function LinkConfirmPage<T>({
  testId,
  queryKey,
  confirm,
  texts,
  done,
  backTo,
}: {
  testId: string;
  queryKey: readonly unknown[];
  confirm: (token: string) => Promise<T>;
  texts: LinkConfirmTexts;
  done: (answer: T) => string;
  backTo: string;
}) {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const q = useQuery({
    queryKey: [...queryKey, token],
    queryFn: () => confirm(token),
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
      <Stack spacing={2} data-testid={testId}>
        <Typography variant="h5" component="h1">
          {texts.title}
        </Typography>
        {!token ? (
          <Alert severity="error">{texts.noToken}</Alert>
        ) : q.isPending ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} aria-busy="true">
            <CircularProgress size={24} />
            <Typography>{texts.checking}</Typography>
          </Stack>
        ) : q.isError ? (
          <Alert severity="error" data-testid={`${testId}-error`}>
            {describeError(q.error, t)}
          </Alert>
        ) : (
          <Alert severity="success" data-testid={`${testId}-done`}>
            {done(q.data)}
          </Alert>
        )}
        <Button component={RouterLink} to={backTo} variant="contained" sx={{ alignSelf: 'start' }}>
          {texts.back}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
