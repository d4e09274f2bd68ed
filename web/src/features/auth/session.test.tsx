import { beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../i18n';
import { clearToken, setToken } from '../../lib/token';
import { SessionProvider, useSession } from './session';

function Shown() {
  const session = useSession();
  return <output>{session.status === 'anonymous' && session.expired ? 'expired' : session.status}</output>;
}

function renderSession() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <Shown />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('status').textContent;
}

beforeEach(() => localStorage.clear());

describe('a page opened with no stored session (spec 3 §8)', () => {
  it('says the last session expired when it did, also after a reload', () => {
    setToken('t');
    clearToken('expired');
    expect(renderSession()).toBe('expired');
  });

  it('says nothing after a logout or a first visit', () => {
    expect(renderSession()).toBe('anonymous');
  });

  it('forgets the expiry once the user signs in again', () => {
    clearToken('expired');
    setToken('t');
    clearToken();
    expect(renderSession()).toBe('anonymous');
  });
});
