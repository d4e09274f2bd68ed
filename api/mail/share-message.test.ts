import { shareMessage } from './share-message';

const input = {
  senderName: 'Dra. Ana <Vet>',
  accountName: 'VetImagem',
  patientName: 'Rex\r\nBcc: intruso@example.org',
  examType: 'RX de tórax',
  link: 'https://laudos.example/api/files/abc_DEF-123',
  linkExpiresAt: new Date('2026-11-30T12:00:00Z'),
};

describe('shareMessage', () => {
  it('writes the sender, exam, patient and the link with its expiry in the language asked', () => {
    const pt = shareMessage('pt-BR', input);
    expect(pt.text).toContain('compartilhou com você o laudo do exame RX de tórax');
    expect(pt.text).toContain('https://laudos.example/api/files/abc_DEF-123');
    expect(pt.text).toContain('30 de novembro de 2026');
    expect(shareMessage('en', input).text).toContain('shared with you the report of the RX de tórax exam');
    expect(shareMessage('es', input).subject).toMatch(/^Informe RX de tórax/);
  });

  it('keeps the subject on one line and escapes the HTML', () => {
    const { subject, html } = shareMessage('pt-BR', input);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe('Laudo RX de tórax — Rex Bcc: intruso@example.org');
    expect(html).toContain('Dra. Ana &lt;Vet&gt;');
    expect(html).not.toContain('<Vet>');
    expect(html).toContain('<a href="https://laudos.example/api/files/abc_DEF-123">');
  });

  it('names the exam and patient generically when the study has none', () => {
    expect(shareMessage('pt-BR', { ...input, patientName: null, examType: null }).subject).toBe('Laudo exame — paciente');
  });
});
