/**
 * Invitations of the current account (/invitations, account administrators): invite an e-mail
 * (marking whether the person reports or signs, which makes the council required), see the
 * invitations with their state, revoke a pending one. Everyone invited starts with no institution:
 * roles are granted afterwards.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { formatDateTime } from '../../../../domain/dates';
import { isValidEmail } from '../../../../domain/people/email';
import { describeError } from '../../lib/errors';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { OpenSignupCard } from './OpenSignupCard';
import { type InvitationRow, createInvitation, fetchInvitations, revokeInvitation, signupKeys } from './api';

const STATE_COLOR = { pending: 'info', accepted: 'success', revoked: 'default', expired: 'warning' } as const;

export function InvitationsPage() {
  const { t } = useTranslation();
  const account = currentAccount(useSessionData());
  if (!account?.isAdmin)
    return (
      <Alert severity="warning" data-testid="invitations-forbidden">
        {t('signup.invitations.adminsOnly')}
      </Alert>
    );
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeader
        title={t('signup.invitations.title')}
        intro={t('signup.invitations.intro', { account: account.name })}
        icon={<ForwardToInboxOutlined />}
      />
      <InviteForm accountId={account.id} />
      <InvitationList accountId={account.id} />
      <OpenSignupCard accountId={account.id} />
    </Stack>
  );
}

function InviteForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [professional, setProfessional] = useState(false);
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: () => createInvitation(accountId, { email: email.trim(), name: name.trim() || undefined, professional }),
    meta: { silent: true },
    onSuccess: (row) => {
      notify(t('signup.invitations.sent', { email: row.email }), 'success');
      setEmail('');
      setName('');
      setProfessional(false);
      setTouched(false);
      void queryClient.invalidateQueries({ queryKey: signupKeys.invitations(accountId) });
    },
  });
  const emailWrong = (touched || email !== '') && !isValidEmail(email) && (touched || email.includes('@'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!isValidEmail(email) || send.isPending) return;
    send.mutate();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="invite-form">
        <Typography variant="subtitle1" component="h2">
          {t('signup.invitations.new')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('signup.email.label')}
            required
            fullWidth
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailWrong}
            helperText={emailWrong ? t('signup.email.invalid') : ' '}
            slotProps={{
              htmlInput: { 'data-testid': 'invite-email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
            }}
          />
          <TextField
            label={t('signup.invitations.name')}
            fullWidth
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText=" "
            slotProps={{ htmlInput: { 'data-testid': 'invite-name', maxLength: 200 } }}
          />
        </Stack>
        <FormControlLabel
          control={
            <Checkbox
              checked={professional}
              onChange={(e) => setProfessional(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'invite-professional' } as object }}
            />
          }
          label={t('signup.invitations.professional')}
        />
        {send.isError && (
          <Alert severity="error" data-testid="invite-error">
            {describeError(send.error, t)}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={send.isPending} data-testid="invite-submit">
            {t('signup.invitations.send')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function InvitationList({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: signupKeys.invitations(accountId),
    queryFn: ({ signal }) => fetchInvitations(accountId, signal),
  });
  const revoke = useMutation({
    mutationFn: (row: InvitationRow) => revokeInvitation(accountId, row.id),
    onSuccess: () => {
      notify(t('signup.invitations.revoked'), 'success');
      void queryClient.invalidateQueries({ queryKey: signupKeys.invitations(accountId) });
    },
  });
  if (list.isPending) return <Skeleton variant="rectangular" height={120} />;
  if (list.isError) return <Alert severity="error">{describeError(list.error, t)}</Alert>;
  if (list.data.length === 0)
    return (
      <Typography color="text.secondary" data-testid="invitations-empty">
        {t('signup.invitations.empty')}
      </Typography>
    );
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="invitations">
      {list.data.map((row) => (
        <Paper
          key={row.id}
          component="li"
          variant="outlined"
          sx={{ p: 1.5 }}
          data-testid={`invitation-${row.id}`}
          data-state={row.state}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 500 }}>
                {row.name ? `${row.name} <${row.email}>` : row.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('signup.invitations.sentAt', { date: formatDateTime(row.createdAt, i18n.language), by: row.invitedBy ?? '—' })}
                {row.professional ? ` · ${t('signup.invitations.professionalShort')}` : ''}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip size="small" color={STATE_COLOR[row.state]} label={t(`signup.invitations.state.${row.state}`)} />
              {row.state === 'pending' && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => revoke.mutate(row)}
                  loading={revoke.isPending && revoke.variables?.id === row.id}
                  data-testid="invitation-revoke"
                >
                  {t('signup.invitations.revoke')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
