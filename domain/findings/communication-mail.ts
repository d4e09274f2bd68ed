/**
 * The closed loop's two e-mails (issue 18): the acknowledgement request to the receiver (pt-BR:
 * an outside physician has no language setting here) and the escalation to the study's
 * coordinators and responsible doctor, in each one's language. Pure: the services write them
 * into the outbox. The request names the finding and the patient's initials only.
 */
import { formatDateTime } from '../dates';
import type { Lang } from '../errors';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(subject: string, lines: string[], link: string) {
  return {
    subject: subject.slice(0, 300),
    text: `${lines.join('\n')}\n\n${link}`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

export function ackRequestMail(
  data: {
    receiverName: string;
    findingText: string;
    patientInitials: string;
    reportingDoctor: string | null;
    institution: string | null;
  },
  link: string,
) {
  return compose(
    `Achado crítico: confirme o recebimento (${data.patientInitials})`,
    [
      `${data.receiverName}, um achado crítico foi identificado em exame do paciente ${data.patientInitials}` +
        `${data.institution ? ` (${data.institution})` : ''}: ${data.findingText}.`,
      `Médico responsável pelo laudo: ${data.reportingDoctor ?? '—'}.`,
      'Confirme o recebimento pelo link abaixo (uso único).',
    ],
    link,
  );
}

const ESCALATION: Record<Lang, { subject: string; line: string }> = {
  'pt-BR': {
    subject: 'Achado crítico sem confirmação: {patient}',
    line: 'O achado crítico "{finding}" do paciente {patient} foi enviado por e-mail a {receiver} e não foi confirmado até {due}.',
  },
  en: {
    subject: 'Critical finding not acknowledged: {patient}',
    line: 'The critical finding "{finding}" of patient {patient} was e-mailed to {receiver} and was not acknowledged by {due}.',
  },
  es: {
    subject: 'Hallazgo crítico sin confirmación: {patient}',
    line: 'El hallazgo crítico "{finding}" del paciente {patient} fue enviado por correo a {receiver} y no fue confirmado hasta {due}.',
  },
};

export function escalationMail(
  data: { findingText: string; patientName: string | null; receiverName: string; ackDueAt: string },
  link: string,
  lang: Lang,
) {
  const vars: Record<string, string> = {
    finding: data.findingText,
    patient: data.patientName ?? '—',
    receiver: data.receiverName,
    due: formatDateTime(data.ackDueAt, lang),
  };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  return compose(fill(ESCALATION[lang].subject), [fill(ESCALATION[lang].line)], link);
}
