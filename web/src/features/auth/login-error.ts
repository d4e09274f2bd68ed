import { NETWORK_ERROR, toApiError, UNKNOWN_ERROR } from '../../lib/errors';

/**
 * What the login form shows for a failure (spec 3 §8, login codes): the server's
 * description (e.g. INVALID_CREDENTIALS 'Cadastro não encontrado ou senha inválida.'),
 * or null for the generic 'Ocorreu um erro ao autenticar. Tente novamente.'.
 */
export function loginErrorDescription(err: unknown): string | null {
  const e = toApiError(err);
  if (e.code === 'INTERNAL_ERROR' || e.code === UNKNOWN_ERROR || e.code === NETWORK_ERROR) return null;
  return e.description;
}
