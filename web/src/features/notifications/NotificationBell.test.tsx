import { describe, expect, it, jest } from '@jest/globals';
import '../../test/text-encoding';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import '../../i18n';
import type { Notification } from './api';
import type * as Bell from './NotificationBell';

const notification = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'deadline.overdue',
  studyId: `study-${id}`,
  data: { patientName: `Paciente ${id}`, examType: 'TC de crânio', routineName: 'Padrão', deadline: '2026-11-27T12:00:00Z', institutionId: null },
  createdAt: '2026-11-27T14:00:00Z',
  readAt: null,
  ...over,
});

let unread = 2;
const markRead = jest.fn<(id: string) => Promise<number>>(async () => --unread);
const markAll = jest.fn<() => Promise<number>>(async () => (unread = 0));
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchUnreadCount: async () => unread,
  fetchNotifications: async () => ({
    notifications: [notification('n1'), notification('n2', { kind: 'deadline.alert' }), notification('n3', { readAt: '2026-11-27T15:00:00Z' })],
    nextCursor: null,
    unread,
  }),
  markNotificationRead: (id: string) => markRead(id),
  markAllNotificationsRead: () => markAll(),
}));
/** The live documents' listeners by topic: the test pushes the count through them. */
const listeners = new Map<string, (doc: unknown) => void>();
jest.mock('../../lib/live', () => ({
  subscribeLiveJson: (topic: string, listener: (doc: unknown) => void) => {
    listeners.set(topic, listener);
    return () => listeners.delete(topic);
  },
}));

const { NotificationBell } = jest.requireActual<typeof Bell>('./NotificationBell');

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const TOPIC = `laudos/accounts/${ACCOUNT}/users/${USER}/notifications`;

function ReportStub() {
  return <div data-testid="report-page">{useParams().studyId}</div>;
}

function renderBell() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/studies']}>
        <NotificationBell accountId={ACCOUNT} userId={USER} />
        <Routes>
          <Route path="/studies" element={<div />} />
          <Route path="/studies/report/:studyId" element={<ReportStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const badge = () => screen.getByTestId('notification-badge');

describe('NotificationBell', () => {
  it('shows the unread count, follows it live on the user topic, opens a notification as read on its study', async () => {
    unread = 2;
    renderBell();
    await waitFor(() => expect(within(badge()).getByText('2')).toBeTruthy());
    expect(screen.getByLabelText('Notificações: 2 não lidas')).toBeTruthy();

    // The count pushed on the user's own topic replaces the one read.
    expect([...listeners.keys()]).toEqual([TOPIC]);
    act(() => listeners.get(TOPIC)!({ unread: 5 }));
    await waitFor(() => expect(within(badge()).getByText('5')).toBeTruthy());
    // A malformed document is ignored.
    act(() => listeners.get(TOPIC)!({ unread: 'x' }));
    expect(within(badge()).getByText('5')).toBeTruthy();

    unread = 2;
    fireEvent.click(screen.getByTestId('notification-bell'));
    await waitFor(() => expect(screen.getByTestId('notification-n1')).toBeTruthy());
    expect(screen.getByText('Exame em atraso: Paciente n1 · TC de crânio')).toBeTruthy();
    expect(screen.getByText('Exame próximo do prazo: Paciente n2 · TC de crânio')).toBeTruthy();
    expect(screen.getByTestId('notification-n1').getAttribute('data-unread')).toBe('true');
    expect(screen.getByTestId('notification-n3').getAttribute('data-unread')).toBe('false');

    fireEvent.click(screen.getByTestId('notification-n1'));
    await waitFor(() => expect(screen.getByTestId('report-page').textContent).toBe('study-n1'));
    expect(markRead).toHaveBeenCalledWith('n1');
    await waitFor(() => expect(within(badge()).getByText('1')).toBeTruthy());
  });

  it('marks all read: the badge empties', async () => {
    unread = 3;
    renderBell();
    await waitFor(() => expect(within(badge()).getByText('3')).toBeTruthy());
    fireEvent.click(screen.getByTestId('notification-bell'));
    await waitFor(() => expect(screen.getByTestId('notification-n1')).toBeTruthy());
    fireEvent.click(screen.getByTestId('notifications-read-all'));
    await waitFor(() => expect(markAll).toHaveBeenCalled());
    // Portuguese counts zero as singular (Intl plural rules).
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notificações: 0 não lida'));
    // MUI keeps the last number while the badge fades out: what counts is that it is hidden.
    expect(badge().querySelector('.MuiBadge-invisible')).not.toBeNull();
  });
});
