import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { Notifications } from '../notifications/Notifications';
import { ErrorBoundary } from './ErrorBoundary';

type Call = { url: string; method: string; body: any; headers: Record<string, string> };
let calls: Call[] = [];
let explode = true;

function Bomb() {
  if (explode) throw new Error('kaboom');
  return <p>recovered</p>;
}

describe('ErrorBoundary (spec 3 §8: a crash → dismissible toast + POST /errorTracker)', () => {
  beforeEach(() => {
    calls = [];
    explode = true;
    window.localStorage.setItem('access_token', 'tok-1');
    global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: init?.headers as Record<string, string>,
      });
      return { ok: true, status: 204, text: async () => '' } as Response;
    }) as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React's own report of the crash
  });

  it('shows the fallback and the toast, reports the crash once, and renders again on retry', async () => {
    render(
      <>
        <ErrorBoundary>
          <Bomb />
        </ErrorBoundary>
        <Notifications />
      </>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByTestId('crash-fallback').textContent).toBe('Esta parte da tela parou de funcionar.');
    const toast = screen.getByTestId('notification');
    expect(toast.textContent).toContain('Ocorreu um erro inesperado nesta tela. O erro foi enviado ao suporte.');
    const tracked = calls.filter((c) => c.url === '/api/errorTracker');
    expect(tracked).toHaveLength(1);
    expect(tracked[0]!.method).toBe('POST');
    expect(tracked[0]!.headers['access_token']).toBe('tok-1');
    expect(tracked[0]!.body).toMatchObject({ subType: 'COMPONENT_CRASH', content: { message: 'kaboom', name: 'Error' } });
    expect(tracked[0]!.body.content.componentStack).toContain('Bomb');

    // Dismissible.
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByTestId('notification')).toBeNull();

    explode = false;
    fireEvent.click(screen.getByTestId('crash-retry'));
    expect(screen.getByText('recovered')).toBeTruthy();
  });

  it('sends nothing without a session (the tracker takes one), the toast still shows', async () => {
    window.localStorage.clear();
    render(
      <>
        <ErrorBoundary>
          <Bomb />
        </ErrorBoundary>
        <Notifications />
      </>,
    );
    expect(screen.getAllByTestId('notification')).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });
});
