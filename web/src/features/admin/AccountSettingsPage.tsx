import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { ACCOUNT_SETTING_KEYS, isEditableSetting } from '../../../../domain/accounts/settings';
import { PageHeader } from '../../app/PageHeader';
import { describeError } from '../../lib/errors';
import { fetchSettings } from './api';
import { SettingField } from './SettingField';
import { useAdminCaller } from './use-admin';

/**
 * The account's settings, one card per key of the registry (domain/accounts/settings.ts).
 * The current account's, or — for the super role coming from Accounts — `?account=<id>`.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const caller = useAdminCaller();
  const [search] = useSearchParams();
  const accountId = (caller.superRole && search.get('account')) || caller.accountId;
  const queryClient = useQueryClient();
  const key = ['admin', 'settings', accountId] as const;
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchSettings(accountId!, signal),
    enabled: Boolean(accountId),
  });
  const name = accountId === caller.accountId ? (caller.accountName ?? '') : (search.get('name') ?? accountId ?? '');

  return (
    <Stack spacing={2} data-testid="account-settings">
      <PageHeader title={t('admin.settings.title')} intro={t('admin.settings.intro', { name })} icon={<TuneOutlinedIcon color="primary" />} />
      {settings.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Stack>
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeError(settings.error, t)}
        </Alert>
      ) : (
        <>
          {!settings.data.canManage && <Alert severity="info">{t('admin.settings.readOnly')}</Alert>}
          {ACCOUNT_SETTING_KEYS.filter(isEditableSetting).map((k) => (
            <SettingField
              key={`${accountId}-${k}-${JSON.stringify(settings.data.data[k])}`}
              accountId={accountId!}
              settingKey={k}
              value={settings.data.data[k]}
              customized={settings.data.customized.includes(k)}
              canManage={settings.data.canManage}
              onSaved={() => {
                void queryClient.invalidateQueries({ queryKey: key });
                void queryClient.invalidateQueries({ queryKey: ['account-print-settings'] });
              }}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
