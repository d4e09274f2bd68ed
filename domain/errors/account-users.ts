/**
 * Users by account (issue 14): the administrator's list, roles and user data.
 */
import type { ErrorEntry } from './entry';

export const accountUsersErrors = {
  SEARCH_TOO_SHORT: {
    status: 400,
    message: {
      'pt-BR': 'A pesquisa deve ter pelo menos 3 caracteres.',
      en: 'The search must have at least 3 characters.',
      es: 'La búsqueda debe tener al menos 3 caracteres.',
    },
  },
  ROLE_ASSIGNMENT_INVALID: {
    status: 422,
    message: {
      'pt-BR': 'Instituição ou perfil inválido para esta conta.',
      en: 'Institution or role not valid for this account.',
      es: 'Institución o perfil no válido para esta cuenta.',
    },
  },
  PERSONAL_FILTERS_BARRED: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para criar filtros pessoais.',
      en: 'You are not allowed to create personal filters.',
      es: 'No tiene permiso para crear filtros personales.',
    },
  },
} satisfies Record<string, ErrorEntry>;
