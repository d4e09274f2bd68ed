import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRef } from 'react';
import '../../i18n';
import { SISMAMA_FIELDS } from '../../../../domain/structured/sismama';
import { StructuredEditor, type StructuredEditorHandle } from './StructuredEditor';

type Call = { url: string; method: string; body: any };
let calls: Call[] = [];
let stored: { id: string; fieldId: string; value: unknown }[] = [];

function mockFetch() {
  calls = [];
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    let payload: unknown;
    if (call.url.includes('/structured-report-fields')) payload = { model: 'SISMAMA', fields: SISMAMA_FIELDS };
    else if (call.method === 'POST') {
      const value = { id: `v-${call.body.fieldId}`, ...call.body };
      stored = [...stored.filter((v) => v.fieldId !== call.body.fieldId), value];
      payload = { value, values: stored };
    } else payload = { structuredType: 'SISMAMA', values: stored };
    const text = JSON.stringify(payload);
    return { ok: true, status: call.method === 'POST' ? 201 : 200, text: async () => text } as Response;
  }) as typeof fetch;
}

async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
}

function renderForm(editable = true) {
  const ref = createRef<StructuredEditorHandle>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StructuredEditor ref={ref} studyId="s1" model="SISMAMA" editable={editable} />
    </QueryClientProvider>,
  );
  return ref;
}

async function choose(testId: string, optionValue: string) {
  fireEvent.mouseDown(screen.getByTestId(testId));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByText((_, el) => el?.getAttribute('data-value') === optionValue));
}

const posts = () => calls.filter((c) => c.method === 'POST');

describe('structured form', () => {
  beforeEach(() => {
    stored = [];
    mockFetch();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('renders the titles and saves a choice 1 s after the change with its own status', async () => {
    const ref = renderForm();
    expect(await screen.findByText('Classificação BI-RADS')).toBeTruthy();
    jest.useFakeTimers();
    await choose('field-sismama.composition', 'b');
    expect(screen.getByTestId('structured-status').textContent).toBe('Salvando…');
    expect(posts()).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    await settle();
    expect(posts().map((c) => c.body)).toEqual([{ fieldId: 'sismama.composition', value: 'b' }]);
    expect(screen.getByTestId('structured-status').textContent).toBe('Rascunho salvo');
    expect(ref.current).not.toBeNull();
  });

  it('keeps a dynamic group within its maximum and removes entries', async () => {
    renderForm();
    const add = await screen.findByTestId('add-sismama.findings');
    for (let i = 0; i < 10; i++) fireEvent.click(add);
    expect(screen.getAllByTestId(/^entry-sismama\.findings-\d+$/)).toHaveLength(10);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Achado 10' }));
    expect(screen.getAllByTestId(/^entry-sismama\.findings-\d+$/)).toHaveLength(9);
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists each missing field under "Campos inválidos." and passes a complete form', async () => {
    const ref = renderForm();
    await screen.findByText('Classificação BI-RADS');
    await choose('field-sismama.indication', 'RASTREAMENTO');
    await choose('field-sismama.composition', 'a');
    await choose('field-sismama.biradsRight', '1');
    fireEvent.click(screen.getByTestId('add-sismama.findings'));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await ref.current!.validateForFinish();
    });
    expect(ok).toBe(false);
    const dialog = screen.getByTestId('invalid-fields-dialog');
    expect(within(dialog).getByText('Campos inválidos.')).toBeTruthy();
    expect(within(dialog).getByText('Campo BI-RADS mama esquerda é obrigatório.')).toBeTruthy();
    expect(within(dialog).getByText('Campo Achado 1 — Mama é obrigatório.')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Fechar'));
    await waitFor(() => expect(screen.queryByTestId('invalid-fields-dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remover Achado 1' }));
    await choose('field-sismama.biradsLeft', '2');
    await act(async () => {
      ok = await ref.current!.validateForFinish();
    });
    expect(ok).toBe(true);
    // Finishing sent what was still waiting for its debounce.
    expect(stored.map((v) => v.fieldId).sort()).toEqual(
      ['sismama.biradsLeft', 'sismama.biradsRight', 'sismama.composition', 'sismama.findings', 'sismama.indication'].sort(),
    );
  });

  it('is read only for others', async () => {
    stored = [{ id: 'v1', fieldId: 'sismama.composition', value: 'c' }];
    renderForm(false);
    expect(await screen.findByText('Formulário SISMAMA somente para leitura.')).toBeTruthy();
    expect(screen.queryByTestId('add-sismama.findings')).toBeNull();
    expect(screen.getByTestId('field-sismama.composition').textContent).toContain('c — Mamas heterogeneamente densas');
  });
});
