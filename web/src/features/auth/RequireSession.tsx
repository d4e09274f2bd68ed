import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CenteredLayout } from '../../app/CenteredLayout';
import { FullPageSpinner } from '../../app/FullPageSpinner';
import { useSession } from './session';
import { useTwoFactorRecheck } from '../two-factor/verification';
import { lazyComponent } from '../../app/errors/lazy-retry';
import { Suspense } from 'react';

// Only a session that needs its second factor loads the page (kept out of /login's bundle).
const TwoFactorPage = lazyComponent(() => import('../two-factor/TwoFactorPage'), (m) => m.TwoFactorPage);

export interface LoginRedirectState {
  from?: string;
}

/** Logged-in area: no stored session → /login; a stored one is revalidated first. */
export function RequireSession() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  useTwoFactorRecheck(session.status === 'authenticated' && session.data.useTwoFactor, session.revalidate);

  switch (session.status) {
    case 'checking':
      return <FullPageSpinner label={t('app.checkingLogin')} />;
    case 'unreachable':
      return (
        <CenteredLayout>
          <Stack spacing={2}>
            <Alert severity="warning">
              {t('app.sessionCheckFailed')} {t('errors.NETWORK_ERROR')}
            </Alert>
            <Button variant="contained" onClick={session.revalidate}>
              {t('common.retry')}
            </Button>
            <Button onClick={() => void session.logout()}>{t('auth.logout')}</Button>
          </Stack>
        </CenteredLayout>
      );
    case 'anonymous': {
      const state: LoginRedirectState | undefined = session.loggedOut
        ? undefined
        : { from: `${location.pathname}${location.search}` };
      return <Navigate to="/login" replace state={state} />;
    }
    case 'second-factor':
      return (
        <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
          <TwoFactorPage pending={session.pending} onLogout={() => void session.logout()} />
        </Suspense>
      );
    case 'authenticated':
      return <Outlet />;
  }
}
