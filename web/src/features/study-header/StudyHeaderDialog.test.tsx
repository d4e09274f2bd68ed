import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import type { StudyHeader, UpdateDataResponse } from '../../../../domain/studies/header';
import { StudyHeaderDialog } from './StudyHeaderDialog';

const NOW = new Date('2026-11-22T15:00:00Z');
const header: StudyHeader = {
  patientName: 'MARIA DA SILVA',
  patientId: 'P-1',
  patientBirthDate: '1990-05-10',
  patientAge: '36Y 6M 10D',
  patientSex: 'F',
  socialName: null,
  patientResponsiblePerson: null,
  patientSpecies: null,
  patientBreed: null,
  isCastrated: null,
  patientWeight: 70,
  patientHeight: null,
  referringPhysicianName: null,
  operatorName: null,
  healthPlan: null,
  accessionNumber: 'ACC-1',
  examType: 'TC de crânio',
  mainModality: 'CT',
  institutionName: 'Clínica',
  dicomCreatedAt: '2026-11-20T13:00:00.000Z',
  indicacaoExame: null,
  historiaClinica: null,
};

type Call = { url: string; method: string; body: any };
let calls: Call[];
let answer: UpdateDataResponse;
let patchAnswer: { status: number; body: unknown } | null;
let history: unknown[];

beforeEach(() => {
  calls = [];
  answer = { header, editInProgress: false, canSave: true, veterinary: false };
  patchAnswer = null;
  history = [];
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const reply =
      call.method === 'PATCH'
        ? (patchAnswer ?? { status: 200, body: { ...answer, header: { ...header, ...call.body } } })
        : call.url.endsWith('/update-data/history')
          ? { status: 200, body: { history } }
          : { status: 200, body: answer };
    const text = JSON.stringify(reply.body);
    return { ok: reply.status < 400, status: reply.status, text: async () => text } as Response;
  }) as typeof fetch;
});

function open(onClose = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StudyHeaderDialog studyId="s1" onClose={onClose} now={() => NOW} />
    </QueryClientProvider>,
  );
  return onClose;
}
const input = (key: string) => screen.getByTestId(`header-${key}`) as HTMLInputElement;
const saveButton = () => screen.getByTestId('header-save') as HTMLButtonElement;

describe('StudyHeaderDialog', () => {
  it('shows patient and exam sections; with a birth date the age is computed from the exam date and disabled', async () => {
    open();
    await screen.findByText('Dados do paciente');
    expect(screen.getByText('Dados do exame')).toBeTruthy();
    expect(input('patientAge').disabled).toBe(true);
    expect(input('patientAge').value).toBe('36 anos, 6 meses e 10 dias');
    // exam on 20 Nov 2026 at 10:00 in São Paulo
    expect(input('examDate').value).toBe('2026-11-20T10:00');
    fireEvent.change(input('patientBirthDate'), { target: { value: '2020-02-29' } });
    expect(input('patientAge').value).toBe('6 anos, 8 meses e 22 dias');
    // without a birth date the age is free text again
    fireEvent.change(input('patientBirthDate'), { target: { value: '' } });
    expect(input('patientAge').disabled).toBe(false);
  });

  it('disables save while a date is in the future or a measure is out of range', async () => {
    open();
    await screen.findByText('Dados do paciente');
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(input('patientBirthDate'), { target: { value: '2026-11-23' } });
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('A data não pode ser no futuro')).toBeTruthy();
    fireEvent.change(input('patientBirthDate'), { target: { value: '2026-11-22' } });
    expect(saveButton().disabled).toBe(true); // after the exam
    fireEvent.change(input('patientBirthDate'), { target: { value: '1990-05-10' } });
    fireEvent.change(input('examDate'), { target: { value: '2026-11-23T08:00' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('examDate'), { target: { value: '2026-11-22T08:00' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(input('patientWeight'), { target: { value: '1000.1' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('patientWeight'), { target: { value: '72.5' } });
    expect(saveButton().disabled).toBe(false);
  });

  it('saves with PATCH update-data and closes', async () => {
    const onClose = open();
    await screen.findByText('Dados do paciente');
    fireEvent.change(input('patientWeight'), { target: { value: '72.5' } });
    fireEvent.change(input('indicacaoExame'), { target: { value: 'Cefaleia' } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/studies\/s1\/update-data$/);
    // only what changed: an untouched exam time keeps its seconds, a colleague's edit of another field stays
    expect(patch.body).toEqual({ patientWeight: 72.5, indicacaoExame: 'Cefaleia' });
  });

  it('sends a changed exam time as the São Paulo instant, and a free age only without a birth date', async () => {
    const onClose = open();
    await screen.findByText('Dados do paciente');
    fireEvent.change(input('examDate'), { target: { value: '2026-11-21T08:30' } });
    fireEvent.change(input('patientBirthDate'), { target: { value: '' } });
    fireEvent.change(input('patientAge'), { target: { value: '36 anos' } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      dicomCreatedAt: '2026-11-21T11:30:00.000Z',
      patientBirthDate: null,
      patientAge: '36 anos',
    });
  });

  it('lists the header edit history, newest first, with each change', async () => {
    history = [
      {
        id: '6f1d2c3b-1111-4aaa-8bbb-000000000001',
        userId: '6f1d2c3b-1111-4aaa-8bbb-000000000002',
        userName: 'Dra. Costa',
        createdAt: '2026-11-21T12:00:00.000Z',
        appliedAt: '2026-11-21T12:00:00.000Z',
        before: { patientWeight: 70, healthPlan: null },
        after: { patientWeight: 72.5, healthPlan: 'Unimed' },
      },
    ];
    open();
    const entry = await screen.findByTestId('header-history-entry');
    expect(entry.textContent).toContain('Dra. Costa · 21/11/2026 09:00:00');
    expect(entry.textContent).toContain('Peso (kg): 70 → 72.5');
    expect(entry.textContent).toContain('Convênio: — → Unimed');
  });

  it('warns and closes when an edit is already in progress, on opening or on saving', async () => {
    answer = { ...answer, editInProgress: true };
    const first = open();
    await waitFor(() => expect(first).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('closes when the save answers HEADER_EDIT_IN_PROGRESS', async () => {
    patchAnswer = { status: 409, body: { error: { code: 'HEADER_EDIT_IN_PROGRESS', description: 'em andamento' } } };
    const onClose = open();
    await screen.findByText('Dados do paciente');
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the veterinary fields only for veterinary accounts, and read-only without permission', async () => {
    answer = { ...answer, veterinary: true, canSave: false };
    open();
    await screen.findByText('Dados do paciente');
    expect(screen.getByTestId('header-patientSpecies')).toBeTruthy();
    expect(screen.getByText('Você não tem permissão para editar o cabeçalho deste estudo.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});
