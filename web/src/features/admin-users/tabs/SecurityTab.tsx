/** Block or unblock (which also clears a lockout), force a password change, reset two-factor, end sessions, unlink. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notify } from '../../../app/notifications/store';
import { describeError } from '../../../lib/errors';
import { type UserAction, type UserDetail, unlinkUser, userAction } from '../api';
import { ConfirmDialog } from '../ConfirmDialog';

type Action = UserAction | 'unlink';

export function SecurityTab(props: { accountId: string; user: UserDetail; onChanged: () => void; onUnlinked: () => void }) {
  const { accountId, user, onChanged, onUnlinked } = props;
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Action | null>(null);
  const run = useMutation({
    meta: { silent: true },
    mutationFn: (a: Action) => (a === 'unlink' ? unlinkUser(accountId, user.id!) : userAction(accountId, user.id!, a)),
    onSuccess: (_r, a) => {
      notify(t(`adminUsers.security.done.${key(a)}`), 'success');
      setAsking(null);
      onChanged();
      if (a === 'unlink') onUnlinked();
    },
    onError: () => setAsking(null),
  });
  const blocked = user.status === 'blocked' || user.status === 'locked';
  const actions: Action[] = [
    blocked ? 'unblock' : 'block',
    'password-change',
    ...(user.twoFactorType ? (['two-factor/reset'] as const) : []),
    'sessions/end',
    'unlink',
  ];
  return (
    <Stack spacing={2} data-testid="user-security">
      <Typography variant="body2" color="text.secondary">
        {t('adminUsers.security.summary', {
          twoFactor: user.twoFactorType
            ? t(`adminUsers.security.twoFactor.${user.twoFactorType as 'email' | 'authenticator'}`)
            : t('adminUsers.security.twoFactor.none'),
          sessions: user.openSessions,
          failed: user.failedLogins,
        })}
      </Typography>
      {run.isError && <Alert severity="error">{describeError(run.error, t)}</Alert>}
      {actions.map((a, i) => (
        <Stack key={a} spacing={1}>
          {i > 0 && <Divider />}
          <Typography variant="body2">{t(`adminUsers.security.help.${key(a)}`)}</Typography>
          <Button
            variant="outlined"
            color={a === 'unblock' ? 'primary' : 'error'}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => (a === 'unblock' ? run.mutate(a) : setAsking(a))}
            loading={run.isPending && run.variables === a}
            data-testid={`security-${key(a)}`}
          >
            {t(`adminUsers.security.action.${key(a)}`)}
          </Button>
        </Stack>
      ))}
      {asking && (
        <ConfirmDialog
          title={t(`adminUsers.security.action.${key(asking)}`)}
          text={t(`adminUsers.security.confirm.${key(asking)}`, { name: user.name })}
          confirm={t(`adminUsers.security.action.${key(asking)}`)}
          busy={run.isPending}
          onConfirm={() => run.mutate(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}

const KEYS = {
  block: 'block',
  unblock: 'unblock',
  'password-change': 'passwordChange',
  'two-factor/reset': 'twoFactorReset',
  'sessions/end': 'endSessions',
  unlink: 'unlink',
} as const;

/** The catalogue key of an action ('two-factor/reset' → 'twoFactorReset'). */
const key = (a: Action) => KEYS[a];
