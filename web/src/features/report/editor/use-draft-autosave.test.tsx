import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import '../../../i18n';
import { clearAllLocalDrafts } from './local-drafts';
import { useDraftAutosave } from './use-draft-autosave';

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let failNext = 0;
let revision = 0;

function mockFetch() {
  calls = [];
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (call.url.endsWith('/drafts') && failNext > 0) {
      failNext -= 1;
      throw new TypeError('Failed to fetch');
    }
    revision += call.method === 'PUT' ? 1 : 0;
    const payload = JSON.stringify({ draft: { studyId: 's1', updatedAt: new Date().toISOString(), revision, writer: null } });
    return { ok: true, status: 200, text: async () => payload } as Response;
  }) as typeof fetch;
}

let text = '';
function Harness() {
  const { t } = useTranslation();
  const save = useDraftAutosave({ studyId: 's1', laudoId: 'l1', version: 1, field: 'content', userId: 'u1', revision: 0 }, true, {
    read: () => text,
    apply: (html) => (text = html),
  });
  return (
    <>
      <button onClick={() => save.change(() => text)}>type</button>
      <span data-testid="status">{t(`editor.status.${save.status}`)}</span>
    </>
  );
}

const puts = () => calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/studies/s1/drafts'));
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}
function type(value: string) {
  text = value;
  fireEvent.click(screen.getByText('type'));
}

describe('draft autosave', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockFetch();
    failNext = 0;
    revision = 0;
    window.localStorage.clear();
    window.localStorage.setItem('access_token', 't');
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends one PUT after 1 s of quiet, with the latest text, and says "Rascunho salvo"', async () => {
    render(<Harness />);
    type('<p>a</p>');
    act(() => jest.advanceTimersByTime(500));
    type('<p>ab</p>');
    act(() => jest.advanceTimersByTime(500));
    type('<p>abc</p>');
    act(() => jest.advanceTimersByTime(999));
    expect(puts()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    await settle();
    expect(puts()).toEqual([
      { url: '/api/studies/s1/drafts', method: 'PUT', body: { content: '<p>abc</p>', revision: 0, writer: expect.any(String) } },
    ]);
    expect(screen.getByTestId('status').textContent).toBe('Rascunho salvo');
  });

  it('keeps the text locally, reports the failure and retries until the save succeeds', async () => {
    failNext = 2;
    render(<Harness />);
    type('<p>offline</p>');
    act(() => jest.advanceTimersByTime(1000));
    await settle();
    expect(puts()).toHaveLength(1);
    expect(screen.getByTestId('status').textContent).toBe('Erro ao salvar o rascunho — nova tentativa em breve');
    expect(JSON.parse(window.localStorage.getItem('laudos.draft.s1') ?? '{}')).toMatchObject({
      content: '<p>offline</p>',
      synced: false,
    });
    const tracked = calls.filter((c) => c.url.endsWith('/errorTracker'));
    expect(tracked).toHaveLength(1);
    expect(tracked[0]?.body).toMatchObject({ subType: 'DRAFT_SAVE', user: 'u1' });

    act(() => jest.advanceTimersByTime(2000));
    await settle();
    expect(puts()).toHaveLength(2);
    act(() => jest.advanceTimersByTime(4000));
    await settle();
    expect(puts()).toHaveLength(3);
    expect(screen.getByTestId('status').textContent).toBe('Rascunho salvo');
    expect(JSON.parse(window.localStorage.getItem('laudos.draft.s1') ?? '{}')).toMatchObject({ synced: true, baseRevision: 1 });
    expect(calls.filter((c) => c.url.endsWith('/errorTracker'))).toHaveLength(1);
  });

  it('keeps nothing after the session ends: no copy written, every copy removed', async () => {
    render(<Harness />);
    type('<p>secret</p>');
    act(() => jest.advanceTimersByTime(300));
    await settle();
    expect(window.localStorage.getItem('laudos.draft.s1')).toContain('secret');
    window.localStorage.setItem('laudos.draft.other', '{}');
    window.localStorage.removeItem('access_token');
    await act(async () => {
      await clearAllLocalDrafts();
    });
    type('<p>secret, more</p>');
    act(() => jest.advanceTimersByTime(300));
    await settle();
    expect(Object.keys(window.localStorage).filter((k) => k.startsWith('laudos.draft.'))).toEqual([]);
  });
});
