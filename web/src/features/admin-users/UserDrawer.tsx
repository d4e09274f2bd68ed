/**
 * One user of the account in a drawer (full screen on a phone), with tabs: data (seniority, CPF,
 * council, the personal-filters bar), roles per institution, security (block, unblock, force a
 * password change, reset two-factor, end sessions, unlink) and signature image. Destructive
 * actions ask first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { describeError } from '../../lib/errors';
import { type UserOptions, fetchUser, usersKeys } from './api';
import { STATUS_COLOR } from './UsersPage';
import { DataTab } from './tabs/DataTab';
import { RolesTab } from './tabs/RolesTab';
import { SecurityTab } from './tabs/SecurityTab';
import { SignatureTab } from './tabs/SignatureTab';

const TABS = ['data', 'roles', 'security', 'signature'] as const;

export function UserDrawer(props: { accountId: string; userId: string; options: UserOptions | undefined; onClose: () => void }) {
  const { accountId, userId, options, onClose } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<(typeof TABS)[number]>('data');
  const user = useQuery({
    queryKey: usersKeys.detail(accountId, userId),
    queryFn: ({ signal }) => fetchUser(accountId, userId, signal),
  });
  /** After a change: the drawer's user and the list. */
  const changed = () => void queryClient.invalidateQueries({ queryKey: usersKeys.all(accountId) });

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 2 }, 'data-testid': 'user-drawer' } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {user.data?.name ?? ' '}
          </Typography>
          {user.data && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.data.username} · {user.data.email}
              </Typography>
              <Chip
                size="small"
                color={STATUS_COLOR[user.data.status]}
                label={t(`adminUsers.statuses.${user.data.status}`)}
                data-testid="drawer-status"
              />
            </Stack>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('adminUsers.close')} data-testid="drawer-close">
          <CloseOutlined />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((k) => (
          <Tab key={k} value={k} label={t(`adminUsers.tabs.${k}`)} data-testid={`drawer-tab-${k}`} />
        ))}
      </Tabs>
      {user.isPending ? (
        <Skeleton variant="rectangular" height={200} />
      ) : user.isError ? (
        <Alert severity="error">{describeError(user.error, t)}</Alert>
      ) : tab === 'data' ? (
        <DataTab accountId={accountId} user={user.data} onChanged={changed} />
      ) : tab === 'roles' ? (
        <RolesTab accountId={accountId} user={user.data} options={options} onChanged={changed} />
      ) : tab === 'security' ? (
        <SecurityTab accountId={accountId} user={user.data} onChanged={changed} onUnlinked={onClose} />
      ) : (
        <SignatureTab accountId={accountId} user={user.data} onChanged={changed} />
      )}
    </Drawer>
  );
}
