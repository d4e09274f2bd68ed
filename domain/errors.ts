/**
 * One error vocabulary (ARCHITECTURE §4.5): codes from the specs' catalogue, their HTTP
 * status, and the default description in each language. The API, the workflow failures
 * and the web client all speak these codes.
 */
export type Lang = 'pt-BR' | 'en' | 'es';
export const LANGS: readonly Lang[] = ['pt-BR', 'en', 'es'];
export const DEFAULT_LANG: Lang = 'pt-BR';

type Messages = Record<Lang, string>;

const catalogue = {
  INVALID_CREDENTIALS: {
    status: 401,
    message: {
      'pt-BR': 'Cadastro não encontrado ou senha inválida.',
      en: 'User not found or wrong password.',
      es: 'Registro no encontrado o contraseña inválida.',
    },
  },
  MALFORMED_REQUEST: {
    status: 400,
    message: {
      'pt-BR': 'Os dados enviados não estão corretos',
      en: 'The data sent is not correct',
      es: 'Los datos enviados no son correctos',
    },
  },
  INVALID_SESSION: {
    status: 401,
    message: {
      'pt-BR': 'Sessão inválida, por favor faça login novamente',
      en: 'Invalid session, please log in again',
      es: 'Sesión inválida, por favor inicie sesión nuevamente',
    },
  },
  EXPIRED_TOKEN: {
    status: 401,
    message: {
      'pt-BR': 'Sessão expirada, por favor faça login novamente',
      en: 'Session expired, please log in again',
      es: 'Sesión expirada, por favor inicie sesión nuevamente',
    },
  },
  USER_BLOCKED: {
    status: 403,
    message: {
      'pt-BR': 'Usuário bloqueado após várias tentativas. Contate o administrador ou verifique seu e-mail.',
      en: 'User blocked after several attempts. Contact the administrator or check your e-mail.',
      es: 'Usuario bloqueado tras varios intentos. Contacte al administrador o revise su correo.',
    },
  },
  USER_BLOCKED_BY_ADMIN: {
    status: 403,
    message: {
      'pt-BR': 'Usuário bloqueado pelo administrador.',
      en: 'User blocked by an administrator.',
      es: 'Usuario bloqueado por un administrador.',
    },
  },
  FORBIDDEN_ACCESS: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para acessar este recurso.',
      en: 'You are not allowed to access this resource.',
      es: 'No tiene permiso para acceder a este recurso.',
    },
  },
  NOT_FOUND: {
    status: 404,
    message: { 'pt-BR': 'Não encontrado.', en: 'Not found.', es: 'No encontrado.' },
  },
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
  REPORT_NOT_UPDATABLE: {
    status: 409,
    message: {
      'pt-BR': 'O laudo a ser atualizado não existe ou já foi finalizado',
      en: 'The report to update does not exist or has already been finished',
      es: 'El informe a actualizar no existe o ya fue finalizado',
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
  MIN_3_CHARS: {
    status: 400,
    message: {
      'pt-BR': 'Necessário no mínimo 3 caracteres',
      en: 'At least 3 characters required',
      es: 'Se requieren al menos 3 caracteres',
    },
  },
  MAX_255_CHARS: {
    status: 400,
    message: {
      'pt-BR': 'Permitido no máximo 255 caracteres',
      en: 'At most 255 characters allowed',
      es: 'Se permiten como máximo 255 caracteres',
    },
  },
  RATE_LIMITED: {
    status: 429,
    message: {
      'pt-BR': 'Muitas tentativas. Aguarde alguns instantes e tente novamente.',
      en: 'Too many attempts. Wait a moment and try again.',
      es: 'Demasiados intentos. Espere un momento e intente nuevamente.',
    },
  },
  INTERNAL_ERROR: {
    status: 500,
    message: {
      'pt-BR': 'Erro desconhecido, contate o suporte',
      en: 'Unknown error, contact support',
      es: 'Error desconocido, contacte al soporte',
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
  // Report images (spec 2 §2, §3, §7): external files and their one-time upload urls.
  REPORT_IMAGE_TYPE_NOT_ALLOWED: {
    status: 400,
    message: {
      'pt-BR': 'Apenas imagens jpg, jpeg ou png são permitidas',
      en: 'Only jpg, jpeg or png images are allowed',
      es: 'Solo se permiten imágenes jpg, jpeg o png',
    },
  },
  REPORT_IMAGE_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'A imagem excede o limite de 10MB',
      en: 'The image exceeds the 10MB limit',
      es: 'La imagen supera el límite de 10MB',
    },
  },
  REPORT_IMAGES_UPLOAD_FAILED: {
    status: 400,
    message: {
      'pt-BR': 'Aconteceu um erro ao enviar os arquivos. Recarrege a página e tente novamente.',
      en: 'An error occurred while sending the files. Reload the page and try again.',
      es: 'Ocurrió un error al enviar los archivos. Recargue la página e intente nuevamente.',
    },
  },
  UPLOAD_LINK_EXPIRED: {
    status: 410,
    message: {
      'pt-BR': 'O link de envio expirou ou já foi usado.',
      en: 'The upload link has expired or was already used.',
      es: 'El enlace de envío expiró o ya fue usado.',
    },
  },
  REPORT_EXTERNAL_IMAGES_LIMIT: {
    status: 400,
    message: {
      'pt-BR': 'O laudo atingiu o limite de 30 imagens externas.',
      en: 'The report has reached the limit of 30 external images.',
      es: 'El informe alcanzó el límite de 30 imágenes externas.',
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
  /** A version with no document yet (spec 3: report not yet generated or signed). */
  REPORT_PDF_UNAVAILABLE: {
    status: 404,
    message: {
      'pt-BR': 'O laudo ainda não foi gerado ou assinado',
      en: 'The report has not been generated or signed yet',
      es: 'El informe aún no fue generado o firmado',
    },
  },
  /** Sharing a report by e-mail (spec 1 §5, §6; the dialog 'Erro ao compartilhar o PDF do laudo'). */
  SHARE_EMAIL_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Informe um endereço de e-mail válido',
      en: 'Enter a valid e-mail address',
      es: 'Informe una dirección de correo electrónico válida',
    },
  },
  SHARE_ONLY_VETERINARY: {
    status: 403,
    message: {
      'pt-BR': 'O compartilhamento do laudo por e-mail é exclusivo para contas veterinárias',
      en: 'Sharing a report by e-mail is only available to veterinary accounts',
      es: 'Compartir el informe por correo electrónico es exclusivo de las cuentas veterinarias',
    },
  },
  /** Spec 3 §8 'sending limit reached (contact sales)': shares per user per hour (SHARE_LIMIT_PER_HOUR). */
  SHARE_LIMIT_REACHED: {
    status: 429,
    message: {
      'pt-BR': 'Limite de envios atingido. Entre em contato com o setor comercial.',
      en: 'Sending limit reached. Please contact sales.',
      es: 'Límite de envíos alcanzado. Póngase en contacto con el área comercial.',
    },
  },
  SHARE_SEND_FAILED: {
    status: 502,
    message: {
      'pt-BR': 'Não foi possível enviar o e-mail com o laudo. Tente novamente mais tarde',
      en: 'The e-mail with the report could not be sent. Please try again later',
      es: 'No fue posible enviar el correo con el informe. Intente nuevamente más tarde',
    },
  },
  /** An uploaded A1 file that is not a readable PKCS#12 with a certificate and key (spec 2 §8). */
  CERTIFICATE_UPLOAD_FAILED: {
    status: 400,
    message: {
      'pt-BR': 'Ocorreu um erro ao enviar o arquivo. Verifique o arquivo enviado e tente novamente.',
      en: 'An error occurred while sending the file. Check the file and try again.',
      es: 'Ocurrió un error al enviar el archivo. Verifique el archivo enviado e intente nuevamente.',
    },
  },
  CERTIFICATE_PASSWORD_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Senha do certificado digital incorreta',
      en: 'Wrong password for the digital certificate',
      es: 'Contraseña del certificado digital incorrecta',
    },
  },
  CERTIFICATE_EXPIRED: {
    status: 400,
    message: {
      'pt-BR': 'O certificado digital está fora da validade',
      en: 'The digital certificate is not within its validity period',
      es: 'El certificado digital está fuera de su validez',
    },
  },
} satisfies Record<string, { status: number; message: Messages }>;

export type ErrorCode = keyof typeof catalogue;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code in catalogue;
}

export function errorStatus(code: ErrorCode): number {
  return catalogue[code].status;
}

export function errorMessage(code: ErrorCode, lang: Lang = DEFAULT_LANG): string {
  return catalogue[code].message[lang];
}

/** The API's only error shape: `{ error: { code, description } }`. */
export interface ErrorBody {
  error: { code: string; description: string; id?: string; details?: string[] };
}

/** A domain error that crosses layers (HTTP, workflow failure) with its code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Messages listed under the description (the structured form's 'Campos inválidos.'). */
    readonly details?: string[],
  ) {
    super(message ?? errorMessage(code));
    this.name = 'AppError';
  }
  get status(): number {
    return errorStatus(this.code);
  }
}
