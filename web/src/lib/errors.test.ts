import { describe, expect, it } from '@jest/globals';
import { ApiError, describeError, errorFromResponse, isShownGlobally, NETWORK_ERROR, toApiError, UNKNOWN_ERROR } from './errors';

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
