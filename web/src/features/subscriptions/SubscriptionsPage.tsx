import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatDateTime } from '../../../../domain/dates';
import type { SubscriptionStatus } from '../../../../domain/notifications/subscriptions';
import { PageHeader } from '../../app/PageHeader';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import {
  type Subscription,
  type SubscriptionInput,
  cancelSubscription,
  deleteSubscription,
  fetchSubscriptions,
  saveSubscription,
  subscriptionsKey,
} from './api';
import { SubscriptionDialog } from './SubscriptionDialog';

const STATUS_COLOR: Record<SubscriptionStatus, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  active: 'success',
  canceled: 'default',
};

/** Ending an active subscription asks first: it cannot be switched on again (a new one is needed). */
function CancelButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('subscriptions.cancelSubscription')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} data-testid="confirm-cancel">
        <DialogTitle>{t('subscriptions.confirmCancel', { name })}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('subscriptions.keep')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {t('subscriptions.cancelSubscription')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * 'Notificações e inscrições' (issue 18, ADR 032): the account's notification subscriptions with
 * their status — pending until the user opens the mailed link, then active. A pending one can be
 * edited (a new link is mailed) or removed; an active one only cancelled.
 */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useQuery({ queryKey: subscriptionsKey, queryFn: ({ signal }) => fetchSubscriptions(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
  const save = useMutation({
    mutationFn: (input: SubscriptionInput) => saveSubscription(editing && editing !== 'new' ? editing.id : null, input),
    meta: { silent: true },
    onSuccess: () => {
      setEditing(null);
      notify(t('subscriptions.saved'), 'success');
      refresh();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const cancel = useMutation({ mutationFn: cancelSubscription, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteSubscription, onSuccess: refresh });
  const open = (s: Subscription | 'new') => {
    setError(null);
    setEditing(s);
  };
  const eventName = (e: string) => t(`subscriptions.eventNames.${e === 'deadline.alert' ? 'alert' : 'overdue'}`);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} data-testid="subscriptions-page">
      <PageHeader title={t('subscriptions.title')} intro={t('subscriptions.intro')} />
      {state.isPending && <Skeleton variant="rounded" height={120} />}
      {state.isError && <Alert severity="error">{describeError(state.error, t)}</Alert>}
      {cancel.isError && <Alert severity="error">{describeError(cancel.error, t)}</Alert>}
      {remove.isError && <Alert severity="error">{describeError(remove.error, t)}</Alert>}
      {state.data && (
        <>
          <Stack direction="row">
            <span style={{ flex: 1 }} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('new')} data-testid="subscription-new">
              {t('subscriptions.new')}
            </Button>
          </Stack>
          {state.data.subscriptions.length === 0 && <Typography color="text.secondary">{t('subscriptions.empty')}</Typography>}
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('subscriptions.title')}>
            {state.data.subscriptions.map((s) => (
              <Paper component="li" key={s.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`subscription-${s.user.email}`}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                  <Stack sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle1" noWrap>
                      {s.user.name} · {s.institution.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`subscriptions.types.${s.type}`)} ({s.user.email}) · {s.events.map(eventName).join(', ')}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {s.confirmedAt
                        ? t('subscriptions.confirmedAt', { when: formatDateTime(s.confirmedAt, i18n.language) })
                        : t('subscriptions.createdAt', { when: formatDateTime(s.createdAt, i18n.language) })}
                    </Typography>
                  </Stack>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', alignSelf: { xs: 'flex-start', sm: 'center' } }}>
                    <Chip
                      color={STATUS_COLOR[s.status]}
                      label={t(`subscriptions.status.${s.status}`)}
                      data-testid={`subscription-${s.user.email}-status`}
                    />
                    {s.status === 'pending' && (
                      <>
                        <IconButton aria-label={t('subscriptions.editNamed', { name: s.user.name })} onClick={() => open(s)}>
                          <EditOutlinedIcon />
                        </IconButton>
                        <ConfirmDelete
                          name={s.user.name}
                          label={t('subscriptions.removeNamed', { name: s.user.name })}
                          onConfirm={() => remove.mutate(s.id)}
                        />
                      </>
                    )}
                    {s.status === 'active' && <CancelButton name={s.user.name} onConfirm={() => cancel.mutate(s.id)} />}
                  </Stack>
                </Stack>
              </Paper>
            ))}
          </Stack>
          {editing && (
            <SubscriptionDialog
              subscription={editing === 'new' ? null : editing}
              candidates={state.data.candidates}
              saving={save.isPending}
              error={error}
              onSave={(input) => save.mutate(input)}
              onClose={() => setEditing(null)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
