import '../../test/text-encoding';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import '../../i18n';
import { ChangePasswordCard } from './ChangePasswordCard';
import type * as Forgot from './ForgotPasswordPage';
import type * as Reset from './ResetPasswordPage';

// The public pages' frame (brand, theme and language switches) needs the app's providers: the
// pages are tested inside a bare frame.
jest.mock('../../app/CenteredLayout', () => ({ CenteredLayout: ({ children }: { children: unknown }) => children }));
const { ForgotPasswordPage } = jest.requireActual<typeof Forgot>('./ForgotPasswordPage');
const { ResetPasswordPage } = jest.requireActual<typeof Reset>('./ResetPasswordPage');

let calls: { url: string; body: any }[];
let replies: { status: number; body?: unknown }[];

beforeEach(() => {
  calls = [];
  replies = [];
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply = replies.shift() ?? { status: 204 };
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { ok: reply.status < 400, status: reply.status, text: async () => text } as Response;
  }) as typeof fetch;
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

function renderAt(path: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {element}
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const error = (code: string, description: string) => ({ status: 400, body: { error: { code, description } } });

describe('ForgotPasswordPage', () => {
  it('sends an e-mail as email, a name as username, with the callback to this origin’s /resetPassword', async () => {
    renderAt('/forgotPassword', <ForgotPasswordPage />);
    type('forgot-username', ' ana@clinica.org ');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await screen.findByTestId('forgot-sent');
    expect(calls).toEqual([
      {
        url: '/api/auth/forgotPassword',
        body: { email: 'ana@clinica.org', callbackUrl: `${window.location.origin}/resetPassword` },
      },
    ]);
  });
});

describe('ResetPasswordPage', () => {
  it('takes the token out of the address, sends it with the pair, and shows a reuse refusal under the field', async () => {
    replies = [error('PASSWORD_REUSED', 'A senha não pode repetir uma das últimas senhas'), { status: 204 }];
    renderAt('/resetPassword?token=abc123', <ResetPasswordPage />);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/resetPassword'));
    type('reset-password', 'Nova@Senha1');
    type('reset-password-confirmation', 'Nova@Senha1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await screen.findByText('A senha não pode repetir uma das últimas senhas');
    expect(calls[0]).toEqual({
      url: '/api/auth/resetPassword',
      body: { token: 'abc123', password: 'Nova@Senha1', passwordConfirmation: 'Nova@Senha1' },
    });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await screen.findByTestId('reset-done');
  });

  it('does not send a pair that breaks the rules or does not match', () => {
    renderAt('/resetPassword?token=abc123', <ResetPasswordPage />);
    type('reset-password', 'fraca');
    type('reset-password-confirmation', 'fraca');
    fireEvent.click(screen.getByTestId('reset-submit'));
    type('reset-password', 'Nova@Senha1');
    type('reset-password-confirmation', 'Nova@Senha2');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(screen.getByText('Senhas diferentes')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says the link is invalid without a token, and offers a new one', () => {
    renderAt('/resetPassword', <ResetPasswordPage />);
    expect(screen.getByTestId('reset-error').textContent).toBe(
      'Link de redefinição de senha inválido, expirado ou já utilizado. Solicite um novo.',
    );
    expect(screen.getByTestId('reset-other').getAttribute('href')).toBe('/forgotPassword');
  });
});

describe('ChangePasswordCard', () => {
  it('shows a wrong current password under its field, then clears the form on success', async () => {
    replies = [error('WRONG_CURRENT_PASSWORD', 'A senha atual está incorreta.'), { status: 204 }];
    renderAt('/profile', <ChangePasswordCard />);
    type('change-password-current', 'Velha@123');
    type('change-password-new', 'Nova@Senha1');
    type('change-password-new-confirmation', 'Nova@Senha1');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await screen.findByText('A senha atual está incorreta.');
    expect(calls[0]).toEqual({
      url: '/api/auth/changePassword',
      body: { currentPassword: 'Velha@123', password: 'Nova@Senha1', passwordConfirmation: 'Nova@Senha1' },
    });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect((screen.getByTestId('change-password-current') as HTMLInputElement).value).toBe(''));
    expect(calls).toHaveLength(2);
  });
});
