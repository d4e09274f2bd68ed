import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import '../../i18n';
import { VersionPdfButton } from './VersionPdfButton';

describe('VersionPdfButton', () => {
  it("follows the server's hasDocument: a button where the download answers a PDF, nothing elsewhere (e.g. state 20)", () => {
    const { unmount } = render(<VersionPdfButton studyId="s1" version={1} hasDocument />);
    expect(screen.getByTestId('version-pdf-1')).toBeTruthy();
    unmount();
    render(<VersionPdfButton studyId="s1" version={2} hasDocument={false} />);
    expect(screen.queryByTestId('version-pdf-2')).toBeNull();
  });
});
