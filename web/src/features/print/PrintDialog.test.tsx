import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import { ApiError } from '../../lib/errors';
import { PrintOptions } from '../../../../domain/print/options';
import type * as Dialog from './PrintDialog';

const printed = jest.fn<() => Promise<unknown>>();
const saved = jest.fn<(o: PrintOptions) => Promise<PrintOptions>>(async (o) => o);
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchPrintConfig: async () => PrintOptions.parse({}),
  savePrintConfig: (o: PrintOptions) => saved(o),
  requestPrint: () => printed(),
}));
jest.mock('../../lib/live', () => ({ subscribeLiveJson: () => () => undefined }));

const { PrintDialog } = jest.requireActual<typeof Dialog>('./PrintDialog');

const study = {
  id: 's1',
  accountId: 'a1',
  patientName: 'João Conceição',
  patientId: 'P-1',
  examType: 'TC',
  series: [{ seriesId: '1.2.3', description: 'Axial', instanceCount: 4 }],
  keyImages: 0,
};

const sketchCells = () => Number(screen.getByTestId('print-sketch').getAttribute('data-cells'));
const disabled = (id: string) => (screen.getByTestId(id) as HTMLButtonElement).disabled;

describe('PrintDialog', () => {
  it('fit-columns with 0 columns disables preview and save (spec 2 §5); 1 column enables them', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    // Spec 2 §9: the preview starts at 3x3.
    await waitFor(() => expect(screen.queryByLabelText('Carregando')).toBeNull());
    expect(sketchCells()).toBe(9);
    fireEvent.click(screen.getByTestId('print-layout-2x2'));
    expect(sketchCells()).toBe(4);
    expect(disabled('print-preview')).toBe(false);

    fireEvent.click(screen.getByTestId('print-option-fit'));
    fireEvent.change(screen.getByTestId('print-columns'), { target: { value: '0' } });
    expect(disabled('print-preview')).toBe(true);
    expect(disabled('print-save')).toBe(true);
    expect(screen.getByText('Informe ao menos 1 coluna')).toBeTruthy();
    expect(sketchCells()).toBe(0);

    fireEvent.change(screen.getByTestId('print-columns'), { target: { value: '2' } });
    expect(disabled('print-preview')).toBe(false);
    expect(disabled('print-save')).toBe(false);
    expect(sketchCells()).toBeGreaterThanOrEqual(4);
    await act(async () => {
      fireEvent.click(screen.getByTestId('print-save'));
    });
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ option: 'fit-columns', column: 2 }));
  });

  it('the custom picker chooses up to 10x10', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByLabelText('Carregando')).toBeNull());
    fireEvent.click(screen.getByTestId('print-layout-custom'));
    expect(screen.getByTestId('print-layout-grid').children).toHaveLength(100);
    fireEvent.click(screen.getByTestId('print-layout-cell-10x10'));
    await waitFor(() => expect(sketchCells()).toBe(100));
  });

  it.each([
    [new ApiError('PRINT_FAILED', 'Erro ao gerar arquivo para impressão', 500), 'Erro ao gerar arquivo para impressão (500)'],
    [new ApiError('NETWORK_ERROR'), 'Unable to get the image print file, please try again'],
  ])('a failed print shows the spec 2 §8 message (%s)', async (err, text) => {
    printed.mockRejectedValueOnce(err);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByLabelText('Carregando')).toBeNull());
    fireEvent.click(screen.getByTestId('print-preview'));
    await waitFor(() => expect(screen.getByTestId('print-error').textContent).toBe(text));
  });
});
