/**
 * Session, access and generic answers (spec 3 §8), and the shared length rules.
 */
import type { ErrorEntry } from './entry';

export const platformErrors = {
  // The database connection was lost or none could be had (issue 22): the request changed
  // nothing that committed; the client may try again.
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: {
      'pt-BR': 'O banco de dados está indisponível no momento. Tente novamente em alguns segundos.',
      en: 'The database is unavailable right now. Please try again in a few seconds.',
      es: 'La base de datos no está disponible en este momento. Intente nuevamente en unos segundos.',
    },
  },
  // A report action that no worker took within REPORT_ACTION_TIMEOUT_SECONDS, or Temporal down
  // (issue 22): 503 with Retry-After; sent again with the same Idempotency-Key, it answers what
  // really happened.
  REPORT_SERVICE_UNAVAILABLE: {
    status: 503,
    message: {
      'pt-BR': 'O serviço de laudos não respondeu a tempo. Tente novamente em alguns segundos; a ação não será repetida.',
      en: 'The report service did not answer in time. Please try again in a few seconds; the action will not be repeated.',
      es: 'El servicio de informes no respondió a tiempo. Intente nuevamente en unos segundos; la acción no se repetirá.',
    },
  },
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
  // Two-factor (spec 3 §5, §8): the wrong code, the short one, the missing QR code.
  OTP_WRONG_CODE: {
    status: 400,
    message: {
      'pt-BR': 'Código inválido, tente novamente.',
      en: 'Invalid code, please try again.',
      es: 'Código inválido, intente nuevamente.',
    },
  },
  OTP_TOKEN_MALFORMED: {
    status: 400,
    message: {
      'pt-BR': 'Precisa preencher o token corretamente!',
      en: 'Please fill in the code correctly!',
      es: '¡Debe completar el código correctamente!',
    },
  },
  OTP_QRCODE_NOT_FOUND: {
    status: 404,
    message: {
      'pt-BR': 'QR Code não encontrado.',
      en: 'QR code not found.',
      es: 'Código QR no encontrado.',
    },
  },
  OTP_RESEND_WAIT: {
    status: 429,
    message: {
      'pt-BR': 'Aguarde 90 segundos para reenviar o código.',
      en: 'Wait 90 seconds to send the code again.',
      es: 'Espere 90 segundos para reenviar el código.',
    },
  },
  /** A session opened by a password whose second factor (or the enrolment the account requires) is still due. */
  TWO_FACTOR_PENDING: {
    status: 403,
    message: {
      'pt-BR': 'Conclua a autenticação em dois fatores para continuar.',
      en: 'Complete the two-factor authentication to continue.',
      es: 'Complete la autenticación de dos factores para continuar.',
    },
  },
  TWO_FACTOR_MANDATORY: {
    status: 403,
    message: {
      'pt-BR': 'A autenticação em dois fatores é obrigatória nesta conta.',
      en: 'Two-factor authentication is mandatory in this account.',
      es: 'La autenticación de dos factores es obligatoria en esta cuenta.',
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
  /** A signed-up user who has not opened the verification link yet (issue 13); the login form offers a new link. */
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: {
      'pt-BR': 'E-mail ainda não confirmado. Abra o link que enviamos para o seu e-mail ou peça um novo.',
      en: 'E-mail not confirmed yet. Open the link we sent to your e-mail or ask for a new one.',
      es: 'Correo aún no confirmado. Abra el enlace que enviamos a su correo o pida uno nuevo.',
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
  /** Any request body past its parser's limit (spec 3 §8 'number of characters exceeds the limit'). */
  BODY_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'Número de caracteres acima do limite permitido.',
      en: 'Number of characters above the allowed limit.',
      es: 'Número de caracteres por encima del límite permitido.',
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
} satisfies Record<string, ErrorEntry>;
