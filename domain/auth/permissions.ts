/** Permission catalogue of spec 3 §6 (the names the specs give exactly). */
export const PERMISSIONS = [
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
  // Not named by the specs (labels only: 'upload by DICOM'): manual upload and STOW-RS by a user.
  'STUDIES_UPLOAD_DICOM',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

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
