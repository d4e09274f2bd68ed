import { useEffect, useState } from 'react';
import { EMAIL_CODE_RESEND_MS } from '../../../../domain/auth/two-factor';

/** Seconds left before the e-mail code may be sent again (spec 3 §9: 90 s), ticking each second. */
export function useResendCountdown(sentAt: number | null): number {
  const left = () => (sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + EMAIL_CODE_RESEND_MS - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (sentAt === null) return undefined;
    const timer = window.setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return Math.min(seconds, EMAIL_CODE_RESEND_MS / 1000);
}
