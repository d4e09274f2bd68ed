import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import {
  type ConnectView,
  type ConnectionView,
  connectsKey,
  deleteConnect,
  deleteConnection,
  newKey,
  revokeKey,
  rotateKey,
} from './api';

/** One Connect: settings summary, status, keys (new, rotate, revoke) and connections. */
export function ConnectCard(props: {
  connect: ConnectView;
  onEdit: () => void;
  onKey: (key: string, connectName: string) => void;
  onConnection: (editing: ConnectionView | 'new') => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const c = props.connect;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : t('connects.never'));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: connectsKey });
  const onError = (err: unknown) => notify(describeError(err, t), 'error');
  const keyAction = useMutation({
    mutationFn: (a: { kind: 'new' } | { kind: 'rotate' | 'revoke'; keyId: string }) =>
      a.kind === 'new'
        ? newKey(c.id)
        : a.kind === 'rotate'
          ? rotateKey(c.id, a.keyId)
          : revokeKey(c.id, a.keyId).then(() => null),
    meta: { silent: true },
    onSuccess: (answer) => {
      refresh();
      if (answer) props.onKey(answer.key, c.name);
    },
    onError,
  });
  const remove = useMutation({ mutationFn: () => deleteConnect(c.id), meta: { silent: true }, onSuccess: refresh, onError });
  const removeConnection = useMutation({
    mutationFn: (id: string) => deleteConnection(c.id, id),
    meta: { silent: true },
    onSuccess: refresh,
    onError,
  });
  const ports = [c.storePort, c.worklistPort, c.queryRetrievePort].map((p) => p ?? '—').join(' / ');
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`connect-row-${c.name}`}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {c.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {c.institutionName ?? '—'} · {t('connects.fields.aeTitle')}: {c.aeTitle ?? t('connects.institutionAeTitle')}
            </Typography>
          </Stack>
          <Chip
            size="small"
            color={c.active ? 'success' : 'default'}
            label={c.active ? t('connects.active') : t('connects.inactive')}
          />
          <IconButton
            aria-label={`${t('catalog.edit')}: ${c.name}`}
            onClick={props.onEdit}
            data-testid={`connect-edit-${c.name}`}
          >
            <EditOutlinedIcon />
          </IconButton>
          <ConfirmDelete name={c.name} onConfirm={() => remove.mutate()} />
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid={`connect-status-${c.name}`}>
          {t('connects.status', { seen: when(c.lastSeenAt), study: when(c.lastStudyAt) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('connects.summary', {
            ports,
            upload: c.uploadIntervalSeconds,
            poll: c.pollIntervalSeconds,
            retention: c.retentionDays,
          })}
        </Typography>
        <Divider />
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('connects.keys.title')}
          </Typography>
          <Button
            size="small"
            startIcon={<KeyIcon />}
            loading={keyAction.isPending}
            onClick={() => keyAction.mutate({ kind: 'new' })}
            data-testid={`connect-new-key-${c.name}`}
          >
            {t('connects.keys.create')}
          </Button>
        </Stack>
        {c.keys.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('connects.keys.empty')}
          </Typography>
        )}
        {c.keys.map((k) => (
          <Stack key={k.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`connect-key-${k.id}`}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', flex: 1, minWidth: 0 }} noWrap>
              {t('connects.keys.row', { hint: k.hint || '????', created: when(k.createdAt) })}
            </Typography>
            {k.revokedAt ? (
              <Chip size="small" label={t('connects.keys.revoked')} />
            ) : (
              <>
                <Tooltip title={t('connects.keys.rotate')}>
                  <IconButton
                    aria-label={t('connects.keys.rotate')}
                    onClick={() => keyAction.mutate({ kind: 'rotate', keyId: k.id })}
                    disabled={keyAction.isPending}
                  >
                    <AutorenewIcon />
                  </IconButton>
                </Tooltip>
                <ConfirmDelete
                  name={`…${k.hint}`}
                  label={t('connects.keys.revoke')}
                  onConfirm={() => keyAction.mutate({ kind: 'revoke', keyId: k.id })}
                />
              </>
            )}
          </Stack>
        ))}
        <Divider />
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('connects.connections.title')}
          </Typography>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => props.onConnection('new')}
            data-testid={`connection-new-${c.name}`}
          >
            {t('connects.connections.create')}
          </Button>
        </Stack>
        {c.connections.map((cn) => (
          <Stack key={cn.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`connection-row-${cn.name}`}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {cn.name} · {t('connects.connections.tags', { count: cn.tagMapping.length })}
            </Typography>
            {cn.isDefault && <Chip size="small" color="primary" label={t('connects.connections.default')} />}
            <IconButton aria-label={`${t('catalog.edit')}: ${cn.name}`} onClick={() => props.onConnection(cn)}>
              <EditOutlinedIcon />
            </IconButton>
            <ConfirmDelete name={cn.name} onConfirm={() => removeConnection.mutate(cn.id)} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
