import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CenteredLayout } from '../../app/CenteredLayout';
import { FullPageSpinner } from '../../app/FullPageSpinner';
import { accountList, decideAccess } from './access';
import { NoAccessPage } from './NoAccessPage';
import { useSession, useSessionData } from './session';

/** With exactly one account and none current, the client switches to it by itself. */
function AutoSelectAccount({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const select = useMutation({ mutationFn: session.changeAccount });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    select.mutate(accountId);
  }, [accountId, select]);

  if (!select.isError) return <FullPageSpinner label={t('account.selecting')} />;
  return (
    <CenteredLayout>
      <Stack spacing={2}>
        <Button variant="contained" onClick={() => select.mutate(accountId)}>
          {t('common.retry')}
        </Button>
        <Button onClick={() => void session.logout()}>{t('auth.logout')}</Button>
      </Stack>
    </CenteredLayout>
  );
}

/** Routing after authentication (spec 3 §4): no-access screen, account selection, or the app. */
export function RequireAccess() {
  const data = useSessionData();
  const location = useLocation();
  const decision = decideAccess(data);
  switch (decision) {
    case 'no-access':
      return <NoAccessPage />;
    case 'select-account':
      return <Navigate to="/select-account" replace state={{ from: `${location.pathname}${location.search}` }} />;
    case 'auto-select': {
      const only = accountList(data)[0];
      return only ? <AutoSelectAccount accountId={only.id} /> : <NoAccessPage />;
    }
    case 'ok':
      return <Outlet />;
  }
}
