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

const CHANGED: Record<Lang, { subject: string; body: string; help: string }> = {
  'pt-BR': {
    subject: 'Seu e-mail foi alterado',
    body: 'Olá, {name}. O e-mail da sua conta Laudos foi alterado para {email}. Mensagens da plataforma irão para esse endereço.',
    help: 'Se não foi você, contate o administrador da sua conta imediatamente.',
  },
  en: {
    subject: 'Your e-mail was changed',
    body: 'Hello, {name}. The e-mail of your Laudos account was changed to {email}. The platform will write to that address.',
    help: 'If this was not you, contact your account administrator at once.',
  },
  es: {
    subject: 'Su correo electrónico fue cambiado',
    body: 'Hola, {name}. El correo de su cuenta Laudos fue cambiado a {email}. La plataforma escribirá a esa dirección.',
    help: 'Si no fue usted, contacte al administrador de su cuenta de inmediato.',
  },
};

/** The notice to the previous address once the change applied (a takeover would show here). */
export function emailChangedMessage(lang: Lang, name: string, email: string): { subject: string; text: string; html: string } {
  const c = CHANGED[lang];
  const body = c.body.replace('{name}', name.replace(/[\r\n]+/g, ' ')).replace('{email}', email);
  return {
    subject: c.subject,
    text: [body, '', c.help].join('\n'),
    html: `<p>${escapeHtml(body)}</p>\n<p>${escapeHtml(c.help)}</p>`,
  };
}
