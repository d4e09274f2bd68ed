import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../i18n';
import { ShareReportDialog } from './ShareReportDialog';

let calls: { url: string; body: unknown }[];
let reply: { status: number; body: unknown };

const message = {
  id: 'm1',
  studyId: 's1',
  to: 'tutor@example.org',
  subject: 'Laudo',
  senderName: 'Dra. Vet',
  transport: 'outbox',
  status: 'stored',
  error: null,
  link: 'http://x/api/files/abc',
  linkExpiresAt: '2026-11-30T00:00:00.000Z',
  attachmentName: 'laudo.pdf',
  createdAt: '2026-11-23T00:00:00.000Z',
  sentAt: null,
};

beforeEach(() => {
  calls = [];
  reply = { status: 200, body: { message } };
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const text = JSON.stringify(reply.body);
    return { ok: reply.status < 400, status: reply.status, text: async () => text } as Response;
  }) as typeof fetch;
});

function renderDialog(onClose = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShareReportDialog studyId="s1" open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const send = () => screen.getByTestId('share-send') as HTMLButtonElement;
const type = (value: string) => fireEvent.change(screen.getByTestId('share-email'), { target: { value } });

describe('ShareReportDialog', () => {
  it('keeps Send disabled until the address is valid (spec 1 §5), and says why after leaving the field', () => {
    renderDialog();
    expect(send().disabled).toBe(true);
    type('abc');
    expect(send().disabled).toBe(true);
    fireEvent.blur(screen.getByTestId('share-email'));
    expect(screen.getByText('Informe um endereço de e-mail válido')).toBeTruthy();
    type('a@b.com, c@d.com');
    expect(send().disabled).toBe(true);
    type('tutor@example.org');
    expect(send().disabled).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed address and closes', async () => {
    const onClose = renderDialog();
    type('  tutor@example.org ');
    fireEvent.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ url: '/api/studies/s1/reports/share', body: { email: 'tutor@example.org' } }]);
  });

  it("shows a failure as 'Erro ao compartilhar o PDF do laudo' with the server's description (spec 1 §8)", async () => {
    reply = { status: 502, body: { error: { code: 'SHARE_SEND_FAILED', description: 'Servidor de e-mail fora do ar' } } };
    const onClose = renderDialog();
    type('tutor@example.org');
    fireEvent.click(send());
    expect(await screen.findByText('Erro ao compartilhar o PDF do laudo')).toBeTruthy();
    expect(screen.getByText('Servidor de e-mail fora do ar')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
