import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toApiError } from '../../lib/errors';
import { ResendVerification } from './ResendVerification';

/** Under a login refused with EMAIL_NOT_VERIFIED: the way to a new verification link. */
export function UnverifiedEmailHelp({ error, login }: { error: unknown; login: string }) {
  const { t } = useTranslation();
  if (toApiError(error).code !== 'EMAIL_NOT_VERIFIED') return null;
  return (
    <Stack spacing={1} data-testid="login-unverified">
      <Typography variant="body2" color="text.secondary">
        {t('signup.verify.loginHint')}
      </Typography>
      <ResendVerification login={login} testId="login-resend-verification" />
    </Stack>
  );
}
