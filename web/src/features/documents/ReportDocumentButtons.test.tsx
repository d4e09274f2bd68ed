import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { ApiError } from '../../lib/errors';
import type * as Buttons from './ReportDocumentButtons';

const fetchPdf = jest.fn<(path: string) => Promise<Blob>>();
const previewPdf = jest.fn<(studyId: string, field: string, content: string) => Promise<Blob>>();
jest.mock('./api', () => ({
  ...jest.requireActual<object>('./api'),
  fetchPdf: (path: string) => fetchPdf(path),
  previewPdf: (studyId: string, field: string, content: string) => previewPdf(studyId, field, content),
}));

// Imported after the mock so the component sees it.
const { ReportDocumentButtons } = jest.requireActual<typeof Buttons>('./ReportDocumentButtons');

const props = { studyId: 's1', version: 2, field: 'report' as const, canSign: false, read: () => '<p>x</p>', onSign: jest.fn() };
const shown = () => Array.from(document.querySelectorAll('[data-testid^="bottom-"]')).map((e) => e.getAttribute('data-testid'));

describe('ReportDocumentButtons', () => {
  it('offers preview while writing (1, 12, 25), sign when allowed, and the PDF once concluded or signed', () => {
    const { unmount } = render(<ReportDocumentButtons {...props} state={1} />);
    expect(shown()).toEqual(['bottom-preview']);
    unmount();
    const second = render(<ReportDocumentButtons {...props} state={2} canSign />);
    expect(shown()).toEqual(['bottom-sign', 'bottom-download']);
    second.unmount();
    render(<ReportDocumentButtons {...props} state={3} />);
    expect(shown()).toEqual(['bottom-download']);
  });

  it('offers sharing by e-mail with the document, for veterinary accounts only (spec 1 §6)', () => {
    const { unmount } = render(<ReportDocumentButtons {...props} state={3} canShare />);
    expect(shown()).toEqual(['bottom-download', 'bottom-share']);
    unmount();
    const writing = render(<ReportDocumentButtons {...props} state={1} canShare />);
    expect(shown()).toEqual(['bottom-preview']);
    writing.unmount();
    render(<ReportDocumentButtons {...props} state={2} />);
    expect(shown()).toEqual(['bottom-download']);
  });

  it('shows a failed download in the spec dialog (spec 1 §8) with the server description', async () => {
    fetchPdf.mockRejectedValueOnce(new ApiError('REPORT_PDF_UNAVAILABLE', 'O laudo ainda não foi gerado ou assinado', 404));
    render(<ReportDocumentButtons {...props} state={2} />);
    fireEvent.click(screen.getByTestId('bottom-download'));
    expect(await screen.findByText('Erro ao baixar PDF do laudo')).toBeTruthy();
    expect(screen.getByText('O laudo ainda não foi gerado ou assinado')).toBeTruthy();
    expect(fetchPdf).toHaveBeenCalledWith('/studies/s1/reports/download?version=2');
  });
});

describe('ReportDocumentButtons preview of a structured form', () => {
  it('asks for the form validation first and previews nothing when it fails (spec 2 §5)', async () => {
    const beforePreview = jest.fn(() => Promise.resolve(false));
    render(<ReportDocumentButtons {...props} state={1} beforePreview={beforePreview} />);
    await act(async () => fireEvent.click(screen.getByTestId('bottom-preview')));
    expect(beforePreview).toHaveBeenCalledTimes(1);
    expect(previewPdf).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('previews once the form is valid', async () => {
    // Still rendering: the dialog opens with its loading state.
    previewPdf.mockReturnValueOnce(new Promise<Blob>(() => {}));
    render(<ReportDocumentButtons {...props} state={1} beforePreview={() => Promise.resolve(true)} />);
    await act(async () => fireEvent.click(screen.getByTestId('bottom-preview')));
    expect(previewPdf).toHaveBeenCalledWith('s1', 'report', '<p>x</p>');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
