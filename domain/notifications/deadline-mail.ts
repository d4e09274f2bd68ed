/**
 * The deadline alert's e-mail (ADR 028), in the recipient's language (users.config LANGUAGE,
 * pt-BR when unset). Pure: the sweep writes it into the outbox.
 */
import { formatDateTime } from '../dates';
import { LANGS, type Lang } from '../errors';
import type { DeadlineCrossing } from './deadlines';
import type { DeadlineNotificationData } from './notifications';

const TEXT: Record<Lang, Record<DeadlineCrossing, { subject: string; line: string }>> = {
  'pt-BR': {
    overdue: { subject: 'Exame em atraso: {what}', line: 'O prazo do exame {what} (rotina {routine}) venceu em {when}.' },
    alert: {
      subject: 'Exame próximo do prazo: {what}',
      line: 'O exame {what} (rotina {routine}) atingiu o ponto de alerta; o prazo vence em {when}.',
    },
  },
  en: {
    overdue: { subject: 'Overdue exam: {what}', line: 'The deadline of the exam {what} (routine {routine}) passed at {when}.' },
    alert: {
      subject: 'Exam near its deadline: {what}',
      line: 'The exam {what} (routine {routine}) reached its alert point; its deadline is {when}.',
    },
  },
  es: {
    overdue: { subject: 'Examen atrasado: {what}', line: 'El plazo del examen {what} (rutina {routine}) venció el {when}.' },
    alert: {
      subject: 'Examen cerca del plazo: {what}',
      line: 'El examen {what} (rutina {routine}) alcanzó el punto de alerta; el plazo vence el {when}.',
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function mailLang(value: unknown): Lang {
  return (LANGS as readonly unknown[]).includes(value) ? (value as Lang) : 'pt-BR';
}

export function deadlineMail(
  kind: DeadlineCrossing,
  data: DeadlineNotificationData,
  link: string,
  lang: Lang,
): { subject: string; text: string; html: string } {
  const vars: Record<string, string> = {
    what: `${data.patientName ?? '—'} — ${data.examType ?? '—'}`,
    routine: data.routineName ?? '—',
    when: formatDateTime(data.deadline, lang),
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  const line = fill(TEXT[lang][kind].line);
  return {
    subject: fill(TEXT[lang][kind].subject).slice(0, 300),
    text: `${line}\n\n${link}`,
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
