import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from '../../app/CenteredLayout';
import { describeError } from '../../lib/errors';
import { requestPasswordReset } from './api';

/**
 * /forgotPassword (spec 3 §2): asks for a reset link. The answer is the same whether the name is
 * a user or not, so the page says 'if it exists' and never more.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const send = useMutation({ mutationFn: requestPasswordReset, meta: { silent: true } });
  const missing = touched && name.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (name.trim() === '' || send.isPending) return;
    send.mutate(name.trim());
  };

  return (
    <CenteredLayout>
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-labelledby="forgot-title">
        <div>
          <Typography id="forgot-title" variant="h5" component="h1">
            {t('forgot.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('forgot.subtitle')}
          </Typography>
        </div>
        {send.isSuccess ? (
          <Alert severity="success" data-testid="forgot-sent" role="status">
            {t('forgot.sent')}
          </Alert>
        ) : (
          <>
            {send.isError && (
              <Alert severity="error" data-testid="forgot-error">
                {describeError(send.error, t)}
              </Alert>
            )}
            <TextField
              label={t('login.username')}
              name="username"
              autoComplete="username"
              autoFocus
              required
              fullWidth
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={missing}
              helperText={missing ? t('login.required') : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'forgot-username', autoCapitalize: 'none', spellCheck: false } }}
            />
            <Button type="submit" variant="contained" size="large" loading={send.isPending} data-testid="forgot-submit">
              {t('forgot.submit')}
            </Button>
          </>
        )}
        <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }} data-testid="forgot-back">
          {t('forgot.backToLogin')}
        </Link>
      </Stack>
    </CenteredLayout>
  );
}
