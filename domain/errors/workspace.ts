/**
 * The doctor's workspace (issue 4): standard phrases, masks, labels, error tracker.
 */
import type { ErrorEntry } from './entry';

export const workspaceErrors = {
  // The doctor's workspace (issue 4): standard phrases, masks, labels, error tracker.
  PHRASE_CODE_LENGTH: {
    status: 400,
    message: {
      'pt-BR': 'O código deve ter entre 1 e 6 caracteres',
      en: 'The code must have between 1 and 6 characters',
      es: 'El código debe tener entre 1 y 6 caracteres',
    },
  },
  PHRASE_CODE_SPACES: {
    status: 400,
    message: {
      'pt-BR': 'O código não pode conter espaços',
      en: 'The code cannot contain spaces',
      es: 'El código no puede contener espacios',
    },
  },
  PHRASE_CODE_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Código já em uso',
      en: 'Code already in use',
      es: 'Código ya en uso',
    },
  },
  CHARACTER_LIMIT_EXCEEDED: {
    status: 400,
    message: {
      'pt-BR': 'Número de caracteres acima do limite permitido.',
      en: 'Number of characters above the allowed limit.',
      es: 'Número de caracteres por encima del límite permitido.',
    },
  },
  MASK_TITLE_MODALITY_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'A máscara precisa de um título e de uma modalidade',
      en: 'The mask needs a title and a modality',
      es: 'La máscara necesita un título y una modalidad',
    },
  },
  MASK_EXAM_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe o exame da máscara',
      en: 'Enter the exam of the mask',
      es: 'Informe el examen de la máscara',
    },
  },
  LABEL_MIN_2_LETTERS: {
    status: 400,
    message: {
      'pt-BR': 'O label precisa ter no mínimo 2 letras',
      en: 'The label needs at least 2 letters',
      es: 'La etiqueta necesita al menos 2 letras',
    },
  },
  LABEL_DUPLICATE: {
    status: 409,
    message: {
      'pt-BR': 'Não pode adicionar o mesmo label',
      en: 'You cannot add the same label',
      es: 'No puede agregar la misma etiqueta',
    },
  },
  ERROR_REPORT_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'O relatório de erro excede 16 KB',
      en: 'The error report exceeds 16 KB',
      es: 'El informe de error supera 16 KB',
    },
  },
} satisfies Record<string, ErrorEntry>;
