/**
 * 'Create account' under the login form, shown only when it leads somewhere: the login page was
 * opened with ?account=<id> (the link an account hands out) and that account takes sign-ups.
 * Accounts are closed by default (invitation only), so a bare /login shows no such link.
 */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { fetchSignupAccount, signupKeys } from './api';

export function SignupLink() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const accountId = search.get('account') ?? '';
  const account = useQuery({
    queryKey: signupKeys.account(accountId),
    queryFn: ({ signal }) => fetchSignupAccount(accountId, signal),
    enabled: /^[0-9a-f-]{36}$/i.test(accountId),
    retry: false,
    meta: { silent: true },
  });
  if (!account.data) return null;
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      {t('signup.noAccount')}{' '}
      <Link component={RouterLink} to={`/signup?account=${encodeURIComponent(account.data.id)}`} data-testid="login-signup">
        {t('signup.create')}
      </Link>
    </Typography>
  );
}
