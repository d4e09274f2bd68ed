import type { TFunction } from 'i18next';
import { describeError, toApiError } from '../../lib/errors';
import { SERVER_CODE_FIELD } from './person-form';

/** A refusal of a registration form: under its field when it belongs to one, else above the form. */
export function formError(err: unknown, t: TFunction): { field: string; text: string } {
  const e = toApiError(err);
  return { field: SERVER_CODE_FIELD[e.code] ?? 'form', text: describeError(err, t) };
}
