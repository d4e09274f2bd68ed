/**
 * Modalities, exams and routines (issue 16; spec 3 §5 'the standard routine cannot be deleted
 * or made non-default', 'import file … must have a title column or a filled first column and
 * be Excel or CSV'; §8 'cannot manage exams, modalities…', 'invalid or corrupted import file').
 */
import type { ErrorEntry } from './entry';

export const catalogErrors = {
  CANNOT_MANAGE_MODALITIES: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar modalidades.',
      en: 'You cannot manage modalities.',
      es: 'No puede gestionar modalidades.',
    },
  },
  CANNOT_MANAGE_EXAMS: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar exames.',
      en: 'You cannot manage exams.',
      es: 'No puede gestionar exámenes.',
    },
  },
  CANNOT_MANAGE_ROUTINES: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar rotinas.',
      en: 'You cannot manage routines.',
      es: 'No puede gestionar rutinas.',
    },
  },
  CANNOT_MANAGE_STUDY: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar este estudo.',
      en: 'You cannot manage this study.',
      es: 'No puede gestionar este estudio.',
    },
  },
  MODALITY_CODE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Código de modalidade inválido (letras e números, até 16).',
      en: 'Invalid modality code (letters and digits, up to 16).',
      es: 'Código de modalidad inválido (letras y números, hasta 16).',
    },
  },
  MODALITY_CODE_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Esta modalidade já está cadastrada.',
      en: 'This modality is already registered.',
      es: 'Esta modalidad ya está registrada.',
    },
  },
  EXAM_TITLE_REQUIRED: {
    status: 400,
    message: { 'pt-BR': 'Informe o título do exame.', en: 'Enter the exam title.', es: 'Informe el título del examen.' },
  },
  EXAM_TITLE_TOO_LONG: {
    status: 400,
    message: {
      'pt-BR': 'O título do exame pode ter até 200 caracteres.',
      en: 'The exam title may have up to 200 characters.',
      es: 'El título del examen puede tener hasta 200 caracteres.',
    },
  },
  EXAM_TITLE_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Já existe um exame com este título.',
      en: 'An exam with this title already exists.',
      es: 'Ya existe un examen con este título.',
    },
  },
  EXAM_IMPORT_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Arquivo inválido ou corrompido',
      en: 'Invalid or corrupted file',
      es: 'Archivo inválido o dañado',
    },
  },
  ROUTINE_MINUTES_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Informe a duração e o tempo de alerta em minutos.',
      en: 'Enter the duration and the alert time in minutes.',
      es: 'Informe la duración y el tiempo de alerta en minutos.',
    },
  },
  ROUTINE_ALERT_AFTER_DURATION: {
    status: 400,
    message: {
      'pt-BR': 'O tempo de alerta não pode ser maior que a duração.',
      en: 'The alert time cannot be longer than the duration.',
      es: 'El tiempo de alerta no puede ser mayor que la duración.',
    },
  },
  ROUTINE_COLOR_INVALID: {
    status: 400,
    message: { 'pt-BR': 'Cor inválida.', en: 'Invalid colour.', es: 'Color inválido.' },
  },
  ROUTINE_RULE_EMPTY: {
    status: 400,
    message: {
      'pt-BR': 'Cada regra precisa de uma instituição, modalidade ou exame.',
      en: 'Each rule needs an institution, a modality or an exam.',
      es: 'Cada regla necesita una institución, modalidad o examen.',
    },
  },
  ROUTINE_DEFAULT_REQUIRED: {
    status: 409,
    message: {
      'pt-BR': 'A rotina padrão não pode ser excluída ou deixar de ser padrão.',
      en: 'The default routine cannot be deleted or made non-default.',
      es: 'La rutina predeterminada no puede eliminarse ni dejar de ser predeterminada.',
    },
  },
} satisfies Record<string, ErrorEntry>;
