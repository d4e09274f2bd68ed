import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { confirmsName } from '../../../../domain/accounts/account';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { describeError } from '../../lib/errors';
import { AccountDialog } from './AccountDialog';
import { AdminList } from './AdminList';
import { type Account, deleteAccount, fetchAccounts } from './api';

const accountsKey = ['admin', 'accounts'] as const;

function DeleteAccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => deleteAccount(account.id, typed),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('admin.accounts.deleted'), 'success');
      void queryClient.invalidateQueries({ queryKey: accountsKey });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-account-title">
      <DialogTitle id="delete-account-title">{t('admin.accounts.deleteTitle', { name: account.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('admin.accounts.deleteText')}</DialogContentText>
        <TextField
          fullWidth
          size="small"
          autoFocus
          label={t('admin.accounts.confirmName')}
          placeholder={account.name}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'delete-account-name' } }}
        />
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(remove.error, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!confirmsName(typed, account.name)}
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          data-testid="delete-account-confirm"
        >
          {t('admin.accounts.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Accounts (super role): search, keyset pages, create, edit, delete by typing the name. */
export function AccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);

  return (
    <Stack spacing={2}>
      <PageHeader title={t('admin.accounts.title')} intro={t('admin.accounts.intro')} icon={<BusinessOutlinedIcon color="primary" />} />
      <AdminList<Account>
        testId="accounts-list"
        queryKey={accountsKey}
        fetchPage={fetchAccounts}
        searchLabel={t('admin.accounts.search')}
        empty={t('admin.accounts.empty')}
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="account-new">
            {t('admin.accounts.new')}
          </Button>
        }
        renderRow={(a) => (
          <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`account-row-${a.id}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {a.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {[a.legalName, a.address.city && `${a.address.city}${a.address.uf ? `/${a.address.uf}` : ''}`].filter(Boolean).join(' · ') ||
                    '—'}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} useFlexGap>
                <Chip
                  size="small"
                  label={
                    a.isForHuman === null ? t('admin.accounts.brandUnset') : a.isForHuman ? t('admin.accounts.human') : t('admin.accounts.veterinary')
                  }
                />
                {a.twoFactorRequired && <Chip size="small" color="primary" variant="outlined" label={t('admin.accounts.fields.twoFactorRequired')} />}
                <Button size="small" onClick={() => void navigate(`/admin/settings?account=${a.id}&name=${encodeURIComponent(a.name)}`)} data-testid={`account-settings-${a.id}`}>
                  {t('admin.accounts.settings')}
                </Button>
                <Button size="small" onClick={() => setEditing(a)} data-testid={`account-edit-${a.id}`}>
                  {t('admin.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(a)} data-testid={`account-delete-${a.id}`}>
                  {t('admin.accounts.delete')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        )}
      />
      {editing && (
        <AccountDialog
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify(editing === 'new' ? t('admin.accounts.created') : t('admin.accounts.updated'), 'success');
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: accountsKey });
          }}
        />
      )}
      {deleting && <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
