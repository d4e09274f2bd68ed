import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { CenteredLayout } from '../../app/CenteredLayout';
import { FullPageSpinner } from '../../app/FullPageSpinner';
import { toApiError } from '../../lib/errors';
import { SignupLink } from '../signup/SignupLink';
import { UnverifiedEmailHelp } from '../signup/UnverifiedEmailHelp';
import { loginErrorDescription } from './login-error';
import type { LoginRedirectState } from './RequireSession';
import { useSession } from './session';

/** Only in-app paths are followed after login. */
function safeFrom(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/studies';
}

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [touched, setTouched] = useState(false);

  const signIn = useMutation({
    mutationFn: (vars: { username: string; password: string }) => session.login(vars.username, vars.password),
    meta: { silent: true },
  });

  // A due second factor is asked for by the guarded page itself (RequireSession).
  if (session.status === 'authenticated' || session.status === 'second-factor')
    return <Navigate to={safeFrom(location.state)} replace />;
  if (session.status === 'checking') return <FullPageSpinner label={t('app.checkingLogin')} />;

  const userMissing = touched && username.trim() === '';
  const passwordMissing = touched && password === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '' || signIn.isPending) return;
    signIn.mutate({ username: username.trim(), password });
  };

  const errorText = signIn.isError ? (loginErrorDescription(signIn.error) ?? t('login.failed')) : null;
  // PASSWORD_EXPIRED (spec 3 §8): not a failure of the form; the new-password mail is on its way.
  const expired = signIn.isError && toApiError(signIn.error).code === 'PASSWORD_EXPIRED';

  return (
    <CenteredLayout>
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-labelledby="login-title">
        <div>
          <Typography id="login-title" variant="h5" component="h1">
            {t('login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('login.subtitle')}
          </Typography>
        </div>
        {errorText && (
          <Alert severity={expired ? 'warning' : 'error'} data-testid={expired ? 'login-password-expired' : 'login-error'}>
            {errorText}
          </Alert>
        )}
        {signIn.isError && <UnverifiedEmailHelp error={signIn.error} login={username.trim()} />}
        {!errorText && session.status === 'anonymous' && session.expired && (
          <Alert severity="warning" data-testid="login-session-expired">
            {t('login.sessionExpired')}
          </Alert>
        )}
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          fullWidth
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={userMissing}
          helperText={userMissing ? t('login.required') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'login-username', autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordMissing}
          helperText={passwordMissing ? t('login.required') : undefined}
          slotProps={{
            htmlInput: { 'data-testid': 'login-password' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    onClick={() => setShowPassword((v) => !v)}
                    aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" loading={signIn.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/forgotPassword" variant="body2" sx={{ alignSelf: 'center' }} data-testid="login-forgot">
          {t('forgot.link')}
        </Link>
        <SignupLink />
      </Stack>
    </CenteredLayout>
  );
}
