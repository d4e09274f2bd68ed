import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { COUNCIL_UFS } from '../../../../domain/auth/roles-schemas';
import { formatDateTime } from '../../../../domain/dates';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { type GrantInput, createGrant, fetchGrants, grantsKey, revokeGrant } from './api';
import { ConfirmDelete } from './ConfirmDelete';
import { ListShell } from './ListShell';
import { useKeysetList } from './use-keyset-list';

const EMPTY: GrantInput = { username: '', accessionNumber: '', councilUf: null, councilNumber: null, requesterLogin: null };

function GrantForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<GrantInput>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createGrant(form),
    meta: { silent: true },
    onSuccess: () => {
      setForm(EMPTY);
      setError(null);
      notify(t('adminRoles.grants.created'), 'success');
      void queryClient.invalidateQueries({ queryKey: grantsKey });
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const field = (key: keyof GrantInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({
      ...f,
      [key]: e.target.value === '' && key !== 'username' && key !== 'accessionNumber' ? null : e.target.value,
    }));
  const ready = form.username.trim().length >= 3 && form.accessionNumber.trim() !== '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="grant-form">
      <Stack spacing={1.5}>
        <Typography variant="subtitle2">{t('adminRoles.grants.new')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={t('adminRoles.grants.user')}
            value={form.username}
            onChange={field('username')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'grant-user' } }}
          />
          <TextField
            size="small"
            label={t('adminRoles.grants.accession')}
            value={form.accessionNumber}
            onChange={field('accessionNumber')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'grant-accession' } }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label={t('adminRoles.grants.uf')}
            value={form.councilUf ?? ''}
            onChange={field('councilUf')}
            sx={{ minWidth: 100 }}
          >
            <MenuItem value="">—</MenuItem>
            {COUNCIL_UFS.map((uf) => (
              <MenuItem key={uf} value={uf}>
                {uf}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('adminRoles.grants.crm')}
            value={form.councilNumber ?? ''}
            onChange={field('councilNumber')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          />
          <TextField
            size="small"
            label={t('adminRoles.grants.requester')}
            value={form.requesterLogin ?? ''}
            onChange={field('requesterLogin')}
            sx={{ flex: 1 }}
          />
        </Stack>
        {error && (
          <Alert severity="error" data-testid="grant-error">
            {error}
          </Alert>
        )}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!ready}
          loading={create.isPending}
          onClick={() => create.mutate()}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="grant-save"
        >
          {t('adminRoles.grants.grant')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Access for providers and referring physicians: each grant opens one study to one user. */
export function AccessGrantsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { typed, setTyped, short, list, pages, more, searching, busy } = useKeysetList(grantsKey, fetchGrants);
  const revoke = useMutation({
    mutationFn: revokeGrant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: grantsKey }),
  });
  const grants = pages.flatMap((p) => p.grants);
  return (
    <ListShell
      testId="grants-page"
      title={t('adminRoles.grants.title')}
      intro={t('adminRoles.grants.intro')}
      search={typed}
      onSearch={setTyped}
      searchShort={short}
      more={more}
      searching={searching}
      busy={busy}
      header={<GrantForm />}
      state={list.status}
      empty={grants.length === 0}
      emptyText={t('adminRoles.grants.empty')}
    >
      {grants.map((g) => (
        <Paper key={g.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`grant-${g.id}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {g.userName} → {g.patientName} {g.accessionNumber ? `(${g.accessionNumber})` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {[
                  g.councilUf && g.councilNumber ? `CRM ${g.councilNumber}/${g.councilUf}` : null,
                  g.requesterLogin,
                  formatDateTime(g.createdAt, i18n.language),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Stack>
            <ConfirmDelete
              name={`${g.userName} → ${g.patientName}`}
              label={t('adminRoles.grants.revoke')}
              onConfirm={() => revoke.mutate(g.id)}
            />
          </Stack>
        </Paper>
      ))}
    </ListShell>
  );
}
