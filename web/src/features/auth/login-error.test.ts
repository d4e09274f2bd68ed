import { describe, expect, it } from '@jest/globals';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from '../../lib/errors';
import { loginErrorDescription } from './login-error';

describe('loginErrorDescription', () => {
  it('shows the server description of a login code', () => {
    const e = new ApiError('INVALID_CREDENTIALS', 'Cadastro não encontrado ou senha inválida.', 401);
    expect(loginErrorDescription(e)).toBe('Cadastro não encontrado ou senha inválida.');
  });
  it('falls back to the generic message (null) for internal, unknown and network failures', () => {
    expect(loginErrorDescription(new ApiError('INTERNAL_ERROR', 'stack'))).toBeNull();
    expect(loginErrorDescription(new ApiError(UNKNOWN_ERROR))).toBeNull();
    expect(loginErrorDescription(new ApiError(NETWORK_ERROR))).toBeNull();
    expect(loginErrorDescription(new TypeError('Failed to fetch'))).toBeNull();
    expect(loginErrorDescription(new ApiError('USER_BLOCKED'))).toBeNull();
  });
});
