import { describe, expect, it } from '@jest/globals';
import {
  ApiError,
  BODY_TOO_LARGE,
  describeError,
  errorFromResponse,
  isShownGlobally,
  NETWORK_ERROR,
  SESSION_ENDING_CODES,
  toApiError,
  UNKNOWN_ERROR,
} from './errors';

const t = (key: string) => `<${key}>`;

describe('errorFromResponse', () => {
  it('reads the error structure', () => {
    const e = errorFromResponse(409, { error: { code: 'REPORT_CANNOT_START', description: 'Impossível iniciar o laudo' } });
    expect(e.code).toBe('REPORT_CANNOT_START');
    expect(e.description).toBe('Impossível iniciar o laudo');
    expect(e.status).toBe(409);
  });

  it('gives UNKNOWN_ERROR when there is no error structure', () => {
    expect(errorFromResponse(502, '<html>Bad gateway</html>').code).toBe(UNKNOWN_ERROR);
    expect(errorFromResponse(500, null).code).toBe(UNKNOWN_ERROR);
    expect(errorFromResponse(400, { error: { description: 'no code' } }).code).toBe(UNKNOWN_ERROR);
  });
});

describe('over-size bodies', () => {
  it("shows the server's 413 BODY_TOO_LARGE description", () => {
    const e = errorFromResponse(413, {
      error: { code: 'BODY_TOO_LARGE', description: 'Número de caracteres acima do limite permitido.' },
    });
    expect(e.code).toBe(BODY_TOO_LARGE);
    expect(describeError(e, t)).toBe('Número de caracteres acima do limite permitido.');
    expect(isShownGlobally(e)).toBe(true);
  });

  it("reads a proxy's bare 413 page as the same answer, with the app's own words", () => {
    const e = errorFromResponse(413, '<html>413 Request Entity Too Large</html>');
    expect(e.code).toBe(BODY_TOO_LARGE);
    expect(describeError(e, t)).toBe('<errors.BODY_TOO_LARGE>');
  });
});

describe('sessions', () => {
  it('ends the session on INVALID_SESSION and EXPIRED_TOKEN, and shows the expiry (spec 3 §8)', () => {
    expect([...SESSION_ENDING_CODES].sort()).toEqual(['EXPIRED_TOKEN', 'INVALID_SESSION']);
    expect(isShownGlobally(new ApiError('EXPIRED_TOKEN', 'Sessão expirada, por favor faça login novamente'))).toBe(true);
    expect(isShownGlobally(new ApiError('INVALID_SESSION'))).toBe(false);
  });
});

describe('toApiError', () => {
  it('maps a failed fetch to NETWORK_ERROR', () => {
    expect(toApiError(new TypeError('Failed to fetch')).code).toBe(NETWORK_ERROR);
  });
  it('keeps an ApiError', () => {
    const e = new ApiError('NOT_FOUND', 'Não encontrado.', 404);
    expect(toApiError(e)).toBe(e);
  });
});

describe('describeError', () => {
  it('uses fixed messages for INTERNAL_ERROR and MALFORMED_REQUEST', () => {
    expect(describeError(new ApiError('INTERNAL_ERROR', 'stack trace'), t)).toBe('<errors.INTERNAL_ERROR>');
    expect(describeError(new ApiError('INTERNAL_ERROR', null, 500, 'abc123'), t)).toBe('abc123 - <errors.INTERNAL_ERROR>');
    expect(describeError(new ApiError('MALFORMED_REQUEST', 'zod said'), t)).toBe('<errors.MALFORMED_REQUEST>');
  });

  it('uses the server description otherwise, or a default', () => {
    expect(describeError(new ApiError('REPORT_CANNOT_START', 'Impossível iniciar o laudo'), t)).toBe(
      'Impossível iniciar o laudo',
    );
    expect(describeError(new ApiError('SOMETHING'), t)).toBe('<errors.default>');
  });

  it('has messages for unknown and network failures', () => {
    expect(describeError(new ApiError(UNKNOWN_ERROR), t)).toBe('<errors.UNKNOWN_ERROR>');
    expect(describeError(new TypeError('Failed to fetch'), t)).toBe('<errors.NETWORK_ERROR>');
  });
});

describe('isShownGlobally', () => {
  it('hides the codes the spec keeps out of notifications', () => {
    for (const code of ['INVALID_SESSION', 'FORBIDDEN_ACCESS', 'INVALID_CREDENTIALS', 'USER_BLOCKED']) {
      expect(isShownGlobally(new ApiError(code))).toBe(false);
    }
  });
  it('shows the others, but never a cancelled request', () => {
    expect(isShownGlobally(new ApiError('INTERNAL_ERROR'))).toBe(true);
    expect(isShownGlobally(new ApiError(NETWORK_ERROR))).toBe(true);
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(isShownGlobally(abort)).toBe(false);
  });
});
