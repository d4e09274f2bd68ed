/**
 * Study maintenance (issue 16): invalidation, exam status, divergent studies. The spec gives
 * their wording only by label (spec 3 §8: 'missing accountId for invalidated studies').
 */
import type { ErrorEntry } from './entry';

export const studyMaintenanceErrors = {
  INVALIDATION_REASON_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe o motivo da invalidação',
      en: 'Give the reason for the invalidation',
      es: 'Indique el motivo de la invalidación',
    },
  },
  STUDY_NOT_INVALIDATED: {
    status: 409,
    message: {
      'pt-BR': 'O estudo não está invalidado',
      en: 'The study is not invalidated',
      es: 'El estudio no está invalidado',
    },
  },
  STUDY_NOT_ARCHIVED: {
    status: 409,
    message: {
      'pt-BR': 'O estudo não está arquivado',
      en: 'The study is not archived',
      es: 'El estudio no está archivado',
    },
  },
  DIVERGENCE_CONFIRMATION_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Digite a palavra pedida para confirmar esta ação irreversível',
      en: 'Type the requested word to confirm this irreversible action',
      es: 'Escriba la palabra indicada para confirmar esta acción irreversible',
    },
  },
  DIVERGENCE_ACTION_NOT_ALLOWED: {
    status: 409,
    message: {
      'pt-BR': 'Esta ação não é possível no estado atual dos estudos divergentes',
      en: 'This action is not possible in the divergent studies’ current state',
      es: 'Esta acción no es posible en el estado actual de los estudios divergentes',
    },
  },
} satisfies Record<string, ErrorEntry>;
