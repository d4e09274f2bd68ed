/**
 * Studies: storage class, Connect, print (spec 2 §8), findings, comments, attachments, download links, header edit.
 */
import type { ErrorEntry } from './entry';

export const studiesErrors = {
  STUDY_ARCHIVED: {
    status: 409,
    message: {
      'pt-BR': 'O estudo está arquivado: as imagens não estão disponíveis para download.',
      en: 'The study is archived: its images are not available for download.',
      es: 'El estudio está archivado: las imágenes no están disponibles para descarga.',
    },
  },
  // Connect download (spec 2 §2, §4): the study's Connect is off, not reachable or not allowed.
  CONNECT_UNAVAILABLE: {
    status: 409,
    message: {
      'pt-BR': 'O Connect não está acessível para este estudo.',
      en: 'The Connect is not reachable for this study.',
      es: 'El Connect no está accesible para este estudio.',
    },
  },
  // Print layouts (spec 2 §8).
  PRINT_FAILED: {
    status: 500,
    message: {
      'pt-BR': 'Erro ao gerar arquivo para impressão',
      en: 'Error generating the print file',
      es: 'Error al generar el archivo de impresión',
    },
  },
  PRINT_NOT_ALLOWED: {
    status: 403,
    message: {
      'pt-BR': 'A impressão de imagens não está habilitada para esta conta.',
      en: 'Printing images is not enabled for this account.',
      es: 'La impresión de imágenes no está habilitada para esta cuenta.',
    },
  },
  PRINT_SAVE_FAILED: {
    status: 500,
    message: {
      'pt-BR': 'Houve um erro ao salvar a impressão.',
      en: 'There was an error saving the print settings.',
      es: 'Hubo un error al guardar la impresión.',
    },
  },
  CRITICAL_FINDING_DESCRIPTION_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Descrição do achado crítico é obrigatória',
      en: 'The critical finding description is required',
      es: 'La descripción del hallazgo crítico es obligatoria',
    },
  },
  CRITICAL_FINDING_FORBIDDEN: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para criar suspeita ou inserir achado crítico',
      en: 'You are not allowed to create a suspicion or insert a critical finding',
      es: 'No tiene permiso para crear una sospecha o insertar un hallazgo crítico',
    },
  },
  CRITICAL_FINDING_EXISTS: {
    status: 409,
    message: {
      'pt-BR': 'Este estudo já possui suspeita ou achado crítico',
      en: 'This study already has a suspicion or critical finding',
      es: 'Este estudio ya tiene una sospecha o hallazgo crítico',
    },
  },
  CRITICAL_FINDING_NOT_SUSPICION: {
    status: 409,
    message: {
      'pt-BR': 'Somente uma suspeita pode ser aceita ou rejeitada',
      en: 'Only a suspicion can be accepted or rejected',
      es: 'Solo una sospecha puede ser aceptada o rechazada',
    },
  },
  CRITICAL_FINDING_NOT_RESPONSIBLE: {
    status: 403,
    message: {
      'pt-BR': 'Somente o médico responsável pelo laudo pode aceitar ou rejeitar a suspeita',
      en: "Only the report's responsible doctor can accept or reject the suspicion",
      es: 'Solo el médico responsable del informe puede aceptar o rechazar la sospecha',
    },
  },
  CRITICAL_FINDING_DELETE_FORBIDDEN: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode apagar esta suspeita ou achado crítico',
      en: 'You cannot delete this suspicion or critical finding',
      es: 'No puede eliminar esta sospecha o hallazgo crítico',
    },
  },
  CRITICAL_FINDING_NOT_CONFIRMED: {
    status: 409,
    message: {
      'pt-BR': 'Somente um achado crítico confirmado pode ser comunicado',
      en: 'Only a confirmed critical finding can be communicated',
      es: 'Solo un hallazgo crítico confirmado puede ser comunicado',
    },
  },
  CRITICAL_FINDING_COMMUNICATE_FORBIDDEN: {
    status: 403,
    message: {
      'pt-BR': 'Somente o médico responsável pelo laudo pode comunicar o achado crítico',
      en: "Only the report's responsible doctor can communicate the critical finding",
      es: 'Solo el médico responsable del informe puede comunicar el hallazgo crítico',
    },
  },
  CRITICAL_RECEIVER_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe o nome de quem recebeu o achado crítico',
      en: 'Enter the name of who received the critical finding',
      es: 'Indique el nombre de quien recibió el hallazgo crítico',
    },
  },
  CRITICAL_COMMUNICATION_UNAVAILABLE: {
    status: 503,
    message: {
      'pt-BR': 'Não foi possível iniciar o acompanhamento da confirmação. Tente novamente; nada foi enviado.',
      en: 'The acknowledgement follow-up could not be started. Please try again; nothing was sent.',
      es: 'No se pudo iniciar el seguimiento de la confirmación. Intente nuevamente; no se envió nada.',
    },
  },
  CRITICAL_RECEIVED_AT_FUTURE: {
    status: 400,
    message: {
      'pt-BR': 'A hora do recebimento não pode estar no futuro',
      en: 'The time received cannot be in the future',
      es: 'La hora de recepción no puede estar en el futuro',
    },
  },
  CRITICAL_ACK_LINK_UNKNOWN: {
    status: 404,
    message: {
      'pt-BR': 'Link de confirmação inválido. Confira o endereço recebido por e-mail.',
      en: 'Invalid acknowledgement link. Check the address you received by e-mail.',
      es: 'Enlace de confirmación no válido. Verifique la dirección recibida por correo.',
    },
  },
  CRITICAL_ACK_LINK_USED: {
    status: 410,
    message: {
      'pt-BR': 'Este achado crítico já foi confirmado; o link não pode ser usado novamente.',
      en: 'This critical finding has already been acknowledged; the link cannot be used again.',
      es: 'Este hallazgo crítico ya fue confirmado; el enlace no puede usarse de nuevo.',
    },
  },
  COMMENT_EMPTY: {
    status: 400,
    message: {
      'pt-BR': 'Escreva um comentário',
      en: 'Write a comment',
      es: 'Escriba un comentario',
    },
  },
  COMMENT_TOO_LONG: {
    status: 400,
    message: {
      'pt-BR': 'O comentário excede o limite',
      en: 'The comment exceeds the limit',
      es: 'El comentario excede el límite',
    },
  },
  COMMENT_FORBIDDEN: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para comentar neste estudo',
      en: 'You are not allowed to comment on this study',
      es: 'No tiene permiso para comentar en este estudio',
    },
  },
  ATTACHMENT_EXTENSION_NOT_ALLOWED: {
    status: 400,
    message: { 'pt-BR': 'Extensão não permitida', en: 'Extension not allowed', es: 'Extensión no permitida' },
  },
  ATTACHMENT_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'O anexo excede o limite de 4MB',
      en: 'The attachment exceeds the 4MB limit',
      es: 'El adjunto supera el límite de 4MB',
    },
  },
  INSTITUTION_LOGO_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'O logo excede o limite de 2MB',
      en: 'The logo exceeds the 2MB limit',
      es: 'El logotipo supera el límite de 2MB',
    },
  },
  ATTACHMENT_UPLOAD_FAILED: {
    status: 400,
    message: {
      'pt-BR': 'Ocorreu um erro ao enviar o arquivo. Verifique o arquivo enviado e tente novamente.',
      en: 'An error occurred while sending the file. Check the file and try again.',
      es: 'Ocurrió un error al enviar el archivo. Verifique el archivo enviado e intente nuevamente.',
    },
  },
  ATTACHMENT_FORBIDDEN: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para esta ação com anexos',
      en: 'You are not allowed to do this with attachments',
      es: 'No tiene permiso para esta acción con adjuntos',
    },
  },
  DOWNLOAD_LINK_EXPIRED: {
    status: 410,
    message: {
      'pt-BR': 'O link de download expirou. Gere um novo.',
      en: 'The download link has expired. Create a new one.',
      es: 'El enlace de descarga expiró. Genere uno nuevo.',
    },
  },
  // Study header edit (spec 2 §5, §8).
  HEADER_EDIT_IN_PROGRESS: {
    status: 409,
    message: {
      'pt-BR': 'Já existe uma edição de cabeçalho em andamento para este estudo. Aguarde alguns minutos.',
      en: 'A header edit is already in progress for this study. Please wait a few minutes.',
      es: 'Ya hay una edición de encabezado en curso para este estudio. Espere unos minutos.',
    },
  },
  HEADER_FORBIDDEN: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para editar o cabeçalho deste estudo',
      en: 'You are not allowed to edit the header of this study',
      es: 'No tiene permiso para editar el encabezado de este estudio',
    },
  },
  HEADER_DATE_IN_FUTURE: {
    status: 400,
    message: {
      'pt-BR': 'A data de nascimento e a data do exame não podem ser no futuro',
      en: 'The birth date and the exam date cannot be in the future',
      es: 'La fecha de nacimiento y la fecha del examen no pueden estar en el futuro',
    },
  },
  HEADER_DATE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Data inválida: verifique a data de nascimento e a data do exame',
      en: 'Invalid date: check the birth date and the exam date',
      es: 'Fecha inválida: verifique la fecha de nacimiento y la fecha del examen',
    },
  },
  HEADER_MEASURE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Peso e altura devem estar entre 0 e 1000, com uma casa decimal',
      en: 'Weight and height must be between 0 and 1000, with one decimal place',
      es: 'Peso y altura deben estar entre 0 y 1000, con un decimal',
    },
  },
  HEADER_PATIENT_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Nome e ID do paciente são obrigatórios',
      en: 'The patient name and ID are required',
      es: 'El nombre y el ID del paciente son obligatorios',
    },
  },
  HEADER_PATIENT_ID_TAKEN: {
    status: 409,
    message: {
      'pt-BR': 'Este ID já pertence a outro paciente da conta',
      en: 'This ID already belongs to another patient of the account',
      es: 'Este ID ya pertenece a otro paciente de la cuenta',
    },
  },
} satisfies Record<string, ErrorEntry>;
