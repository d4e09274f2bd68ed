import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../i18n';
import type { Subscription, SubscriptionsState } from './api';
import type * as Page from './SubscriptionsPage';
import { SubscriptionDialog } from './SubscriptionDialog';

const I = '00000000-0000-4000-8000-0000000000a1';
const U = '00000000-0000-4000-8000-0000000000b1';
const V = '00000000-0000-4000-8000-0000000000b2';
const candidates: SubscriptionsState['candidates'] = {
  institutions: [{ id: I, name: 'Hospital Central' }],
  users: [
    { id: U, name: 'Dra. Ana', email: 'ana@example.com' },
    { id: V, name: 'Dr. Beto', email: 'beto@example.com' },
  ],
};
const pending: Subscription = {
  id: 's1',
  type: 'email',
  events: ['deadline.overdue'],
  institution: { id: I, name: 'Hospital Central' },
  user: { id: U, name: 'Dra. Ana', email: 'ana@example.com' },
  status: 'pending',
  active: false,
  confirmedAt: null,
  canceledAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
};
const active: Subscription = {
  ...pending,
  id: 's2',
  events: ['deadline.alert', 'deadline.overdue'],
  user: { id: V, name: 'Dr. Beto', email: 'beto@example.com' },
  status: 'active',
  active: true,
  confirmedAt: '2026-11-28T11:00:00.000Z',
};

let state: SubscriptionsState = { subscriptions: [pending, active], candidates };
const canceled = jest.fn<(id: string) => Promise<unknown>>(async (id) => {
  state = {
    ...state,
    subscriptions: state.subscriptions.map((s) =>
      s.id === id ? { ...s, status: 'canceled', active: false, canceledAt: new Date().toISOString() } : s,
    ),
  };
  return {};
});
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchSubscriptions: async () => state,
  cancelSubscription: (id: string) => canceled(id),
}));
const { SubscriptionsPage } = jest.requireActual<typeof Page>('./SubscriptionsPage');

describe('SubscriptionDialog', () => {
  it("refuses a subscription without event, institution and user with the server's messages, saving nothing", () => {
    const onSave = jest.fn();
    render(
      <SubscriptionDialog
        subscription={null}
        candidates={candidates}
        saving={false}
        error={null}
        onSave={onSave}
        onClose={jest.fn()}
      />,
    );
    fireEvent.click(screen.getByTestId('subscription-save'));
    expect(screen.getByTestId('refusal-SUBSCRIPTION_EVENT_REQUIRED').textContent).toBe('Selecione pelo menos um evento.');
    expect(screen.getByTestId('refusal-SUBSCRIPTION_INSTITUTION_REQUIRED').textContent).toBe('Selecione a instituição.');
    expect(screen.getByTestId('refusal-SUBSCRIPTION_USER_REQUIRED').textContent).toBe('Selecione o usuário.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a pending subscription with the events chosen', () => {
    const onSave = jest.fn();
    render(
      <SubscriptionDialog
        subscription={pending}
        candidates={candidates}
        saving={false}
        error={null}
        onSave={onSave}
        onClose={jest.fn()}
      />,
    );
    fireEvent.click(screen.getByTestId('subscription-event-deadline.overdue'));
    fireEvent.click(screen.getByTestId('subscription-save'));
    expect(screen.getByTestId('refusal-SUBSCRIPTION_EVENT_REQUIRED')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('subscription-event-deadline.alert'));
    expect(screen.queryByTestId('refusal-SUBSCRIPTION_EVENT_REQUIRED')).toBeNull();
    fireEvent.click(screen.getByTestId('subscription-save'));
    expect(onSave).toHaveBeenCalledWith({ type: 'email', events: ['deadline.alert'], institutionId: I, userId: U });
  });
});

describe('SubscriptionsPage', () => {
  it('lists each subscription with its status; a pending one is edited or removed, an active one only cancelled', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SubscriptionsPage />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('subscription-ana@example.com-status').textContent).toBe('Aguardando confirmação'),
    );
    expect(screen.getByTestId('subscription-beto@example.com-status').textContent).toBe('Ativa');
    const ana = screen.getByTestId('subscription-ana@example.com');
    expect(within(ana).getByRole('button', { name: 'Editar a inscrição de Dra. Ana' })).toBeTruthy();
    expect(within(ana).getByRole('button', { name: 'Remover a inscrição de Dra. Ana' })).toBeTruthy();
    expect(within(ana).queryByRole('button', { name: 'Cancelar inscrição' })).toBeNull();
    const beto = screen.getByTestId('subscription-beto@example.com');
    expect(beto.textContent).toContain('Exame próximo do prazo, Exame em atraso');
    expect(within(beto).queryByRole('button', { name: /Editar/ })).toBeNull();
    fireEvent.click(within(beto).getByRole('button', { name: 'Cancelar inscrição' }));
    fireEvent.click(within(screen.getByTestId('confirm-cancel')).getByRole('button', { name: 'Cancelar inscrição' }));
    await waitFor(() => expect(screen.getByTestId('subscription-beto@example.com-status').textContent).toBe('Cancelada'));
    expect(canceled).toHaveBeenCalledWith('s2');
  });
});
