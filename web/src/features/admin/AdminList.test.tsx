import { expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import { AdminList, type Cursor, type Page } from './AdminList';

interface Row {
  id: string;
  name: string;
}
const ALL: Row[] = [
  { id: 'a', name: 'Clínica E2E' },
  { id: 'b', name: 'Conta Azul' },
  { id: 'c', name: 'Conta Verde' },
];

it('keeps the last rows, clickable, while a new search loads, then shows its rows', async () => {
  // Each search answers only when the test lets it.
  const pending: { q: string; resolve: () => void }[] = [];
  const fetchPage = jest.fn(
    (q: string, _cursor: Cursor | null, _signal: AbortSignal) =>
      new Promise<Page<Row>>((resolve) =>
        pending.push({ q, resolve: () => resolve({ rows: ALL.filter((r) => r.name.includes(q)), next: null }) }),
      ),
  );
  const clicked = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminList<Row>
        testId="rows"
        queryKey={['rows']}
        fetchPage={fetchPage}
        searchLabel="Buscar"
        empty="Nada"
        renderRow={(r) => (
          <button data-testid={`row-${r.id}`} onClick={() => clicked(r.id)}>
            {r.name}
          </button>
        )}
      />
    </QueryClientProvider>,
  );
  // The first load has nothing to keep: skeletons.
  expect(screen.getByTestId('rows-loading')).toBeTruthy();
  await waitFor(() => expect(pending).toHaveLength(1));
  pending[0]!.resolve();
  await screen.findByTestId('row-c');

  fireEvent.change(screen.getByTestId('rows-search'), { target: { value: 'E2E' } });
  await waitFor(() => expect(pending).toHaveLength(2), { timeout: 2000 });
  expect(pending[1]!.q).toBe('E2E');
  // The search is loading: the last rows stay, with a progress bar, and a click still lands.
  expect(screen.queryByTestId('rows-loading')).toBeNull();
  expect(screen.getByTestId('rows-searching')).toBeTruthy();
  fireEvent.click(screen.getByTestId('row-a'));
  expect(clicked).toHaveBeenCalledWith('a');

  pending[1]!.resolve();
  await waitFor(() => expect(screen.queryByTestId('row-c')).toBeNull());
  expect(screen.getByTestId('row-a')).toBeTruthy();
  expect(screen.queryByTestId('rows-searching')).toBeNull();
});
