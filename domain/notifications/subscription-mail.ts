/**
 * The mail that asks a user to confirm a notification subscription (ADR 032), in the user's
 * language. Pure: the service writes it through sendUserMail.
 */
import { type Lang } from '../errors';
import type { SubscriptionEvent } from './subscriptions';

const TEXT: Record<Lang, { subject: string; body: string; events: Record<SubscriptionEvent, string> }> = {
  'pt-BR': {
    subject: 'Confirme sua inscrição em notificações',
    body: 'Olá, {name}. Você foi inscrito para receber por e-mail avisos de {events} dos exames da instituição {institution}. Para ativar a inscrição, abra o link abaixo (válido por {days} dias):',
    events: { 'deadline.alert': 'exame próximo do prazo', 'deadline.overdue': 'exame em atraso' },
  },
  en: {
    subject: 'Confirm your notification subscription',
    body: 'Hello, {name}. You were subscribed to receive by e-mail notices of {events} for the exams of the institution {institution}. To activate the subscription, open the link below (valid for {days} days):',
    events: { 'deadline.alert': 'exam near its deadline', 'deadline.overdue': 'overdue exam' },
  },
  es: {
    subject: 'Confirme su suscripción a notificaciones',
    body: 'Hola, {name}. Fue suscrito para recibir por correo avisos de {events} de los exámenes de la institución {institution}. Para activar la suscripción, abra el enlace a continuación (válido por {days} días):',
    events: { 'deadline.alert': 'examen cerca del plazo', 'deadline.overdue': 'examen atrasado' },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function subscriptionConfirmMail(
  lang: Lang,
  v: { name: string; institution: string; events: readonly SubscriptionEvent[]; url: string; days: number },
): { subject: string; text: string; html: string } {
  const t = TEXT[lang];
  const vars: Record<string, string> = {
    name: v.name,
    institution: v.institution,
    events: v.events.map((e) => t.events[e]).join(', '),
    days: String(v.days),
  };
  const line = t.body.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  return {
    subject: t.subject,
    text: `${line}\n\n${v.url}`,
    html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(v.url)}">${escapeHtml(v.url)}</a></p>`,
  };
}
