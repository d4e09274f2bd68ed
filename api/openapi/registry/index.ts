/**
 * The request schemas of each operation (`METHOD /path`, the router's path under /api), as the
 * handlers validate them: the same zod objects, imported, never copied; and what each answers
 * (operation.ts): its JSON schema from domain/ (the web parses the same objects), 204, or its
 * media types. The openapi test fails on a key that names no route, on a key in both halves,
 * and on a POST, PUT or PATCH with neither a body schema here nor its reason in NO_JSON_BODY,
 * so the registry cannot drift from the routers.
 */
import { ADMIN_OPERATIONS } from './admin';
import type { OperationSchemas } from './operation';
import { STUDY_OPERATIONS } from './studies';

export type { OperationSchemas } from './operation';
export { answerDescribed } from './operation';

/** Keys in both halves (the openapi test expects none: the later one would win unseen). */
export const DUPLICATE_KEYS = Object.keys(ADMIN_OPERATIONS).filter((k) => k in STUDY_OPERATIONS);

export const OPERATIONS: Record<string, OperationSchemas> = { ...ADMIN_OPERATIONS, ...STUDY_OPERATIONS };

const PATH_ONLY = 'takes nothing but its path (and the session)';
/**
 * The POST operations that read no JSON body, with what they take instead: the document gives
 * them no request body. Every other POST, PUT and PATCH has its body schema in OPERATIONS (the
 * openapi test fails on one that has neither).
 */
export const NO_JSON_BODY: Record<string, string> = {
  'POST /report-images/upload/:token': 'a multipart/form-data upload (the file and its uploadId)',
  'POST /studies/:id/narratedReport': 'the audio itself (audio/mpeg)',
  'POST /scheduledExam/:id/narratedReport': 'the audio itself (audio/mpeg)',
  'POST /exams/import/preview': 'the file itself (CSV or XLSX), its name in ?filename=',
  'POST /exams/import': 'the file itself (CSV or XLSX), its name in ?filename=',
  'POST /notification-subscriptions/:id/cancel': PATH_ONLY,
  'POST /auth/logout': PATH_ONLY,
  'POST /auth/expiredSession': PATH_ONLY,
  'POST /auth/imageToken': PATH_ONLY,
  'POST /auth/two-authentication/email': PATH_ONLY,
  'POST /auth/sessions/revokeOthers': PATH_ONLY,
  'POST /auth/accessLink': PATH_ONLY,
  'POST /accounts/:accountId/users/:userId/block': PATH_ONLY,
  'POST /accounts/:accountId/users/:userId/unblock': PATH_ONLY,
  'POST /accounts/:accountId/users/:userId/password-change': PATH_ONLY,
  'POST /accounts/:accountId/users/:userId/two-factor/reset': PATH_ONLY,
  'POST /accounts/:accountId/users/:userId/sessions/end': PATH_ONLY,
  'POST /invalidated-studies/:id/recover': PATH_ONLY,
  'POST /studies/:id/retrieve-archived': PATH_ONLY,
  'POST /studies/:id/duplicate': PATH_ONLY,
  'POST /notifications/read-all': PATH_ONLY,
  'POST /notifications/:notificationId/read': PATH_ONLY,
  'POST /connects/:id/keys': PATH_ONLY,
  'POST /connects/:id/keys/:keyId/rotate': PATH_ONLY,
  'POST /orchestrator/pause': PATH_ONLY,
  'POST /orchestrator/resume': PATH_ONLY,
  'POST /institutions/:id/deactivate': PATH_ONLY,
  'POST /institutions/:id/reactivate': PATH_ONLY,
};
