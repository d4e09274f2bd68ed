import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { sendEmailCode } from './api';
import { useResendCountdown } from './useCountdown';

/**
 * Sends the e-mail code; disabled for 90 s after each send, with the seconds left on the button
 * (spec 3 §4). `sentAt`: a code already sent (at login), in this clock.
 */
export function SendCodeButton({
  sentAt: initial,
  onSent,
  onError,
}: {
  sentAt: number | null;
  onSent?: () => void;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation();
  const [sentAt, setSentAt] = useState<number | null>(initial);
  const seconds = useResendCountdown(sentAt);
  const send = useMutation({
    mutationFn: sendEmailCode,
    meta: { silent: true },
    onSuccess: () => {
      setSentAt(Date.now());
      onSent?.();
    },
    onError,
  });
  return (
    <Button
      variant="outlined"
      onClick={() => send.mutate()}
      disabled={seconds > 0}
      loading={send.isPending}
      data-testid="two-factor-send"
      aria-live="polite"
    >
      {seconds > 0 ? t('twoFactor.resendIn', { seconds }) : sentAt === null ? t('twoFactor.send') : t('twoFactor.resend')}
    </Button>
  );
}
