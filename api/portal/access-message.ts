/** The message that gives a patient access to a result, by e-mail or WhatsApp, in three languages. */
import type { Lang } from '../../domain/errors';
import { formatAccessCode } from '../../domain/portal/results-portal';

export interface AccessMessageInput {
  accountName: string;
  examType: string | null;
  patientId: string;
  code: string;
  portalUrl: string;
}

const escape = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEXT: Record<Lang, (i: AccessMessageInput) => { subject: string; lines: string[] }> = {
  'pt-BR': (i) => ({
    subject: `Seu resultado está disponível — ${i.accountName}`,
    lines: [
      `Seu resultado${i.examType ? ` de ${i.examType}` : ''} em ${i.accountName} está disponível.`,
      `Acesse ${i.portalUrl} e informe o ID do paciente ${i.patientId}, a sua data de nascimento e o código de acesso ${formatAccessCode(i.code)}.`,
    ],
  }),
  en: (i) => ({
    subject: `Your result is available — ${i.accountName}`,
    lines: [
      `Your ${i.examType ? `${i.examType} ` : ''}result at ${i.accountName} is available.`,
      `Go to ${i.portalUrl} and enter patient ID ${i.patientId}, your birth date and access code ${formatAccessCode(i.code)}.`,
    ],
  }),
  es: (i) => ({
    subject: `Su resultado está disponible — ${i.accountName}`,
    lines: [
      `Su resultado${i.examType ? ` de ${i.examType}` : ''} en ${i.accountName} está disponible.`,
      `Ingrese a ${i.portalUrl} e indique el ID del paciente ${i.patientId}, su fecha de nacimiento y el código de acceso ${formatAccessCode(i.code)}.`,
    ],
  }),
};

export function accessMessage(lang: Lang, input: AccessMessageInput): { subject: string; text: string; html: string } {
  const { subject, lines } = TEXT[lang](input);
  return {
    subject,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escape(l)}</p>`).join(''),
  };
}
