/**
 * The client side of the one error shape (ARCHITECTURE §4.5, spec 3 §8). Pure: no DOM.
 */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';
/** A body past a size limit (413), the server's or a proxy's. */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';

/** An API failure: a code from the catalogue, the server's description when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly description: string | null = null,
    readonly status: number | null = null,
    /** Support id of an INTERNAL_ERROR, when the server gives one. */
    readonly errorId: string | null = null,
  ) {
    super(description ?? code);
    this.name = 'ApiError';
  }
}

/** Codes that end the session: the client forgets the token and goes to /login. */
export const SESSION_ENDING_CODES: ReadonlySet<string> = new Set(['INVALID_SESSION', 'EXPIRED_TOKEN']);

/** Codes never shown as a global notification (spec 3 §8, "Global response handling"). */
export const NOT_GLOBAL_CODES: ReadonlySet<string> = new Set([
  'USER_BLOCKED',
  'USER_BLOCKED_BY_ADMIN',
  'INVALID_CREDENTIALS',
  'PASSWORD_EXPIRED',
  'INVALID_SESSION',
  'FORBIDDEN_ACCESS',
]);

/** Turns an HTTP error answer into an ApiError: the error structure, or UNKNOWN_ERROR. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (error && typeof error === 'object') {
      const { code, description, id } = error as Record<string, unknown>;
      if (typeof code === 'string' && code !== '') {
        return new ApiError(
          code,
          typeof description === 'string' && description !== '' ? description : null,
          status,
          typeof id === 'string' || typeof id === 'number' ? String(id) : null,
        );
      }
    }
  }
  // A proxy in front may refuse a large body with a page of its own: still the same answer.
  if (status === 413) return new ApiError(BODY_TOO_LARGE, null, status);
  return new ApiError(UNKNOWN_ERROR, null, status);
}

/** Any thrown value as an ApiError (fetch failures are NETWORK_ERROR, the rest UNKNOWN_ERROR). */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof TypeError) return new ApiError(NETWORK_ERROR);
  return new ApiError(UNKNOWN_ERROR);
}

export function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/** Whether a failure should pop a global notification. */
export function isShownGlobally(err: unknown): boolean {
  if (isAbort(err)) return false;
  return !NOT_GLOBAL_CODES.has(toApiError(err).code);
}

export type ErrorMessageKey =
  | 'errors.INTERNAL_ERROR'
  | 'errors.MALFORMED_REQUEST'
  | 'errors.UNKNOWN_ERROR'
  | 'errors.NETWORK_ERROR'
  | 'errors.BODY_TOO_LARGE'
  | 'errors.default';

/**
 * The text shown for a failure: fixed messages for INTERNAL_ERROR (prefixed by its id),
 * MALFORMED_REQUEST, UNKNOWN_ERROR and NETWORK_ERROR; otherwise the server's description,
 * or a default.
 */
export function describeError(err: unknown, t: (key: ErrorMessageKey) => string): string {
  const e = toApiError(err);
  switch (e.code) {
    case 'INTERNAL_ERROR':
      return e.errorId ? `${e.errorId} - ${t('errors.INTERNAL_ERROR')}` : t('errors.INTERNAL_ERROR');
    case 'MALFORMED_REQUEST':
      return t('errors.MALFORMED_REQUEST');
    case UNKNOWN_ERROR:
      return t('errors.UNKNOWN_ERROR');
    case NETWORK_ERROR:
      return t('errors.NETWORK_ERROR');
    case BODY_TOO_LARGE:
      return e.description ?? t('errors.BODY_TOO_LARGE');
    default:
      return e.description ?? t('errors.default');
  }
}
