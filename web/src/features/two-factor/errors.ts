import type { TFunction } from 'i18next';
import { toApiError } from '../../lib/errors';

/** The message of a failed two-factor call: the server's own (already in the user's language). */
export function twoFactorError(err: unknown, t: TFunction): string {
  const e = toApiError(err);
  return e.description ?? t('twoFactor.failed');
}
