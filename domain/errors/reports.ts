/**
 * The report lifecycle (spec 1 §8): state conflicts answer 409, input problems 400; the pt-BR text is the
 * spec's dialog title or message where the spec gives one.
 */
import type { ErrorEntry } from './entry';

export const reportsErrors = {
  REPORT_CANNOT_START: {
    status: 409,
    message: {
      'pt-BR': 'Impossível iniciar o laudo',
      en: 'Unable to start the report',
      es: 'Imposible iniciar el informe',
    },
  },
  // Report lifecycle (issue 3). State conflicts answer 409, input problems 400; the
  // pt-BR text is the spec's dialog title or message where the spec gives one.
  REPORT_ACTION_NOT_ALLOWED: {
    status: 409,
    message: {
      'pt-BR': 'Esta operação não é permitida no estado atual do laudo',
      en: 'This operation is not allowed in the current state of the report',
      es: 'Esta operación no está permitida en el estado actual del informe',
    },
  },
  // Issue 23: a draft saved on a revision another tab or window has already replaced.
  DRAFT_CONFLICT: {
    status: 409,
    message: {
      'pt-BR': 'O rascunho foi alterado em outra aba ou janela',
      en: 'The draft was changed in another tab or window',
      es: 'El borrador fue modificado en otra pestaña o ventana',
    },
  },
  REPORT_NOT_UPDATABLE: {
    status: 409,
    message: {
      'pt-BR': 'O laudo a ser atualizado não existe ou já foi finalizado',
      en: 'The report to update does not exist or has already been finished',
      es: 'El informe a actualizar no existe o ya fue finalizado',
    },
  },
  // The report is in the right state but someone else is to act on it (issue 12).
  REPORT_HELD_BY_OTHER_USER: {
    status: 409,
    message: {
      'pt-BR': 'Este laudo está com outro usuário: somente o responsável por ele pode fazer esta operação',
      en: 'This report is with another user: only the user responsible for it can do this',
      es: 'Este informe está con otro usuario: solo su responsable puede realizar esta operación',
    },
  },
  REVIEW_OF_OWN_REPORT: {
    status: 409,
    message: {
      'pt-BR': 'O autor do laudo não pode revisá-lo',
      en: 'The author of a report cannot review it',
      es: 'El autor del informe no puede revisarlo',
    },
  },
  OPINION_FOR_OTHER_DOCTOR: {
    status: 409,
    message: {
      'pt-BR': 'A segunda opinião foi solicitada a outro médico',
      en: 'The second opinion was requested from another doctor',
      es: 'La segunda opinión fue solicitada a otro médico',
    },
  },
  /** forceBiradsClassification: a free-text mammography report is finished with its BI-RADS category. */
  BIRADS_REQUIRED: {
    status: 409,
    message: {
      'pt-BR': 'Informe a classificação BI-RADS (categoria 0 a 6) no laudo de mamografia antes de finalizar',
      en: 'State the BI-RADS classification (category 0 to 6) in the mammography report before finishing',
      es: 'Indique la clasificación BI-RADS (categoría 0 a 6) en el informe de mamografía antes de finalizar',
    },
  },
  REPORT_EMPTY: {
    status: 409,
    message: {
      'pt-BR': 'Não é possível efetuar a operação pois o laudo está vazio',
      en: 'The operation cannot be performed because the report is empty',
      es: 'No es posible realizar la operación porque el informe está vacío',
    },
  },
  REVIEW_CANNOT_START: {
    status: 409,
    message: {
      'pt-BR': 'Impossível iniciar a revisão',
      en: 'Unable to start the review',
      es: 'Imposible iniciar la revisión',
    },
  },
  TRANSCRIPTION_CANNOT_START: {
    status: 409,
    message: {
      'pt-BR': 'Impossível iniciar a transcrição',
      en: 'Unable to start the transcription',
      es: 'Imposible iniciar la transcripción',
    },
  },
  TYPED_REVIEW_CANNOT_START: {
    status: 409,
    message: {
      'pt-BR': 'Impossível iniciar revisão de laudo digitado',
      en: 'Unable to start the review of the typed report',
      es: 'Imposible iniciar la revisión del informe digitado',
    },
  },
  REOPEN_FAILED: {
    status: 409,
    message: {
      'pt-BR': 'Erro ao reabrir laudo',
      en: 'Error reopening the report',
      es: 'Error al reabrir el informe',
    },
  },
  REOPEN_REASON_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Escolha o motivo da reabertura do laudo',
      en: 'Choose the reason for reopening the report',
      es: 'Elija el motivo de la reapertura del informe',
    },
  },
  SIGN_FAILED: {
    status: 409,
    message: {
      'pt-BR': 'Erro ao assinar laudo digitalmente',
      en: 'Error signing the report digitally',
      es: 'Error al firmar digitalmente el informe',
    },
  },
  AUDIO_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Áudio inválido: envie um arquivo audio/mpeg de até 50 MB.',
      en: 'Invalid audio: send an audio/mpeg file of up to 50 MB.',
      es: 'Audio inválido: envíe un archivo audio/mpeg de hasta 50 MB.',
    },
  },
  SIGN_PASSWORD_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe a senha do certificado digital',
      en: 'Enter the password of the digital certificate',
      es: 'Ingrese la contraseña del certificado digital',
    },
  },
  NO_A1_CERTIFICATE: {
    status: 400,
    message: {
      'pt-BR': 'Não há certificado A1 cadastrado para o Médico',
      en: 'There is no A1 certificate registered for the doctor',
      es: 'No hay certificado A1 registrado para el médico',
    },
  },
  STRUCTURED_REPORT_INVALID: {
    status: 422,
    message: {
      'pt-BR': 'Campos inválidos.',
      en: 'Invalid fields.',
      es: 'Campos inválidos.',
    },
  },
  MODEL_CHANGE_FAILED: {
    status: 409,
    message: {
      'pt-BR': 'Ocorreu um erro ao alterar o modelo do laudo!',
      en: 'An error occurred while changing the report model!',
      es: '¡Ocurrió un error al cambiar el modelo del informe!',
    },
  },
  CHANGE_DOCTOR_FAILED: {
    status: 409,
    message: {
      'pt-BR': 'Ocorreu um erro ao atribuir novo médico executante',
      en: 'An error occurred while assigning a new performing physician',
      es: 'Ocurrió un error al asignar un nuevo médico ejecutante',
    },
  },
  NO_DOCTOR_SELECTED: {
    status: 400,
    message: {
      'pt-BR': 'Nenhum médico selecionado!',
      en: 'No doctor selected!',
      es: '¡Ningún médico seleccionado!',
    },
  },
  ASSOCIATE_FAILED: {
    status: 409,
    message: {
      'pt-BR': 'Só é possível associar estudos do mesmo paciente e da mesma modalidade',
      en: 'Only studies of the same patient and modality can be associated',
      es: 'Solo es posible asociar estudios del mismo paciente y de la misma modalidad',
    },
  },
  DISASSOCIATE_FAILED: {
    status: 409,
    message: {
      'pt-BR': 'Ocorreu algum erro ao desassociar o laudo. Tente novamente',
      en: 'An error occurred while disassociating the report. Try again',
      es: 'Ocurrió algún error al desasociar el informe. Intente nuevamente',
    },
  },
  OPINION_ALREADY_REQUESTED: {
    status: 409,
    message: {
      'pt-BR': 'Você já solicitou uma segunda opinião!',
      en: 'You have already requested a second opinion!',
      es: '¡Usted ya solicitó una segunda opinión!',
    },
  },
  OPINION_FIELDS_MISSING: {
    status: 400,
    message: {
      'pt-BR': 'Algum campos não foi preenchido',
      en: 'Some fields were not filled in',
      es: 'Algunos campos no fueron completados',
    },
  },
  OPINION_SELF_NOT_ALLOWED: {
    status: 400,
    message: {
      'pt-BR': 'Não é possível solicitar uma segunda opinião a si mesmo',
      en: 'You cannot request a second opinion from yourself',
      es: 'No es posible solicitar una segunda opinión a usted mismo',
    },
  },
  OPINION_CONCLUSION_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Escolha uma conclusão',
      en: 'Choose a conclusion',
      es: 'Elija una conclusión',
    },
  },
} satisfies Record<string, ErrorEntry>;
