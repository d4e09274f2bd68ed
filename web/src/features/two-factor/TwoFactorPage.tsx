import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PendingSession, TwoFactorSaved, TwoFactorType } from '../../../../domain/auth/two-factor';
import { CenteredLayout } from '../../app/CenteredLayout';
import { verifyCode } from './api';
import { CodeField, codeTooShort } from './CodeField';
import { Enrolment } from './Enrolment';
import { twoFactorError } from './errors';
import { RecoveryCodes } from './RecoveryCodes';
import { SendCodeButton } from './SendCodeButton';
import { markTwoFactorVerified } from './verification';

/**
 * The screen of a session whose second factor is due (spec 3 §4): the code (e-mail or
 * authenticator, or a recovery code), or — when the account requires two-factor of a user
 * without it — the enrolment. Success says so and offers the reload into the platform.
 */
export function TwoFactorPage({ pending, onLogout }: { pending: PendingSession; onLogout: () => void }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<TwoFactorSaved | 'verified' | null>(null);
  const status = pending.secondFactor;
  return (
    <CenteredLayout maxWidth={status.pending === 'enrol' ? 640 : 440}>
      <Stack spacing={2.5} aria-labelledby="two-factor-title" data-testid="two-factor-page">
        <Typography id="two-factor-title" variant="h5" component="h1">
          {status.pending === 'enrol' ? t('twoFactor.enrol.requiredTitle') : t('twoFactor.title')}
        </Typography>
        {done ? (
          <Success saved={done === 'verified' ? null : done} />
        ) : status.pending === 'enrol' ? (
          <RequiredEnrolment onSaved={setDone} />
        ) : (
          <CodeForm
            type={status.type ?? 'authenticator'}
            sentAt={status.emailCodeSentAt}
            onVerified={() => setDone('verified')}
          />
        )}
        {!done && (
          <Link component="button" type="button" onClick={onLogout} sx={{ alignSelf: 'center' }} data-testid="two-factor-logout">
            {t('auth.logout')}
          </Link>
        )}
      </Stack>
    </CenteredLayout>
  );
}

function Success({ saved }: { saved: TwoFactorSaved | null }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="success" data-testid="two-factor-success">
        {t('twoFactor.success')}
      </Alert>
      {saved && <RecoveryCodes codes={saved.recoveryCodes} />}
      <Button variant="contained" size="large" onClick={() => window.location.reload()} data-testid="two-factor-reload">
        {t('twoFactor.reload')}
      </Button>
    </Stack>
  );
}

function RequiredEnrolment({ onSaved }: { onSaved: (saved: TwoFactorSaved) => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<TwoFactorType>('authenticator');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('twoFactor.enrol.requiredIntro')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={type}
        onChange={(_e, value: TwoFactorType | null) => value && setType(value)}
        size="small"
        color="primary"
        aria-label={t('twoFactor.enrol.kind')}
      >
        <ToggleButton value="authenticator" data-testid="two-factor-kind-authenticator">
          {t('twoFactor.enrol.authenticator')}
        </ToggleButton>
        <ToggleButton value="email" data-testid="two-factor-kind-email">
          {t('twoFactor.enrol.email')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Enrolment key={type} type={type} onSaved={onSaved} />
    </Stack>
  );
}

function CodeForm({ type, sentAt, onVerified }: { type: TwoFactorType; sentAt: string | null; onVerified: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: () => verifyCode(code, type),
    meta: { silent: true },
    onSuccess: () => {
      markTwoFactorVerified();
      onVerified();
    },
    onError: (err) => setError(twoFactorError(err, t)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (codeTooShort(code)) {
      setError(t('twoFactor.tokenRequired'));
      return;
    }
    setError(null);
    verify.mutate();
  };
  const toggleRecovery = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(null);
  };
  const sent = sentAt ? Date.parse(sentAt) : null;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        {recovery
          ? t('twoFactor.intro.recovery')
          : type === 'email'
            ? t('twoFactor.intro.email')
            : t('twoFactor.intro.authenticator')}
      </Typography>
      {type === 'email' && !recovery && (
        <SendCodeButton sentAt={sent} onSent={() => setError(null)} onError={(err) => setError(twoFactorError(err, t))} />
      )}
      <CodeField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        value={code}
        onChange={setCode}
        recovery={recovery}
        error={error}
        testId="two-factor-code"
      />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending} data-testid="two-factor-submit">
        {t('twoFactor.verify')}
      </Button>
      <Link
        component="button"
        type="button"
        onClick={toggleRecovery}
        sx={{ alignSelf: 'start' }}
        data-testid="two-factor-use-recovery"
      >
        {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
      </Link>
    </Stack>
  );
}
