import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import { ApiError } from '../../lib/errors';
import { PrintConfig, type PrintConfigAnswer, type PrintOptions, rememberLayout } from '../../../../domain/print/options';
import { PRINT_JOB_TIMEOUT_MS } from '../../../../domain/print/job';
import type * as Dialog from './PrintDialog';

const printed = jest.fn<() => Promise<unknown>>();
/** What GET /layouts answers: nothing saved unless a test says otherwise. */
const nothingSaved = (): PrintConfigAnswer => ({ ...PrintConfig.parse({}), saved: false });
const fetched = jest.fn<() => Promise<PrintConfigAnswer>>(async () => nothingSaved());
/** PATCH /layouts as the server answers it: the layout put first in the saved list. */
const saved = jest.fn<(o: PrintOptions) => Promise<PrintConfigAnswer>>(async (o) => ({
  ...o,
  layouts: rememberLayout([], o.layout),
  saved: true,
}));
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchPrintConfig: () => fetched(),
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
    // Spec 2 §2: the PDF opens in its own dialog titled 'Pre-visualização'.
    const preview = await screen.findByRole('dialog', { name: 'Pre-visualização' });
    expect(preview.closest('[data-testid="print-preview-dialog"]')).not.toBeNull();
    expect(screen.getByTestId('print-preview-frame').getAttribute('src')).toBe('/api/files/tok');
    expect(screen.getByTestId('print-pages').textContent).toBe('2 páginas');
    expect(screen.getByTestId('print-download').getAttribute('href')).toBe('/api/files/tok?download=1');
    // The job is over: nothing listened to any more.
    expect(listeners.size).toBe(0);
    // Closed, it opens again from the layout dialog.
    fireEvent.click(screen.getByTestId('print-preview-close'));
    await waitFor(() => expect(screen.queryByTestId('print-preview-frame')).toBeNull());
    fireEvent.click(screen.getByTestId('print-open-preview'));
    expect(await screen.findByTestId('print-preview-frame')).toBeTruthy();
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
    const dialog = screen.getByRole('dialog', { name: 'Erro ao gerar arquivo para impressão' });
    expect(screen.getByTestId('print-error-text').textContent).toBe('Código 500: no image to print');
    expect(dialog.getAttribute('aria-describedby')).toBe('print-error-text');
    expect(disabled('print-preview')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('print-error')).toBeNull());
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
      expect(screen.getByRole('dialog', { name: 'Erro ao gerar arquivo para impressão' })).toBeTruthy();
      expect(screen.getByTestId('print-error-text').textContent).toBe('Unable to get the image print file, please try again');
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
    await waitFor(() => expect(screen.getByTestId('print-error-text').textContent).toBe(text));
    expect(screen.getByRole('dialog', { name: 'Erro ao gerar arquivo para impressão' })).toBeTruthy();
  });
  it("opens with the account's saved config and offers its saved layouts beside the presets", async () => {
    fetched.mockImplementationOnce(async () => ({
      ...PrintConfig.parse({
        layout: { row: 2, col: 3 },
        orientation: 'landscape',
        pageSize: 'A3',
        groupSeries: true,
        includeKeyImages: true,
        seriesIds: ['1.2.3', 'a-series-of-another-study'],
        layouts: [
          { row: 2, col: 3 },
          { row: 5, col: 7 },
        ],
      }),
      saved: true,
    }));
    await open();
    await waitFor(() => expect(sketchCells()).toBe(6));
    expect(screen.getByTestId('print-layout-2x3').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('print-paper').textContent).toContain('A3');
    expect((screen.getByLabelText('Paisagem') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Agrupar séries') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Axial (4)') as HTMLInputElement).checked).toBe(true);
    // This study has no key images: printing only them would print nothing.
    expect((screen.getByTestId('print-key-images').querySelector('input') as HTMLInputElement).checked).toBe(false);
    // Quick picks: the saved layouts that are not presets.
    expect(screen.queryByTestId('print-layout-saved-2x3')).toBeNull();
    fireEvent.click(screen.getByTestId('print-layout-saved-5x7'));
    expect(sketchCells()).toBe(35);
    await act(async () => {
      fireEvent.click(screen.getByTestId('print-save'));
    });
    // Only this study's series are saved back; the layout list is the server's business.
    expect(saved).toHaveBeenLastCalledWith(
      expect.objectContaining({
        layout: { row: 5, col: 7 },
        orientation: 'landscape',
        pageSize: 'A3',
        seriesIds: ['1.2.3'],
        includeKeyImages: false,
      }),
    );
    expect(saved.mock.calls.at(-1)![0]).not.toHaveProperty('layouts');
  });

  it('a layout chosen before the saved config arrives is kept (the late config does not undo it)', async () => {
    let answer!: (config: PrintConfigAnswer) => void;
    fetched.mockImplementationOnce(() => new Promise<PrintConfigAnswer>((resolve) => (answer = resolve)));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('print-layout-2x2'));
    expect(sketchCells()).toBe(4);
    await act(async () =>
      answer({ ...PrintConfig.parse({ layout: { row: 3, col: 2 }, layouts: [{ row: 5, col: 7 }] }), saved: true }),
    );
    // The config has arrived (its quick pick is shown) and the 2x2 chosen before stays.
    await screen.findByTestId('print-layout-saved-5x7');
    expect(sketchCells()).toBe(4);
    expect(screen.getByTestId('print-layout-2x2').getAttribute('aria-pressed')).toBe('true');
  });

  it('a saved fit-columns config opens with its columns', async () => {
    fetched.mockImplementationOnce(async () => ({
      ...PrintConfig.parse({ option: 'fit-columns', column: 3 }),
      saved: true,
    }));
    await open();
    await waitFor(() => expect((screen.getByTestId('print-columns') as HTMLInputElement).value).toBe('3'));
  });

  it('a saved layout shows up as a quick pick once saved', async () => {
    await open();
    expect(screen.queryByTestId('print-saved-layouts')).toBeNull();
    fireEvent.click(screen.getByTestId('print-layout-custom'));
    fireEvent.click(screen.getByTestId('print-layout-cell-3x5'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('print-save'));
    });
    await screen.findByText('Impressão salva');
    expect(screen.getByTestId('print-layout-saved-3x5').getAttribute('aria-pressed')).toBe('true');
  });

  it('a config that cannot be read is a titled dialog; the defaults stay usable', async () => {
    fetched.mockRejectedValueOnce(new ApiError('INTERNAL_ERROR', 'boom', 500));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Erro ao recuperar informações de impressão' });
    expect(dialog.getAttribute('aria-describedby')).toBe('print-config-error-text');
    expect(screen.getByTestId('print-config-error-text').textContent).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('print-config-error')).toBeNull());
    expect(sketchCells()).toBe(9);
    expect(disabled('print-preview')).toBe(false);
  });
  it('opens with the config read afresh, not an older copy kept from an earlier opening', async () => {
    const client = new QueryClient();
    client.setQueryData(['print-config'], { ...PrintConfig.parse({ layout: { row: 2, col: 2 } }), saved: true });
    fetched.mockImplementationOnce(async () => ({ ...PrintConfig.parse({ layout: { row: 4, col: 4 } }), saved: true }));
    render(
      <QueryClientProvider client={client}>
        <PrintDialog study={study} onClose={jest.fn()} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(sketchCells()).toBe(16));
  });
});
