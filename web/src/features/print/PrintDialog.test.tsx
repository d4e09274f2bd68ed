import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import { ApiError } from '../../lib/errors';
import { PrintOptions } from '../../../../domain/print/options';
import { PRINT_JOB_TIMEOUT_MS } from '../../../../domain/print/job';
import type * as Dialog from './PrintDialog';

const printed = jest.fn<() => Promise<unknown>>();
const saved = jest.fn<(o: PrintOptions) => Promise<PrintOptions>>(async (o) => o);
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchPrintConfig: async () => PrintOptions.parse({}),
  savePrintConfig: (o: PrintOptions) => saved(o),
  requestPrint: () => printed(),
}));
/** The live documents' listeners by topic: a test pushes the job's documents through them. */
const listeners = new Map<string, (doc: unknown) => void>();
jest.mock('../../lib/live', () => ({
  subscribeLiveJson: (topic: string, listener: (doc: unknown) => void) => {
    listeners.set(topic, listener);
    return () => listeners.delete(topic);
  },
}));

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

  const open = async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByLabelText('Carregando')).toBeNull());
  };
  /** Pushes a live document of the running job (the only topic listened to). */
  const push = (doc: unknown) =>
    act(() => {
      expect(listeners.size).toBe(1);
      const [topic, listener] = [...listeners][0]!;
      expect(topic).toMatch(/^laudos\/accounts\/a1\/printStudy\/[0-9a-f-]{36}$/);
      listener(doc);
    });
  const status = () => screen.getByTestId('print-status').textContent;

  it('follows the live document from pending to the PDF: statuses with a progress bar, then the preview', async () => {
    printed.mockImplementationOnce(async () => ({ printStudyKey: 'k', downloadUrl: null }));
    await open();
    fireEvent.click(screen.getByTestId('print-preview'));
    expect(status()).toBe('Solicitação pendente');
    expect(screen.getByTestId('print-progress')).toBeTruthy();
    expect(disabled('print-preview')).toBe(true);
    push({ status: 'requested' });
    expect(status()).toBe('Solicitação enviada');
    push({ status: 'started' });
    expect(status()).toBe('Impressão em andamento');
    push({ status: 'completed', downloadUrl: '/api/files/tok', pages: 2 });
    expect(screen.queryByTestId('print-status')).toBeNull();
    expect(screen.getByTestId('print-preview-frame').getAttribute('src')).toBe('/api/files/tok');
    expect(screen.getByTestId('print-pages').textContent).toBe('2 páginas');
    // The job is over: nothing listened to any more.
    expect(listeners.size).toBe(0);
  });

  it('closing the dialog while the job runs stops listening (the workflow cleans up on its own)', async () => {
    printed.mockImplementationOnce(async () => ({ printStudyKey: 'k', downloadUrl: null }));
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByLabelText('Carregando')).toBeNull());
    fireEvent.click(screen.getByTestId('print-preview'));
    push({ status: 'started' });
    view.unmount();
    expect(listeners.size).toBe(0);
  });

  it("the job's error shows the spec 2 §8 title with code 500 and the job's message", async () => {
    printed.mockImplementationOnce(async () => ({ printStudyKey: 'k', downloadUrl: null }));
    await open();
    fireEvent.click(screen.getByTestId('print-preview'));
    push({ status: 'error', errorMessage: 'no image to print' });
    expect(screen.getByTestId('print-error').textContent).toBe('Erro ao gerar arquivo para impressão (500): no image to print');
    expect(disabled('print-preview')).toBe(false);
  });

  it('no final status within the job limit shows the generic message', async () => {
    jest.useFakeTimers();
    try {
      printed.mockImplementationOnce(async () => ({ printStudyKey: 'k', downloadUrl: null }));
      await open();
      fireEvent.click(screen.getByTestId('print-preview'));
      push({ status: 'started' });
      act(() => jest.advanceTimersByTime(PRINT_JOB_TIMEOUT_MS - 1000));
      expect(status()).toBe('Impressão em andamento');
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByTestId('print-error').textContent).toBe('Unable to get the image print file, please try again');
      expect(listeners.size).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    [
      new ApiError('PRINT_NOT_ALLOWED', 'A impressão de imagens não está habilitada para esta conta.', 403),
      'A impressão de imagens não está habilitada para esta conta.',
    ],
    [new ApiError('NETWORK_ERROR'), 'Unable to get the image print file, please try again'],
  ])('a refused request shows its message (%s)', async (err, text) => {
    printed.mockRejectedValueOnce(err);
    await open();
    fireEvent.click(screen.getByTestId('print-preview'));
    await waitFor(() => expect(screen.getByTestId('print-error').textContent).toBe(text));
  });
});
