/**
 * The texts of the password mail (issue 13): reset asked for, lockout, expired password. Each
 * carries a single-use link to /resetPassword valid for RESET_LINK_MINUTES.
 */
import type { Lang } from '../errors';

export const RESET_LINK_MINUTES = 60;
export type PasswordMailReason = 'auth.password-reset' | 'auth.blocked' | 'auth.password-expired';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const TEXTS: Record<PasswordMailReason, Record<Lang, { subject: string; intro: string }>> = {
  'auth.password-reset': {
    'pt-BR': { subject: 'Redefinição de senha', intro: 'Recebemos um pedido para redefinir a sua senha.' },
    en: { subject: 'Password reset', intro: 'We received a request to reset your password.' },
    es: { subject: 'Restablecimiento de contraseña', intro: 'Recibimos una solicitud para restablecer su contraseña.' },
  },
  'auth.blocked': {
    'pt-BR': {
      subject: 'Usuário bloqueado',
      intro:
        'Seu usuário foi bloqueado após várias tentativas de login com senha incorreta. Cadastre uma nova senha para desbloqueá-lo.',
    },
    en: {
      subject: 'User blocked',
      intro: 'Your user was blocked after several login attempts with a wrong password. Set a new password to unblock it.',
    },
    es: {
      subject: 'Usuario bloqueado',
      intro:
        'Su usuario fue bloqueado tras varios intentos de inicio de sesión con contraseña incorrecta. Registre una nueva contraseña para desbloquearlo.',
    },
  },
  'auth.password-expired': {
    'pt-BR': { subject: 'Sua senha expirou', intro: 'Sua senha expirou. Cadastre uma nova senha para continuar acessando.' },
    en: { subject: 'Your password has expired', intro: 'Your password has expired. Set a new password to keep signing in.' },
    es: { subject: 'Su contraseña expiró', intro: 'Su contraseña expiró. Registre una nueva contraseña para seguir accediendo.' },
  },
};

const ACTION: Record<Lang, { button: string; validity: string; ignore: string; greeting: string }> = {
  'pt-BR': {
    greeting: 'Olá',
    button: 'Cadastrar nova senha',
    validity: `O link vale por ${RESET_LINK_MINUTES} minutos e pode ser usado uma única vez.`,
    ignore: 'Se você não fez este pedido, ignore esta mensagem: sua senha não muda.',
  },
  en: {
    greeting: 'Hello',
    button: 'Set a new password',
    validity: `The link is valid for ${RESET_LINK_MINUTES} minutes and can be used once.`,
    ignore: 'If you did not ask for this, ignore this message: your password does not change.',
  },
  es: {
    greeting: 'Hola',
    button: 'Registrar nueva contraseña',
    validity: `El enlace es válido por ${RESET_LINK_MINUTES} minutos y se puede usar una sola vez.`,
    ignore: 'Si usted no hizo esta solicitud, ignore este mensaje: su contraseña no cambia.',
  },
};

export function passwordMail(reason: PasswordMailReason, lang: Lang, name: string, url: string) {
  const t = TEXTS[reason][lang];
  const a = ACTION[lang];
  const text =
    `${a.greeting}, ${name}.\n\n${t.intro}\n\n${a.button}: ${url}\n\n${a.validity}\n${reason === 'auth.password-reset' ? a.ignore : ''}`.trimEnd();
  const html =
    `<p>${escapeHtml(a.greeting)}, ${escapeHtml(name)}.</p><p>${escapeHtml(t.intro)}</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(a.button)}</a></p><p>${escapeHtml(a.validity)}</p>` +
    (reason === 'auth.password-reset' ? `<p>${escapeHtml(a.ignore)}</p>` : '');
  return { subject: t.subject, text, html };
}
