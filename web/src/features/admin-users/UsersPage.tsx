/**
 * Users by account (/admin/users, issue 14): the account administrator's list of the account's
 * users with search (from 3 characters), filters by role, institution and status, keyset 'load
 * more', the invite dialog, CSV / XLSX export, and a drawer per user (UserDrawer.tsx).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { SEARCH_MIN, USER_STATUSES } from '../../../../domain/account-users/schemas';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { describeError } from '../../lib/errors';
import { useSearchText } from '../../lib/use-debounced';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { type UserFilters, type UserRow, downloadExport, fetchOptions, fetchUsers, usersKeys } from './api';
import { InviteDialog } from './InviteDialog';
import { UserDrawer } from './UserDrawer';

export const STATUS_COLOR = {
  active: 'success',
  blocked: 'error',
  locked: 'warning',
  passwordChange: 'info',
  invited: 'default',
} as const;

const EMPTY: UserFilters = { q: '', roleId: '', institutionId: '', status: '' };

export function UsersPage() {
  const { t } = useTranslation();
  const account = currentAccount(useSessionData());
  if (!account?.isAdmin)
    return (
      <Alert severity="warning" data-testid="admin-users-forbidden">
        {t('adminUsers.adminsOnly')}
      </Alert>
    );
  return <UsersOfAccount accountId={account.id} accountName={account.name} />;
}

function UsersOfAccount({ accountId, accountName }: { accountId: string; accountName: string }) {
  const { t } = useTranslation();
  // The search runs from 3 characters (spec 3 §5), a moment after typing stops.
  const { typed, setTyped, q, short, settling } = useSearchText(SEARCH_MIN);
  const [chosen, setFilters] = useState<UserFilters>(EMPTY);
  const filters = useMemo(() => (chosen.q === q ? chosen : { ...chosen, q }), [chosen, q]);
  const [open, setOpen] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const options = useQuery({ queryKey: usersKeys.options(accountId), queryFn: ({ signal }) => fetchOptions(accountId, signal) });
  const list = useInfiniteQuery({
    queryKey: usersKeys.list(accountId, filters),
    queryFn: ({ pageParam, signal }) => fetchUsers(accountId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the last rows (and their buttons) until its own arrive; never another
    // account's (usersKeys.list holds the account).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === accountId ? previous : undefined),
  });
  const rows = list.data?.pages.flatMap((p) => p.users) ?? [];

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadExport(accountId, filters, format);
    } catch {
      notify(t('adminUsers.exportFailed'), 'error');
    } finally {
      setExporting(null);
    }
  };

  return (
    // Busy while a typed search is not yet answered: the rows are about to change under a click.
    <Stack spacing={2} sx={{ maxWidth: 1200 }} data-testid="users-page" aria-busy={settling || list.isPlaceholderData}>
      <PageHeader
        title={t('adminUsers.title')}
        intro={t('adminUsers.intro', { account: accountName })}
        icon={<GroupOutlined />}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          size="small"
          label={t('adminUsers.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          helperText={short ? t('adminUsers.searchMin') : undefined}
          sx={{ flex: 2, minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'users-search', maxLength: 100 } }}
        />
        <TextField
          select
          size="small"
          label={t('adminUsers.status')}
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as UserFilters['status'] }))}
          sx={{ flex: 1, minWidth: 150 }}
          slotProps={{
            htmlInput: { 'data-testid': 'users-status' },
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('adminUsers.any')}</MenuItem>
          {USER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`adminUsers.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('adminUsers.institution')}
          value={filters.institutionId}
          onChange={(e) => setFilters((f) => ({ ...f, institutionId: e.target.value }))}
          sx={{ flex: 1, minWidth: 150 }}
          slotProps={{
            htmlInput: { 'data-testid': 'users-institution' },
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('adminUsers.any')}</MenuItem>
          {options.data?.institutions.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('adminUsers.role')}
          value={filters.roleId}
          onChange={(e) => setFilters((f) => ({ ...f, roleId: e.target.value }))}
          sx={{ flex: 1, minWidth: 150 }}
          slotProps={{
            htmlInput: { 'data-testid': 'users-role' },
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
          }}
        >
          <MenuItem value="">{t('adminUsers.any')}</MenuItem>
          {options.data?.roles.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setInviting(true)} data-testid="users-invite">
          {t('adminUsers.invite.open')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void exportAs('csv')}
          loading={exporting === 'csv'}
          data-testid="users-export-csv"
        >
          {t('adminUsers.exportCsv')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void exportAs('xlsx')}
          loading={exporting === 'xlsx'}
          data-testid="users-export-xlsx"
        >
          {t('adminUsers.exportXlsx')}
        </Button>
      </Stack>

      {list.isPlaceholderData && <LinearProgress aria-hidden data-testid="users-searching" />}
      {list.isPending ? (
        <Stack spacing={1} data-testid="users-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rectangular" height={44} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{describeError(list.error, t)}</Alert>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary" data-testid="users-empty">
            {t('adminUsers.empty')}
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="users-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminUsers.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('adminUsers.email')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('adminUsers.roles')}</TableCell>
                <TableCell>{t('adminUsers.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <UserTableRow key={row.id ?? row.invitationId} row={row} onOpen={setOpen} />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {list.hasNextPage && (
        <Box>
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="users-more">
            {t('adminUsers.more')}
          </Button>
        </Box>
      )}
      {open && <UserDrawer accountId={accountId} userId={open} options={options.data} onClose={() => setOpen(null)} />}
      {inviting && <InviteDialog accountId={accountId} onClose={() => setInviting(false)} />}
    </Stack>
  );
}

function UserTableRow({ row, onOpen }: { row: UserRow; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const id = row.id;
  const open = () => id && onOpen(id);
  return (
    <TableRow
      hover={Boolean(id)}
      tabIndex={id ? 0 : -1}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
      sx={{ cursor: id ? 'pointer' : 'default' }}
      data-testid={id ? `user-row-${id}` : `invitation-row-${row.invitationId}`}
      data-status={row.status}
    >
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {row.name || row.email}
          {row.isAdmin && <Chip size="small" variant="outlined" label={t('adminUsers.admin')} sx={{ ml: 1 }} />}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.username ?? row.email}
        </Typography>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>{row.email}</TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        {row.roles.length ? row.roles.map((r) => `${r.institutionName}: ${r.roleName}`).join(' · ') : '—'}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATUS_COLOR[row.status]}
          label={t(`adminUsers.statuses.${row.status}`)}
          data-testid="user-status"
        />
      </TableCell>
    </TableRow>
  );
}
