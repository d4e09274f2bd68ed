/**
 * 'Send a new link': asks for a new e-mail verification link for a username or e-mail. The server
 * answers the same whether or not a link went out (no enumeration), so the page says so; the
 * button rests a minute after each use, as the server sends at most one link a minute.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { describeError } from '../../lib/errors';
import { resendVerification } from './api';

const WAIT_SECONDS = 60;

export function ResendVerification(props: { login?: string; testId?: string }) {
  const { t } = useTranslation();
  const testId = props.testId ?? 'resend-verification';
  const [login, setLogin] = useState(props.login ?? '');
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const resend = useMutation({
    mutationFn: () => resendVerification(login.trim()),
    meta: { silent: true },
    onSuccess: () => setWait(WAIT_SECONDS),
  });
  const asksLogin = props.login === undefined;
  return (
    <Stack spacing={1.5}>
      {asksLogin && (
        <TextField
          label={t('login.username')}
          size="small"
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-login`, autoCapitalize: 'none', spellCheck: false } }}
        />
      )}
      <Button
        variant="outlined"
        onClick={() => resend.mutate()}
        disabled={wait > 0 || login.trim() === ''}
        loading={resend.isPending}
        data-testid={testId}
      >
        {wait > 0 ? t('signup.resend.wait', { seconds: wait }) : t('signup.resend.button')}
      </Button>
      {resend.isSuccess && (
        <Alert severity="info" data-testid={`${testId}-sent`}>
          {t('signup.resend.sent')}
        </Alert>
      )}
      {resend.isError && <Alert severity="error">{describeError(resend.error, t)}</Alert>}
    </Stack>
  );
}
