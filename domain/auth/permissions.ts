/**
 * Permission catalogue: every name spec 3 §6 gives exactly, the one the code added for a
 * labelled area (manual upload), and the administrative permissions of the Administration
 * area (issue 14). Grouped by area for the role editor; labels live in permission-labels.ts.
 *
 * Administrative permissions (`*_MANAGE`, `AUDIT_READ`) are account-wide: holding one in any
 * institution of the account lets the user manage that area of the account. Account
 * administrators (user_accounts.is_admin) and the super role pass every check.
 */

/** The names spec 3 §6 lists, in its order. */
export const SPEC_PERMISSIONS = [
  'STUDIES_SAVE_REPORTS',
  'STUDIES_SAVE_REPORTS_OIT',
  'STUDIES_RETRIEVE_REPORTS',
  'STUDIES_SAVE_NARRATED_REPORTS',
  'STUDIES_TRANSCRIBE_REPORTS',
  'REPORTS_REVIEW',
  'STUDIES_REOPEN_REPORTS',
  'STUDIES_CREATE_LAUDO_OPINION',
  'STUDIES_INSERT_LAUDO_OPINION',
  'WORKLIST_INSERT_LAUDO_OPINION',
  'STUDIES_CREATE_ASSOCIATE_REPORTS',
  'REPORT_RETURN_NOT_STARTED',
  'PHRASES_CREATE_PHRASES_BY_ACCOUNT',
  'STUDIES_CREATE_HEADER',
  'STUDIES_EDIT_HEADER',
  'STUDIES_UPDATE_HEADER',
  'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT',
  'STUDIES_CREATE_COMMENTS',
  'WORKLIST_CREATE_COMMENTS',
  'STUDIES_CREATE_ATTACHMENTS',
  'WORKLIST_CREATE_ATTACHMENTS',
  'STUDIES_DOWNLOAD_ATTACHMENT',
  'WORKLIST_DOWNLOAD_ATTACHMENT',
  'STUDIES_DELETE_ATTACHMENT',
  'WORKLIST_DELETE_ATTACHMENT',
  'ACCOUNTS_GET_MODALITY_TEMPLATES',
  'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID',
  'ACCOUNTS_GET_EXAM_TEMPLATES',
  'INSTITUIONS_GET_MODALITY_TEMPLATES',
] as const;

/** Areas of the role editor, in display order, with the permissions each holds. */
export const PERMISSION_AREAS = {
  studies: [
    'STUDIES_CREATE_HEADER',
    'STUDIES_EDIT_HEADER',
    'STUDIES_UPDATE_HEADER',
    'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT',
    'STUDIES_CREATE_COMMENTS',
    'STUDIES_CREATE_ATTACHMENTS',
    'STUDIES_DOWNLOAD_ATTACHMENT',
    'STUDIES_DELETE_ATTACHMENT',
    // Not named by the specs (labels only: 'upload by DICOM'): manual upload and STOW-RS by a user.
    'STUDIES_UPLOAD_DICOM',
    // Labels only ('routine assignment'): changing the routine of a study (issue 16).
    'STUDIES_CHANGE_ROUTINE',
    // Labels only ('invalidate', 'divergent actions', 'archived-study retrieval'; issue 16).
    'STUDIES_INVALIDATE',
    'STUDIES_DIVERGENT_ACTIONS',
    'STUDIES_RETRIEVE_ARCHIVED',
    'STUDIES_DUPLICATE',
    // Issue 16: the exam status (scheduled, in progress, call patient, canceled).
    'STUDIES_CHANGE_EXAM_STATUS',
  ],
  reports: [
    'STUDIES_SAVE_REPORTS',
    'STUDIES_SAVE_REPORTS_OIT',
    'STUDIES_RETRIEVE_REPORTS',
    'STUDIES_SAVE_NARRATED_REPORTS',
    'STUDIES_TRANSCRIBE_REPORTS',
    'REPORTS_REVIEW',
    'STUDIES_REOPEN_REPORTS',
    'STUDIES_CREATE_LAUDO_OPINION',
    'STUDIES_INSERT_LAUDO_OPINION',
    'STUDIES_CREATE_ASSOCIATE_REPORTS',
    'REPORT_RETURN_NOT_STARTED',
  ],
  worklist: [
    'WORKLIST_INSERT_LAUDO_OPINION',
    'WORKLIST_CREATE_COMMENTS',
    'WORKLIST_CREATE_ATTACHMENTS',
    'WORKLIST_DOWNLOAD_ATTACHMENT',
    'WORKLIST_DELETE_ATTACHMENT',
  ],
  templates: [
    'ACCOUNTS_GET_MODALITY_TEMPLATES',
    'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID',
    'ACCOUNTS_GET_EXAM_TEMPLATES',
    'INSTITUIONS_GET_MODALITY_TEMPLATES',
  ],
  phrases: ['PHRASES_CREATE_PHRASES_BY_ACCOUNT'],
  institutions: ['INSTITUTIONS_MANAGE'],
  users: ['USERS_MANAGE'],
  roles: ['ROLES_MANAGE'],
  schedules: ['SCHEDULES_MANAGE'],
  medicalGroups: ['MEDICAL_GROUPS_MANAGE'],
  // Issue 18: the orchestrator's distribution filters, pause and resume.
  orchestrator: ['ORCHESTRATOR_MANAGE'],
  modalities: ['MODALITIES_MANAGE'],
  exams: ['EXAMS_MANAGE'],
  routines: ['ROUTINES_MANAGE'],
  accessGrants: ['ACCESS_GRANTS_MANAGE'],
  settings: ['ACCOUNT_SETTINGS_MANAGE'],
  audit: ['AUDIT_READ'],
  management: ['MANAGEMENT_REPORTS_READ'],
} as const;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type Permission = (typeof PERMISSION_AREAS)[PermissionArea][number];

/** Every permission, area by area. */
export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_AREAS).flat();

/** The administrative permissions: account-wide, held in any institution. */
export const ADMIN_PERMISSIONS = [
  'INSTITUTIONS_MANAGE',
  'USERS_MANAGE',
  'ROLES_MANAGE',
  'SCHEDULES_MANAGE',
  'MEDICAL_GROUPS_MANAGE',
  'ORCHESTRATOR_MANAGE',
  'MODALITIES_MANAGE',
  'EXAMS_MANAGE',
  'ROUTINES_MANAGE',
  'ACCESS_GRANTS_MANAGE',
  'ACCOUNT_SETTINGS_MANAGE',
  'AUDIT_READ',
  'MANAGEMENT_REPORTS_READ',
] as const satisfies readonly Permission[];

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/**
 * Who acts on a report, as the API resolves it from the session for the study's
 * institution. Workflow validators receive exactly this, so the rules stay pure.
 */
export interface Actor {
  userId: string;
  name: string;
  /** Permissions the user holds for the study's institution in the current account. */
  permissions: readonly Permission[];
  isAccountAdmin: boolean;
  superRole: boolean;
}

export function hasPermission(actor: Actor, permission: Permission): boolean {
  return actor.superRole || actor.permissions.includes(permission);
}

/**
 * Who may read a study's report (spec 2 §6: STUDIES_RETRIEVE_REPORTS 'view reports'): that
 * permission, or any permission to work on reports, whose holders open the report to do it.
 */
export const REPORT_READ_PERMISSIONS = [
  'STUDIES_RETRIEVE_REPORTS',
  ...PERMISSION_AREAS.reports,
  'WORKLIST_INSERT_LAUDO_OPINION',
] as const satisfies readonly Permission[];

export function mayReadReports(actor: Actor): boolean {
  return actor.isAccountAdmin || REPORT_READ_PERMISSIONS.some((p) => hasPermission(actor, p));
}
