/**
 * One error vocabulary (ARCHITECTURE §4.5): codes from the specs' catalogue, their HTTP
 * status, and the default description in each language. The API, the workflow failures
 * and the web client all speak these codes.
 */
import type { Lang } from './errors/entry';
import { accountUsersErrors } from './errors/account-users';
import { administrationErrors } from './errors/administration';
import { catalogErrors } from './errors/catalog';
import { connectsErrors } from './errors/connects';
import { adminAccountsErrors } from './errors/admin-accounts';
import { dicomwebErrors } from './errors/dicomweb';
import { documentsErrors } from './errors/documents';
import { managementErrors } from './errors/management';
import { passwordErrors } from './errors/passwords';
import { portalErrors } from './errors/portal';
import { orchestratorErrors } from './errors/orchestrator';
import { platformErrors } from './errors/platform';
import { profileErrors } from './errors/profile';
import { registrationErrors } from './errors/registration';
import { reportsErrors } from './errors/reports';
import { sessionsErrors } from './errors/sessions';
import { studiesErrors } from './errors/studies';
import { subscriptionsErrors } from './errors/subscriptions';
import { studyMaintenanceErrors } from './errors/study-maintenance';
import { workspaceErrors } from './errors/workspace';

export type { Lang };
export const LANGS: readonly Lang[] = ['pt-BR', 'en', 'es'];
export const DEFAULT_LANG: Lang = 'pt-BR';

// One file per area (domain/errors/); a code is defined once across them.
const catalogue = {
  ...platformErrors,
  ...reportsErrors,
  ...studiesErrors,
  ...studyMaintenanceErrors,
  ...workspaceErrors,
  ...documentsErrors,
  ...profileErrors,
  ...passwordErrors,
  ...registrationErrors,
  ...sessionsErrors,
  ...accountUsersErrors,
  ...administrationErrors,
  ...adminAccountsErrors,
  ...catalogErrors,
  ...connectsErrors,
  ...dicomwebErrors,
  ...orchestratorErrors,
  ...managementErrors,
  ...subscriptionsErrors,
  ...portalErrors,
};

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
