import { describe, expect, it, jest } from '@jest/globals';
import '../../test/text-encoding';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '../../i18n';
import type { OverdueListQuery } from '../../../../domain/notifications/overdue';
import type { OverdueStudy } from './api';
import type * as Page from './OverdueStudiesPage';

const row = (id: string, over: Partial<OverdueStudy> = {}): OverdueStudy => ({
  id,
  patientName: `Paciente ${id}`,
  patientId: `PID-${id}`,
  examType: 'TC de crânio',
  modalities: ['CT'],
  institutionName: 'Clínica',
  routineName: 'Urgência',
  routineColor: '#d32f2f',
  receivedAt: '2026-11-27T08:00:00Z',
  deadline: '2026-11-27T10:00:00Z',
  alertAt: '2026-11-27T09:30:00Z',
  status: 'overdue',
  minutesLate: 125,
  laudoState: 1,
  responsibleName: 'Dra. Ana',
  ...over,
});

const fetched = jest.fn<(which: OverdueListQuery['which'], cursor: string | null) => Promise<unknown>>(async (which, cursor) => {
  if (which === 'alert') return { studies: [row('a1', { status: 'alert', minutesLate: 0, responsibleName: null })], nextCursor: null };
  return cursor ? { studies: [row('o2', { minutesLate: 30 })], nextCursor: null } : { studies: [row('o1')], nextCursor: 'c1' };
});
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchOverdue: (which: OverdueListQuery['which'], cursor: string | null) => fetched(which, cursor),
}));

const { OverdueStudiesPage } = jest.requireActual<typeof Page>('./OverdueStudiesPage');

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OverdueStudiesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OverdueStudiesPage', () => {
  it('shows patient, exam, routine, how late, the doctor and a link to the report; loads more; filters', async () => {
    renderPage();
    const first = await screen.findByTestId('overdue-o1');
    expect(within(first).getByText('Paciente o1').closest('a')?.getAttribute('href')).toBe('/studies/report/o1');
    expect(within(first).getByText('CT · TC de crânio')).toBeTruthy();
    expect(within(first).getByText('Urgência')).toBeTruthy();
    expect(within(first).getByText('2h 05min de atraso')).toBeTruthy();
    expect(within(first).getByText('Dra. Ana')).toBeTruthy();

    fireEvent.click(screen.getByText('Carregar mais'));
    expect(within(await screen.findByTestId('overdue-o2')).getByText('30min de atraso')).toBeTruthy();
    expect(fetched).toHaveBeenCalledWith('all', 'c1');

    fireEvent.click(screen.getByTestId('overdue-filter-alert'));
    const alerting = await screen.findByTestId('overdue-a1');
    expect(within(alerting).getByText('Em alerta')).toBeTruthy();
    expect(within(alerting).getByText('Sem médico')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('overdue-o1')).toBeNull());
  });
});
