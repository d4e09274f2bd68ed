import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import '../../i18n';
import i18n from '../../i18n';
import {
  clearTwoFactorVerified,
  markTwoFactorVerified,
  twoFactorDueAt,
  twoFactorVerifiedAt,
  useTwoFactorRecheck,
} from './verification';
import { useResendCountdown } from './useCountdown';

const DAY = 86_400_000;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
  localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the kept verification time (spec 3 §4)', () => {
  it('is written on success, lasts 24 h (86,400,000 ms) and is cleared', () => {
    expect(twoFactorVerifiedAt()).toBeNull();
    markTwoFactorVerified();
    expect(twoFactorVerifiedAt()).toBe(Date.now());
    expect(twoFactorDueAt(twoFactorVerifiedAt())).toBe(Date.now() + DAY);
    clearTwoFactorVerified();
    expect(twoFactorVerifiedAt()).toBeNull();
    expect(twoFactorDueAt(null)).toBeNull();
  });

  function Recheck({ on, onRecheck }: { on: boolean; onRecheck: () => void }) {
    useTwoFactorRecheck(on, onRecheck);
    return null;
  }

  it('asks the server again when the 24 h run out, once', () => {
    markTwoFactorVerified(Date.now() - DAY + 5000);
    const recheck = jest.fn();
    render(<Recheck on onRecheck={recheck} />);
    act(() => void jest.advanceTimersByTime(4000));
    expect(recheck).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(1500));
    expect(recheck).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a user without two-factor or without a kept time', () => {
    const recheck = jest.fn();
    render(<Recheck on={false} onRecheck={recheck} />);
    markTwoFactorVerified(Date.now() - 2 * DAY);
    act(() => void jest.advanceTimersByTime(1000));
    localStorage.clear();
    render(<Recheck on onRecheck={recheck} />);
    act(() => void jest.advanceTimersByTime(DAY));
    expect(recheck).not.toHaveBeenCalled();
  });
});

describe('the resend countdown (spec 3 §9: 90 s)', () => {
  function Countdown() {
    const [sentAt, setSentAt] = useState<number | null>(null);
    const seconds = useResendCountdown(sentAt);
    return (
      <button data-testid="send" disabled={seconds > 0} onClick={() => setSentAt(Date.now())}>
        {seconds > 0 ? i18n.t('twoFactor.resendIn', { seconds }) : i18n.t('twoFactor.send')}
      </button>
    );
  }

  it('disables the button for 90 s, counting down, then allows a resend', async () => {
    await act(() => i18n.changeLanguage('pt-BR'));
    render(<Countdown />);
    const button = () => screen.getByTestId('send');
    expect(button().textContent).toBe('Enviar código');
    act(() => button().click());
    expect(button().textContent).toBe('Reenviar em 90 s');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    act(() => void jest.advanceTimersByTime(30_000));
    expect(button().textContent).toBe('Reenviar em 60 s');
    act(() => void jest.advanceTimersByTime(59_000));
    expect(button().textContent).toBe('Reenviar em 1 s');
    act(() => void jest.advanceTimersByTime(1000));
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    expect(button().textContent).toBe('Enviar código');
  });
});
