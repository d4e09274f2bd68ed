import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SecurityIcon from '@mui/icons-material/Security';
import type { TwoFactorSaved, TwoFactorStatus, TwoFactorType } from '../../../../domain/auth/two-factor';
import { ProfileCard } from '../profile/ProfileCard';
import { disableTwoFactor, fetchTwoFactorStatus } from './api';
import { CodeField, codeTooShort } from './CodeField';
import { Enrolment } from './Enrolment';
import { twoFactorError } from './errors';
import { RecoveryCodes } from './RecoveryCodes';
import { SendCodeButton } from './SendCodeButton';
import { clearTwoFactorVerified } from './verification';

type Mode =
  { kind: 'idle' } | { kind: 'enrol'; type: TwoFactorType } | { kind: 'disable' } | { kind: 'saved'; saved: TwoFactorSaved };

const STATUS_KEY = ['two-factor', 'status'];

/** My profile: two-factor on or off, enrolment (QR code or e-mail), switch of kind, turning off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => fetchTwoFactorStatus(signal) });
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  return (
    <ProfileCard title={t('twoFactor.card.title')} icon={<SecurityIcon />}>
      {status.isPending && <CircularProgress size={28} aria-label={t('common.loading')} />}
      {status.isError && <Alert severity="error">{twoFactorError(status.error, t)}</Alert>}
      {status.data && (
        <>
          <Summary status={status.data} />
          {notice && (
            <Alert severity="success" onClose={() => setNotice(null)} data-testid="two-factor-card-notice">
              {notice}
            </Alert>
          )}
          {mode.kind === 'idle' && (
            <Actions
              status={status.data}
              onEnrol={(type) => {
                setNotice(null);
                setMode({ kind: 'enrol', type });
              }}
              onDisable={() => {
                setNotice(null);
                setMode({ kind: 'disable' });
              }}
            />
          )}
          {mode.kind === 'enrol' && (
            <Stack spacing={2}>
              <Enrolment
                type={mode.type}
                onSaved={(saved) => {
                  setMode({ kind: 'saved', saved });
                  refresh();
                }}
              />
              <Button onClick={() => setMode({ kind: 'idle' })} sx={{ alignSelf: 'start' }} data-testid="two-factor-cancel">
                {t('twoFactor.cancel')}
              </Button>
            </Stack>
          )}
          {mode.kind === 'saved' && (
            <Stack spacing={2}>
              <Alert severity="success" data-testid="two-factor-enabled">
                {mode.saved.type === 'email' ? t('twoFactor.card.onEmail') : t('twoFactor.card.onAuthenticator')}
              </Alert>
              <RecoveryCodes codes={mode.saved.recoveryCodes} />
              <Button
                variant="contained"
                onClick={() => setMode({ kind: 'idle' })}
                sx={{ alignSelf: 'start' }}
                data-testid="two-factor-done"
              >
                {t('twoFactor.recovery.done')}
              </Button>
            </Stack>
          )}
          {mode.kind === 'disable' && (
            <DisableForm
              type={status.data.type ?? 'authenticator'}
              onCancel={() => setMode({ kind: 'idle' })}
              onDisabled={() => {
                clearTwoFactorVerified();
                setMode({ kind: 'idle' });
                setNotice(t('twoFactor.card.disabled'));
                refresh();
              }}
            />
          )}
        </>
      )}
    </ProfileCard>
  );
}

function Summary({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} data-testid="two-factor-status" data-type={status.type ?? 'off'}>
      <Typography variant="body2">
        {status.type === 'authenticator'
          ? t('twoFactor.card.onAuthenticator')
          : status.type === 'email'
            ? t('twoFactor.card.onEmail')
            : t('twoFactor.card.off')}
      </Typography>
      {status.type && (
        <Typography variant="body2" color="text.secondary">
          {t('twoFactor.card.recoveryLeft', { count: status.recoveryCodesLeft })}
        </Typography>
      )}
      {status.required && (
        <Typography variant="body2" color="text.secondary">
          {t('twoFactor.card.required')}
        </Typography>
      )}
    </Stack>
  );
}

function Actions({
  status,
  onEnrol,
  onDisable,
}: {
  status: TwoFactorStatus;
  onEnrol: (type: TwoFactorType) => void;
  onDisable: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
    >
      {status.type !== 'authenticator' && (
        <Button
          variant={status.type ? 'outlined' : 'contained'}
          onClick={() => onEnrol('authenticator')}
          data-testid="two-factor-enable-authenticator"
        >
          {status.type ? t('twoFactor.card.switchToAuthenticator') : t('twoFactor.card.enableAuthenticator')}
        </Button>
      )}
      {status.type !== 'email' && (
        <Button variant="outlined" onClick={() => onEnrol('email')} data-testid="two-factor-enable-email">
          {status.type ? t('twoFactor.card.switchToEmail') : t('twoFactor.card.enableEmail')}
        </Button>
      )}
      {status.type === 'authenticator' && (
        <Button variant="outlined" onClick={() => onEnrol('authenticator')} data-testid="two-factor-reenrol">
          {t('twoFactor.card.newAuthenticator')}
        </Button>
      )}
      {status.type && !status.required && (
        <Button color="error" onClick={onDisable} data-testid="two-factor-disable">
          {t('twoFactor.card.disable')}
        </Button>
      )}
    </Stack>
  );
}

function DisableForm({ type, onCancel, onDisabled }: { type: TwoFactorType; onCancel: () => void; onDisabled: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const disable = useMutation({
    mutationFn: () => disableTwoFactor(code),
    meta: { silent: true },
    onSuccess: onDisabled,
    onError: (err) => setError(twoFactorError(err, t)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (codeTooShort(code)) {
      setError(t('twoFactor.tokenRequired'));
      return;
    }
    setError(null);
    disable.mutate();
  };
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="two-factor-disable-form">
      <Typography variant="body2">{t('twoFactor.card.disableIntro')}</Typography>
      {type === 'email' && <SendCodeButton sentAt={null} onError={(err) => setError(twoFactorError(err, t))} />}
      <CodeField
        label={t('twoFactor.codeOrRecovery')}
        value={code}
        onChange={setCode}
        recovery
        error={error}
        testId="two-factor-disable-code"
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          color="error"
          variant="contained"
          loading={disable.isPending}
          data-testid="two-factor-disable-submit"
        >
          {t('twoFactor.card.disable')}
        </Button>
        <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
