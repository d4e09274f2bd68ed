/**
 * Sign-up, e-mail verification and invitations (issue 13; spec 3 §5 validation). The field codes
 * are the messages of domain/auth/registration.ts's rules, so the forms and the server agree.
 */
import type { ErrorEntry } from './entry';

export const registrationErrors = {
  SIGNUP_CLOSED: {
    status: 403,
    message: {
      'pt-BR': 'O cadastro nesta conta é feito somente por convite. Peça um convite ao administrador da conta.',
      en: "Sign-up to this account is by invitation only. Ask the account's administrator for an invitation.",
      es: 'El registro en esta cuenta es solo por invitación. Pida una invitación al administrador de la cuenta.',
    },
  },
  NAME_REQUIRED: {
    status: 400,
    message: { 'pt-BR': 'Informe o nome.', en: 'Enter the name.', es: 'Informe el nombre.' },
  },
  USERNAME_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'O usuário deve ter de 3 a 30 caracteres: letras, números, ponto (.) e sublinhado (_).',
      en: 'The username must have 3 to 30 characters: letters, digits, dot (.) and underscore (_).',
      es: 'El usuario debe tener de 3 a 30 caracteres: letras, números, punto (.) y guion bajo (_).',
    },
  },
  USERNAME_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Este nome de usuário já está em uso. Escolha outro.',
      en: 'This username is already taken. Choose another one.',
      es: 'Este nombre de usuario ya está en uso. Elija otro.',
    },
  },
  EMAIL_INVALID: {
    status: 400,
    message: { 'pt-BR': 'E-mail inválido.', en: 'Invalid e-mail.', es: 'Correo electrónico inválido.' },
  },
  MOBILE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Celular inválido: informe DDD e número, por exemplo (11) 98765-4321.',
      en: 'Invalid mobile: give the area code and number, e.g. (11) 98765-4321.',
      es: 'Celular inválido: informe el código de área y el número, por ejemplo (11) 98765-4321.',
    },
  },
  TERMS_NOT_ACCEPTED: {
    status: 400,
    message: {
      'pt-BR': 'É preciso aceitar os termos de uso.',
      en: 'You must accept the terms of use.',
      es: 'Es necesario aceptar los términos de uso.',
    },
  },
  PROFESSIONAL_COUNCIL_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe o conselho profissional: CRM ou CRMV, número e UF.',
      en: 'Give the professional council: CRM or CRMV, number and state.',
      es: 'Informe el consejo profesional: CRM o CRMV, número y estado.',
    },
  },
  PROFESSIONAL_COUNCIL_WRONG_TYPE: {
    status: 400,
    message: {
      'pt-BR': 'O conselho não corresponde à conta: CRM para medicina humana, CRMV para veterinária.',
      en: 'The council does not match the account: CRM for human medicine, CRMV for veterinary.',
      es: 'El consejo no corresponde a la cuenta: CRM para medicina humana, CRMV para veterinaria.',
    },
  },
  VERIFICATION_LINK_INVALID: {
    status: 410,
    message: {
      'pt-BR': 'Link de confirmação inválido, expirado ou já utilizado. Peça um novo link.',
      en: 'Confirmation link invalid, expired or already used. Ask for a new link.',
      es: 'Enlace de confirmación inválido, vencido o ya utilizado. Pida un nuevo enlace.',
    },
  },
  INVITATION_INVALID: {
    status: 410,
    message: {
      'pt-BR': 'Convite inválido, expirado, cancelado ou já utilizado. Peça um novo convite ao administrador.',
      en: 'Invitation invalid, expired, revoked or already used. Ask the administrator for a new one.',
      es: 'Invitación inválida, vencida, cancelada o ya utilizada. Pida una nueva al administrador.',
    },
  },
  ALREADY_MEMBER: {
    status: 409,
    message: {
      'pt-BR': 'Este e-mail já pertence a um usuário da conta.',
      en: 'This e-mail already belongs to a user of the account.',
      es: 'Este correo ya pertenece a un usuario de la cuenta.',
    },
  },
} satisfies Record<string, ErrorEntry>;
