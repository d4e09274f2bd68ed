import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { TwoFactorSaved, TwoFactorType } from '../../../../domain/auth/two-factor';
import { fetchQrCode, saveTwoFactor } from './api';
import { CodeField, codeTooShort } from './CodeField';
import { twoFactorError } from './errors';
import { SendCodeButton } from './SendCodeButton';
import { markTwoFactorVerified } from './verification';

/**
 * Turning two-factor on (or switching kind): the authenticator's QR code and secret, or a code
 * sent by e-mail; saved only with a first valid code. `onSaved` gets the recovery codes.
 */
export function Enrolment({ type, onSaved }: { type: TwoFactorType; onSaved: (saved: TwoFactorSaved) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each fetch makes a new secret on the server: once per enrolment, never refetched behind the user.
  const qr = useQuery({
    queryKey: ['two-factor', 'qrcode'],
    queryFn: fetchQrCode,
    enabled: type === 'authenticator',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  const save = useMutation({
    mutationFn: () => saveTwoFactor(code, type),
    meta: { silent: true },
    onSuccess: (saved) => {
      markTwoFactorVerified();
      onSaved(saved);
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
    save.mutate();
  };
  const copySecret = (secret: string) => void navigator.clipboard?.writeText(secret).catch(() => undefined);

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid={`two-factor-enrol-${type}`}>
      {type === 'authenticator' && (
        <>
          <Typography variant="body2">{t('twoFactor.enrol.scan')}</Typography>
          {qr.isPending && <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />}
          {qr.isError && (
            <Alert severity="error" data-testid="two-factor-qr-error">
              {twoFactorError(qr.error, t)}
            </Alert>
          )}
          {qr.data && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
              <Box
                component="img"
                src={qr.data.qrCode}
                alt={t('twoFactor.enrol.qrAlt')}
                data-testid="two-factor-qr"
                sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
              <Stack spacing={0.5} sx={{ minWidth: 0, width: '100%' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('twoFactor.enrol.secret')}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Typography
                    data-testid="two-factor-secret"
                    sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', userSelect: 'all' }}
                  >
                    {qr.data.secret}
                  </Typography>
                  <Tooltip title={t('twoFactor.copy')}>
                    <IconButton aria-label={t('twoFactor.copy')} onClick={() => copySecret(qr.data.secret)} size="small">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <Typography variant="body2" sx={{ pt: 1 }}>
                  {t('twoFactor.enrol.confirmIntro')}
                </Typography>
              </Stack>
            </Stack>
          )}
        </>
      )}
      {type === 'email' && (
        <>
          <Typography variant="body2">{t('twoFactor.enrol.emailIntro')}</Typography>
          <Box>
            <SendCodeButton sentAt={null} onSent={() => setError(null)} onError={(err) => setError(twoFactorError(err, t))} />
          </Box>
        </>
      )}
      <CodeField
        label={t('twoFactor.code')}
        value={code}
        onChange={setCode}
        error={error}
        testId="two-factor-enrol-code"
        autoFocus={false}
      />
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        disabled={type === 'authenticator' && !qr.data}
        data-testid="two-factor-enrol-submit"
        sx={{ alignSelf: 'start' }}
      >
        {t('twoFactor.enrol.confirm')}
      </Button>
    </Stack>
  );
}
