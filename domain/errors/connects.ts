/**
 * Connect management (issue 16; spec 3 §5 'Administrators create Connects, keys and
 * connections'; §8 'the institution has no valid AeTitle', 'default connection cannot be deleted', 'cannot manage … connections') and the labels'
 * administration (spec 3 §5 'a study label cannot be repeated').
 */
import type { ErrorEntry } from './entry';

export const connectsErrors = {
  CANNOT_MANAGE_CONNECTS: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar Connects e conexões.',
      en: 'You cannot manage Connects and connections.',
      es: 'No puede gestionar Connects y conexiones.',
    },
  },
  INSTITUTION_WITHOUT_AE_TITLE: {
    status: 400,
    message: {
      'pt-BR': 'A instituição não possui um AeTitle válido.',
      en: 'The institution has no valid AeTitle.',
      es: 'La institución no tiene un AeTitle válido.',
    },
  },
  CONNECT_NAME_REQUIRED: {
    status: 400,
    message: { 'pt-BR': 'Informe o nome.', en: 'Enter the name.', es: 'Informe el nombre.' },
  },
  CONNECT_AE_TITLE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'AeTitle inválido (até 16 caracteres, sem barra invertida).',
      en: 'Invalid AeTitle (up to 16 characters, no backslash).',
      es: 'AeTitle inválido (hasta 16 caracteres, sin barra invertida).',
    },
  },
  CONNECT_INTERVAL_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Os intervalos são em segundos, de 1 a 86400.',
      en: 'Intervals are in seconds, from 1 to 86400.',
      es: 'Los intervalos son en segundos, de 1 a 86400.',
    },
  },
  CONNECT_RETENTION_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'A retenção é em dias, de 0 a 3650.',
      en: 'Retention is in days, from 0 to 3650.',
      es: 'La retención es en días, de 0 a 3650.',
    },
  },
  CONNECT_NAME_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Já existe uma conexão com este nome.',
      en: 'A connection with this name already exists.',
      es: 'Ya existe una conexión con este nombre.',
    },
  },
  CONNECTION_TAG_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Tag DICOM inválida: use o formato GGGG,EEEE e um campo da lista.',
      en: 'Invalid DICOM tag: use the GGGG,EEEE format and a field of the list.',
      es: 'Tag DICOM inválida: use el formato GGGG,EEEE y un campo de la lista.',
    },
  },
  DEFAULT_CONNECTION_DELETE: {
    status: 409,
    message: {
      'pt-BR': 'A conexão padrão não pode ser excluída.',
      en: 'The default connection cannot be deleted.',
      es: 'La conexión predeterminada no puede ser eliminada.',
    },
  },
  CANNOT_MANAGE_LABELS: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar labels.',
      en: 'You cannot manage labels.',
      es: 'No puede gestionar etiquetas.',
    },
  },
} satisfies Record<string, ErrorEntry>;
