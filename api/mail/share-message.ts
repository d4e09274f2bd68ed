/**
 * The text of a shared report's e-mail in the sender's language: who shares which exam, the
 * PDF attached, and the link that opens the same PDF for 7 days without logging in.
 */
import type { Lang } from '../../domain/errors';

export interface ShareMessageInput {
  senderName: string;
  accountName: string;
  patientName: string | null;
  examType: string | null;
  link: string;
  linkExpiresAt: Date;
}

const copy: Record<
  Lang,
  {
    subject: (exam: string, patient: string) => string;
    intro: (sender: string, account: string, exam: string, patient: string) => string;
    attached: string;
    link: (date: string) => string;
    exam: string;
    patient: string;
    footer: string;
  }
> = {
  'pt-BR': {
    subject: (exam, patient) => `Laudo ${exam} — ${patient}`,
    intro: (sender, account, exam, patient) =>
      `${sender} (${account}) compartilhou com você o laudo do exame ${exam} de ${patient}.`,
    attached: 'O PDF do laudo segue em anexo.',
    link: (date) => `Também é possível abri-lo até ${date} por este link:`,
    exam: 'exame',
    patient: 'paciente',
    footer: 'Mensagem enviada pela plataforma Laudos. Não responda a este e-mail.',
  },
  en: {
    subject: (exam, patient) => `Report ${exam} — ${patient}`,
    intro: (sender, account, exam, patient) =>
      `${sender} (${account}) shared with you the report of the ${exam} exam of ${patient}.`,
    attached: 'The report PDF is attached.',
    link: (date) => `You can also open it until ${date} with this link:`,
    exam: 'exam',
    patient: 'patient',
    footer: 'Message sent by the Laudos platform. Please do not reply to this e-mail.',
  },
  es: {
    subject: (exam, patient) => `Informe ${exam} — ${patient}`,
    intro: (sender, account, exam, patient) =>
      `${sender} (${account}) compartió con usted el informe del examen ${exam} de ${patient}.`,
    attached: 'El PDF del informe va adjunto.',
    link: (date) => `También puede abrirlo hasta el ${date} con este enlace:`,
    exam: 'examen',
    patient: 'paciente',
    footer: 'Mensaje enviado por la plataforma Laudos. No responda a este correo.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line for a header: no CR/LF, bounded (the subject column holds 300). */
const oneLine = (s: string, max: number) =>
  s
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

export function shareMessage(lang: Lang, input: ShareMessageInput): { subject: string; text: string; html: string } {
  const c = copy[lang];
  const exam = oneLine(input.examType || c.exam, 120);
  const patient = oneLine(input.patientName || c.patient, 120);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(input.linkExpiresAt);
  const intro = c.intro(input.senderName, input.accountName, exam, patient);
  const text = [intro, '', c.attached, c.link(date), input.link, '', c.footer].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(c.attached)}<br>${escapeHtml(c.link(date))}<br>`,
    `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(c.footer)}</p>`,
  ].join('\n');
  return { subject: oneLine(c.subject(exam, patient), 300), text, html };
}
