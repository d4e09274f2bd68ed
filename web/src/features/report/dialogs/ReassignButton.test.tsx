import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../../i18n';
import type * as Button from './ReassignButton';

const CURRENT = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000b2';
jest.mock('../api', () => ({
  ...jest.requireActual<object>('../api'),
  fetchDoctors: async () => [
    { id: CURRENT, name: 'Dra. Ana' },
    { id: OTHER, name: 'Dr. Beto' },
  ],
}));
const { ReassignButton } = jest.requireActual<typeof Button>('./ReassignButton');

const renderButton = (allowedActions: string[], run = jest.fn(async (_action: string, _body?: unknown) => ({}))) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReassignButton
        studyId="s1"
        report={{ responsibleUserId: CURRENT, doctorName: 'Dra. Ana', allowedActions }}
        run={run}
        pending={null}
      />
    </QueryClientProvider>,
  );
  return run;
};

describe('ReassignButton', () => {
  it('is not there unless the server allows reassign', () => {
    renderButton(['start']);
    expect(screen.queryByTestId('reassign-report')).toBeNull();
  });

  it('gives the report to another doctor, never offering the one holding it', async () => {
    const run = renderButton(['start', 'reassign']);
    fireEvent.click(screen.getByTestId('reassign-report'));
    const dialog = await screen.findByTestId('change-doctor-dialog');
    expect(within(dialog).getByText('Atribuir o laudo a outro médico')).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Dr. Beto']);
    fireEvent.click(screen.getByRole('option', { name: 'Dr. Beto' }));
    fireEvent.click(within(dialog).getByTestId('change-doctor-submit'));
    await waitFor(() => expect(run).toHaveBeenCalledWith('reassign', { performingPhysician: OTHER }));
    await waitFor(() => expect(screen.queryByTestId('change-doctor-dialog')).toBeNull());
  });
});
