import { describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { ApiError } from '../../lib/errors';
import type * as Dialog from './StudyPrintDialog';

jest.mock('../viewer/api', () => ({
  fetchViewerStudy: async () => {
    throw new ApiError('NOT_FOUND', 'Estudo não encontrado.', 404);
  },
}));

const { StudyPrintDialog } = jest.requireActual<typeof Dialog>('./StudyPrintDialog');

describe('StudyPrintDialog', () => {
  it("the study's print information not read is a dialog titled per spec 2 §8", async () => {
    const onClose = jest.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StudyPrintDialog studyId="s1" onClose={onClose} />
      </QueryClientProvider>,
    );
    await screen.findByRole('dialog', { name: 'Erro ao recuperar informações de impressão' });
    expect(screen.getByTestId('print-study-error-text').textContent).toBe('Estudo não encontrado.');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
