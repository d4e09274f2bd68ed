import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import type { Filter, OrchestratorState } from './api';
import type * as Page from './OrchestratorPage';
import { FilterEditor } from './FilterEditor';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const candidates = {
  users: [
    { id: A, name: 'Dra. Ana', seniority: 'senior' },
    { id: B, name: 'Dr. Beto', seniority: null },
  ],
  groups: [],
};
const filter: Filter = {
  id: 'f1',
  name: 'Tomografia',
  position: 1,
  modalities: ['CT'],
  members: [
    { kind: 'user', id: A, percentage: 35 },
    { kind: 'user', id: B, percentage: 65 },
  ],
  seniority: false,
  limitPerDoctor: null,
  active: true,
};

let state: OrchestratorState = { paused: false, filters: [filter], candidates };
const paused = jest.fn<(p: boolean) => Promise<unknown>>(async (p) => {
  state = { ...state, paused: p };
  return state;
});
const ordered = jest.fn<(ids: string[]) => Promise<unknown>>(async (ids) => {
  state = { ...state, filters: ids.map((id) => state.filters.find((f) => f.id === id)!) };
  return state;
});
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchOrchestrator: async () => state,
  setPaused: (p: boolean) => paused(p),
  setFilterOrder: (ids: string[]) => ordered(ids),
}));
const { OrchestratorPage } = jest.requireActual<typeof Page>('./OrchestratorPage');

const saveButton = () => screen.getByTestId('filter-save') as HTMLButtonElement;

describe('FilterEditor', () => {
  it("refuses a total over 100 with the server's message and saves a valid filter", () => {
    const onSave = jest.fn();
    render(<FilterEditor filter={filter} candidates={candidates} saving={false} error={null} onSave={onSave} onClose={jest.fn()} />);
    expect(screen.getByTestId('filter-total').textContent).toBe('Total: 100 % · 0 % ficam sem distribuição');
    fireEvent.change(screen.getByTestId('member-1-percentage'), { target: { value: '70' } });
    expect(screen.getByTestId('refusal-ORCHESTRATOR_PERCENTAGE_OVER_100').textContent).toBe(
      'A soma das porcentagens não pode ultrapassar 100%.',
    );
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('member-1-percentage'), { target: { value: '50' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    expect(onSave).toHaveBeenCalledWith({
      name: 'Tomografia',
      modalities: ['CT'],
      members: [
        { kind: 'user', id: A, percentage: 35 },
        { kind: 'user', id: B, percentage: 50 },
      ],
      seniority: false,
      limitPerDoctor: null,
      active: true,
    });
  });

  it('an active filter needs a user or a group', () => {
    render(
      <FilterEditor
        filter={{ ...filter, members: [] }}
        candidates={candidates}
        saving={false}
        error={null}
        onSave={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByTestId('refusal-ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});

describe('OrchestratorPage', () => {
  it('lists the filters with their shares and pauses the distribution', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrchestratorPage />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('filter-Tomografia').textContent).toContain('Dra. Ana 35 % · Dr. Beto 65 %'));
    expect(screen.getByTestId('orchestrator-status').textContent).toBe('Distribuindo');
    fireEvent.click(screen.getByTestId('orchestrator-pause'));
    await waitFor(() => expect(screen.getByTestId('orchestrator-status').textContent).toBe('Distribuição pausada'));
    expect(paused).toHaveBeenCalledWith(true);
    expect(screen.getByTestId('orchestrator-paused-hint').textContent).toBe(
      'Exames que chegaram durante a pausa são distribuídos ao retomar.',
    );
  });

  it('moves a filter up or down: the first with the modality takes the study', async () => {
    state = { ...state, filters: [filter, { ...filter, id: 'f2', name: 'Mamografia', modalities: ['MG'], position: 2 }] };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrchestratorPage />
      </QueryClientProvider>,
    );
    const up = await screen.findByRole('button', { name: 'Subir o filtro Mamografia' });
    expect((screen.getByRole('button', { name: 'Subir o filtro Tomografia' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Descer o filtro Mamografia' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(up);
    await waitFor(() => expect(ordered).toHaveBeenCalledWith(['f2', 'f1']));
    await waitFor(() =>
      expect(screen.getAllByTestId(/^filter-(Tomografia|Mamografia)$/).map((e) => e.dataset.testid)).toEqual([
        'filter-Mamografia',
        'filter-Tomografia',
      ]),
    );
  });
});
