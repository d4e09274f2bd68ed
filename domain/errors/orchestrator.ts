/**
 * The orchestrator's distribution filters (spec 3 §5: percentages total at most 100, seniority
 * needs more than one user, a filter needs a modality, activation needs a user or a group).
 * The spec states the rules, not their wording: these messages are ours.
 */
import type { ErrorEntry } from './entry';

export const orchestratorErrors = {
  CANNOT_MANAGE_ORCHESTRATOR: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar o orquestrador.',
      en: 'You cannot manage the orchestrator.',
      es: 'No puede gestionar el orquestador.',
    },
  },
  ORCHESTRATOR_MODALITY_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Selecione pelo menos uma modalidade.',
      en: 'Select at least one modality.',
      es: 'Seleccione al menos una modalidad.',
    },
  },
  ORCHESTRATOR_PERCENTAGE_OVER_100: {
    status: 400,
    message: {
      'pt-BR': 'A soma das porcentagens não pode ultrapassar 100%.',
      en: 'The percentages cannot total more than 100%.',
      es: 'La suma de los porcentajes no puede superar el 100%.',
    },
  },
  ORCHESTRATOR_SENIORITY_NEEDS_USERS: {
    status: 400,
    message: {
      'pt-BR': 'A regra de senioridade exige mais de um usuário.',
      en: 'The seniority rule needs more than one user.',
      es: 'La regla de senioridad requiere más de un usuario.',
    },
  },
  ORCHESTRATOR_ACTIVATION_NEEDS_MEMBER: {
    status: 400,
    message: {
      'pt-BR': 'Selecione pelo menos um usuário ou grupo para ativar a distribuição.',
      en: 'Select at least one user or group to activate the distribution.',
      es: 'Seleccione al menos un usuario o grupo para activar la distribución.',
    },
  },
  ORCHESTRATOR_MEMBER_REPEATED: {
    status: 400,
    message: {
      'pt-BR': 'Um usuário ou grupo aparece mais de uma vez no filtro.',
      en: 'A user or group appears more than once in the filter.',
      es: 'Un usuario o grupo aparece más de una vez en el filtro.',
    },
  },
  ORCHESTRATOR_ORDER_MISMATCH: {
    status: 400,
    message: {
      'pt-BR': 'A nova ordem deve conter cada filtro da conta uma única vez.',
      en: 'The new order must list each of the account’s filters exactly once.',
      es: 'El nuevo orden debe contener cada filtro de la cuenta una sola vez.',
    },
  },
} satisfies Record<string, ErrorEntry>;
