/**
 * Sessions and account users (issue 13): access links and an administrator's actions on users.
 */
import type { ErrorEntry } from './entry';

export const sessionsErrors = {
  ACCESS_LINK_INVALID: {
    status: 401,
    message: {
      'pt-BR': 'Link de acesso inválido, expirado ou já utilizado. Faça login.',
      en: 'Access link invalid, expired or already used. Please log in.',
      es: 'Enlace de acceso inválido, vencido o ya utilizado. Inicie sesión.',
    },
  },
  USER_CANNOT_MANAGE_SELF: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode bloquear, revogar ou excluir o seu próprio acesso.',
      en: 'You cannot block, revoke or delete your own access.',
      es: 'No puede bloquear, revocar ni eliminar su propio acceso.',
    },
  },
  USER_IN_OTHER_ACCOUNTS: {
    status: 409,
    message: {
      'pt-BR': 'O usuário também pertence a outras contas: revogue o acesso dele a esta conta.',
      en: 'The user also belongs to other accounts: revoke their access to this account instead.',
      es: 'El usuario también pertenece a otras cuentas: revoque su acceso a esta cuenta.',
    },
  },
} satisfies Record<string, ErrorEntry>;
