import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from '../../app/CenteredLayout';
import { describeError, toApiError } from '../../lib/errors';
import { PasswordFields, passwordPairValid, type PasswordPairValue } from '../auth/PasswordFields';
import { NEW_PASSWORD_CODES, resetPassword } from './api';

/**
 * /resetPassword?token=… (spec 3 §2): the link of the reset, lockout or expired-password mail.
 * The token is read once and taken out of the address bar (it would stay in the history).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const [value, setValue] = useState<PasswordPairValue>({ password: '', passwordConfirmation: '' });
  const [touched, setTouched] = useState(false);
  const reset = useMutation({ mutationFn: resetPassword, meta: { silent: true } });

  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  const error = reset.isError ? toApiError(reset.error) : null;
  const fieldError = error && NEW_PASSWORD_CODES.has(error.code) ? describeError(error, t) : null;
  const formError = error && !fieldError ? describeError(error, t) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!passwordPairValid(value) || reset.isPending) return;
    reset.mutate({ token, ...value });
  };

  return (
    <CenteredLayout>
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-labelledby="reset-title">
        <div>
          <Typography id="reset-title" variant="h5" component="h1">
            {t('forgot.resetTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('forgot.resetSubtitle')}
          </Typography>
        </div>
        {!token ? (
          <Alert severity="error" data-testid="reset-error">
            {t('forgot.noToken')}
          </Alert>
        ) : reset.isSuccess ? (
          <>
            <Alert severity="success" data-testid="reset-done" role="status">
              {t('forgot.resetDone')}
            </Alert>
            <Button component={RouterLink} to="/login" variant="contained" size="large" data-testid="reset-login">
              {t('login.submit')}
            </Button>
          </>
        ) : (
          <>
            {formError && (
              <Alert severity="error" data-testid="reset-error">
                {formError}
              </Alert>
            )}
            <PasswordFields
              value={value}
              onChange={setValue}
              touched={touched}
              serverError={fieldError}
              testIdPrefix="reset-password"
            />
            <Button type="submit" variant="contained" size="large" loading={reset.isPending} data-testid="reset-submit">
              {t('forgot.resetSubmit')}
            </Button>
          </>
        )}
        {!reset.isSuccess && (
          <Link
            component={RouterLink}
            to={token && !formError ? '/login' : '/forgotPassword'}
            variant="body2"
            sx={{ alignSelf: 'center' }}
            data-testid="reset-other"
          >
            {token && !formError ? t('forgot.backToLogin') : t('forgot.requestAgain')}
          </Link>
        )}
      </Stack>
    </CenteredLayout>
  );
}
