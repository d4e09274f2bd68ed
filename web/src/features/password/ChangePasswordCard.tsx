import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PasswordOutlinedIcon from '@mui/icons-material/PasswordOutlined';
import { notify } from '../../app/notifications/store';
import { describeError, toApiError } from '../../lib/errors';
import { PasswordFields, passwordPairValid, type PasswordPairValue } from '../auth/PasswordFields';
import { ProfileCard } from '../profile/ProfileCard';
import { NEW_PASSWORD_CODES, changePassword } from './api';

const EMPTY: PasswordPairValue = { password: '', passwordConfirmation: '' };

/** My profile: change the password (the current one is asked); the other sessions end. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [value, setValue] = useState<PasswordPairValue>(EMPTY);
  const [touched, setTouched] = useState(false);
  const change = useMutation({
    mutationFn: changePassword,
    meta: { silent: true },
    onSuccess: () => {
      setCurrentPassword('');
      setValue(EMPTY);
      setTouched(false);
      notify(t('changePassword.done'), 'success');
    },
  });

  const error = change.isError ? toApiError(change.error) : null;
  const currentError = error?.code === 'WRONG_CURRENT_PASSWORD' ? describeError(error, t) : null;
  const fieldError = error && NEW_PASSWORD_CODES.has(error.code) ? describeError(error, t) : null;
  const formError = error && !currentError && !fieldError ? describeError(error, t) : null;
  const currentMissing = touched && currentPassword === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (currentPassword === '' || !passwordPairValid(value) || change.isPending) return;
    change.mutate({ currentPassword, ...value });
  };

  return (
    <ProfileCard title={t('changePassword.title')} icon={<PasswordOutlinedIcon />}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} sx={{ maxWidth: 480 }} data-testid="change-password-form">
        <Typography variant="body2" color="text.secondary">
          {t('changePassword.hint')}
        </Typography>
        {formError && (
          <Alert severity="error" data-testid="change-password-error">
            {formError}
          </Alert>
        )}
        <TextField
          label={t('changePassword.current')}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={Boolean(currentError) || currentMissing}
          helperText={currentError ?? (currentMissing ? t('login.required') : undefined)}
          slotProps={{ htmlInput: { 'data-testid': 'change-password-current' } }}
        />
        <PasswordFields
          value={value}
          onChange={setValue}
          touched={touched}
          serverError={fieldError}
          testIdPrefix="change-password-new"
        />
        <Button
          type="submit"
          variant="contained"
          loading={change.isPending}
          sx={{ alignSelf: 'start' }}
          data-testid="change-password-submit"
        >
          {t('changePassword.submit')}
        </Button>
      </Stack>
    </ProfileCard>
  );
}
