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
  REPORT_CANNOT_START: {
    status: 409,
    message: {
      'pt-BR': 'Impossível iniciar o laudo',
      en: 'Unable to start the report',
      es: 'Imposible iniciar el informe',
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
  error: { code: string; description: string; id?: string };
}

/** A domain error that crosses layers (HTTP, workflow failure) with its code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? errorMessage(code));
    this.name = 'AppError';
  }
  get status(): number {
    return errorStatus(this.code);
  }
}
