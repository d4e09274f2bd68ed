/** The e-mail that confirms a new address (issue 13), in the caller's language. */
import type { Lang } from '../../domain/errors';

const TEXT: Record<Lang, { subject: string; intro: string; action: string; validity: string; ignore: string }> = {
  'pt-BR': {
    subject: 'Confirme seu novo e-mail',
    intro: 'Olá, {name}. Recebemos um pedido para usar este endereço na sua conta Laudos.',
    action: 'Para confirmar, abra o link:',
    validity: 'O link vale por 24 horas e pode ser usado uma vez.',
    ignore: 'Se você não pediu a troca, ignore esta mensagem: seu e-mail continua o mesmo.',
  },
  en: {
    subject: 'Confirm your new e-mail',
    intro: 'Hello, {name}. We received a request to use this address on your Laudos account.',
    action: 'To confirm, open the link:',
    validity: 'The link is valid for 24 hours and can be used once.',
    ignore: 'If you did not ask for this change, ignore this message: your e-mail stays the same.',
  },
  es: {
    subject: 'Confirme su nuevo correo electrónico',
    intro: 'Hola, {name}. Recibimos una solicitud para usar esta dirección en su cuenta Laudos.',
    action: 'Para confirmar, abra el enlace:',
    validity: 'El enlace vale 24 horas y puede usarse una vez.',
    ignore: 'Si usted no pidió el cambio, ignore este mensaje: su correo sigue siendo el mismo.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function emailChangeMessage(lang: Lang, name: string, link: string): { subject: string; text: string; html: string } {
  const c = TEXT[lang];
  const intro = c.intro.replace('{name}', name.replace(/[\r\n]+/g, ' '));
  return {
    subject: c.subject,
    text: [intro, '', c.action, link, '', c.validity, c.ignore].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(c.action)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(c.validity)}<br>${escapeHtml(c.ignore)}</p>`,
    ].join('\n'),
  };
}
