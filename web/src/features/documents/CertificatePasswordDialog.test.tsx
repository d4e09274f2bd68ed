import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { CertificatePasswordDialog } from './CertificatePasswordDialog';

describe('CertificatePasswordDialog', () => {
  it('enables the confirm button only with a password (spec 2 §5) and hands it over once', () => {
    const onSubmit = jest.fn();
    render(
      <CertificatePasswordDialog
        open
        confirmLabel="Finalizar e assinar"
        pending={false}
        onSubmit={onSubmit}
        onClose={jest.fn()}
      />,
    );
    const submit = screen.getByTestId('certificate-password-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('certificate-password'), { target: { value: 'segredo' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('segredo');
    expect(screen.getByText('Finalizar e assinar')).toBeTruthy();
  });
});
