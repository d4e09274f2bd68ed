import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import '../../i18n';
import type { Profile } from './api';
import { PersonalDataCard } from './PersonalDataCard';
import { SignatureCard } from './SignatureCard';

type Call = { url: string; method: string; body: any };
let calls: Call[];
let profile: Profile;
let failProfile: boolean;

beforeEach(() => {
  calls = [];
  failProfile = false;
  profile = {
    name: 'Ana Lima',
    username: 'ana',
    email: 'ana@clinica.test',
    mobile: null,
    phone: null,
    signatureUpdatedAt: null,
    pendingEmail: null,
  };
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (failProfile) {
      const text = JSON.stringify({ error: { code: 'NOT_FOUND', description: 'Não encontrado.' } });
      return { ok: false, status: 404, text: async () => text } as Response;
    }
    if (call.method === 'PATCH') profile = { ...profile, ...call.body, mobile: '(11) 98765-4321' };
    const text = JSON.stringify(profile);
    return { ok: true, status: 200, text: async () => text } as Response;
  }) as typeof fetch;
});

function show(card: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{card}</QueryClientProvider>);
}
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('PersonalDataCard', () => {
  it('loads, refuses an invalid mobile without calling the server, then saves the valid one', async () => {
    show(<PersonalDataCard />);
    expect(screen.getByLabelText('Carregando...')).toBeTruthy();
    await screen.findByDisplayValue('Ana Lima');
    const save = screen.getByTestId('profile-personal-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet

    fireEvent.change(field('profile-mobile'), { target: { value: '(11) 3123-4567' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('profile-personal-form'));
    });
    expect(screen.getByText('Celular inválido. Use DDD e número, ex.: (11) 91234-5678')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.change(field('profile-mobile'), { target: { value: '11987654321' } });
    fireEvent.blur(field('profile-mobile'));
    expect(field('profile-mobile').value).toBe('(11) 98765-4321');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('profile-personal-form'));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ name: 'Ana Lima', mobile: '(11) 98765-4321', phone: '' });
  });

  it('shows a failed load with a retry', async () => {
    failProfile = true;
    show(<PersonalDataCard />);
    await screen.findByText('Não encontrado.');
    failProfile = false;
    await act(async () => {
      fireEvent.click(screen.getByText('Tentar novamente'));
    });
    await screen.findByDisplayValue('Ana Lima');
  });
});

describe('SignatureCard', () => {
  it('refuses a file over 2 MB before sending it', async () => {
    show(<SignatureCard />);
    await screen.findByText('Nenhuma imagem cadastrada');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'assinatura.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('signature-file'), { target: { files: [big] } });
    });
    expect(screen.getByTestId('signature-error').textContent).toBe('A imagem da assinatura excede o limite de 2MB');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
