/**
 * /signup/verify?token=… — the link of the verification mail. The token is read once, taken out
 * of the address bar, and sent by POST (a mail scanner that only fetches the page does not use
 * it up). A dead link offers a new one.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { CenteredLayout } from '../../app/CenteredLayout';
import { describeError } from '../../lib/errors';
import { verifyEmail } from './api';
import { ResendVerification } from './ResendVerification';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => search.get('token') ?? '');
  const verify = useMutation({ mutationFn: verifyEmail, meta: { silent: true } });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (search.has('token')) void navigate('/signup/verify', { replace: true });
    if (token) verify.mutate(token);
  }, [navigate, search, token, verify]);

  return (
    <CenteredLayout>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} aria-live="polite">
        <Typography variant="h5" component="h1">
          {t('signup.verify.title')}
        </Typography>
        {verify.isSuccess ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="verify-email-ok">
            <CheckCircleOutline color="success" fontSize="large" aria-hidden />
            <Typography>{t('signup.verify.done', { username: verify.data.username })}</Typography>
            <Button component={RouterLink} to="/login" variant="contained" data-testid="verify-email-login">
              {t('signup.toLogin')}
            </Button>
          </Stack>
        ) : verify.isError || !token ? (
          <Stack spacing={2} sx={{ width: '100%' }} data-testid="verify-email-error">
            <Alert severity="error">{token ? describeError(verify.error, t) : t('signup.verify.noToken')}</Alert>
            <Typography variant="body2" color="text.secondary">
              {t('signup.verify.askNew')}
            </Typography>
            <ResendVerification />
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress aria-label={t('signup.verify.checking')} />
            <Typography color="text.secondary">{t('signup.verify.checking')}</Typography>
          </Stack>
        )}
      </Stack>
    </CenteredLayout>
  );
}
