/**
 * The registration mails in the reader's language: the e-mail verification link, the invitation
 * link, and the notice to a person whose e-mail or CPF someone used in a sign-up (the sign-up
 * itself answers as if it went through: see sign-up.ts).
 */
import type { Lang } from '../../domain/errors';

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Paragraphs and one link, as plain text and as HTML. */
function compose(subject: string, before: string[], link: string | null, after: string[]): MailText {
  const text = [...before, ...(link ? [link] : []), ...after].join('\n\n');
  const html = [
    ...before.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
    ...after.map((p) => `<p style="color:#666;font-size:12px">${escapeHtml(p)}</p>`),
  ].join('\n');
  return { subject, text, html };
}

/** Subject, the paragraph before the link, the note after it. */
type Three = readonly [string, string, string];

const FOOTER: Record<Lang, string> = {
  'pt-BR': 'Mensagem enviada pela plataforma Laudos. Não responda a este e-mail.',
  en: 'Message sent by the Laudos platform. Please do not reply to this e-mail.',
  es: 'Mensaje enviado por la plataforma Laudos. No responda a este correo.',
};

export function verificationMail(lang: Lang, m: { name: string; url: string; hours: number }): MailText {
  const all: Record<Lang, Three> = {
    'pt-BR': [
      'Confirme seu e-mail',
      `Olá, ${m.name}. Para concluir seu cadastro, confirme seu e-mail abrindo o link abaixo (válido por ${m.hours} horas e uma única vez):`,
      'Se você não se cadastrou, ignore esta mensagem.',
    ],
    en: [
      'Confirm your e-mail',
      `Hello, ${m.name}. To finish signing up, confirm your e-mail by opening the link below (valid for ${m.hours} hours, once):`,
      'If you did not sign up, ignore this message.',
    ],
    es: [
      'Confirme su correo',
      `Hola, ${m.name}. Para concluir su registro, confirme su correo abriendo el enlace de abajo (válido por ${m.hours} horas y una sola vez):`,
      'Si usted no se registró, ignore este mensaje.',
    ],
  };
  const copy = all[lang];
  return compose(copy[0], [copy[1]], m.url, [copy[2], FOOTER[lang]]);
}

export function invitationMail(lang: Lang, m: { accountName: string; inviterName: string; url: string; days: number }): MailText {
  const all: Record<Lang, Three> = {
    'pt-BR': [
      `Convite para ${m.accountName}`,
      `${m.inviterName} convidou você para usar a plataforma Laudos na conta ${m.accountName}. Para aceitar, abra o link abaixo (válido por ${m.days} dias):`,
      'Se você não esperava este convite, ignore esta mensagem.',
    ],
    en: [
      `Invitation to ${m.accountName}`,
      `${m.inviterName} invited you to use the Laudos platform in the account ${m.accountName}. To accept, open the link below (valid for ${m.days} days):`,
      'If you did not expect this invitation, ignore this message.',
    ],
    es: [
      `Invitación a ${m.accountName}`,
      `${m.inviterName} lo invitó a usar la plataforma Laudos en la cuenta ${m.accountName}. Para aceptar, abra el enlace de abajo (válido por ${m.days} días):`,
      'Si no esperaba esta invitación, ignore este mensaje.',
    ],
  };
  const copy = all[lang];
  return compose(copy[0], [copy[1]], m.url, [copy[2], FOOTER[lang]]);
}

/** To the owner of an e-mail or CPF someone just used to sign up again. */
export function existingAccountMail(lang: Lang, m: { name: string; username: string; loginUrl: string }): MailText {
  const all: Record<Lang, Three> = {
    'pt-BR': [
      'Tentativa de cadastro com seus dados',
      `Olá, ${m.name}. Alguém tentou criar um novo cadastro com o seu e-mail ou CPF. Você já tem cadastro, com o usuário ${m.username}: entre pelo link abaixo (se esqueceu a senha, use "Esqueci minha senha").`,
      'Se não foi você, nenhum cadastro foi criado e você pode ignorar esta mensagem.',
    ],
    en: [
      'Sign-up attempt with your data',
      `Hello, ${m.name}. Someone tried to create a new user with your e-mail or CPF. You already have one, with the username ${m.username}: sign in with the link below (if you forgot the password, use "Forgot my password").`,
      'If it was not you, no user was created and you may ignore this message.',
    ],
    es: [
      'Intento de registro con sus datos',
      `Hola, ${m.name}. Alguien intentó crear un nuevo registro con su correo o CPF. Usted ya tiene registro, con el usuario ${m.username}: ingrese con el enlace de abajo (si olvidó la contraseña, use "Olvidé mi contraseña").`,
      'Si no fue usted, no se creó ningún registro y puede ignorar este mensaje.',
    ],
  };
  const copy = all[lang];
  return compose(copy[0], [copy[1]], m.loginUrl, [copy[2], FOOTER[lang]]);
}
