/**
 * The roles every account starts with (spec 3 §6: Administrator, Assistant, Coordinator,
 * Typist, Reception, Technician, plus physician and reader). The role editor's 'add all
 * permissions of a predefined role' reads the same table.
 */
import { PERMISSIONS, type Permission } from './permissions';

export const DEFAULT_ROLE_NAMES = [
  'Administrator',
  'Assistant',
  'Coordinator',
  'Typist',
  'Reception',
  'Technician',
  'Physician',
  'Reader',
] as const;
export type DefaultRoleName = (typeof DEFAULT_ROLE_NAMES)[number];

const READ: Permission[] = ['STUDIES_RETRIEVE_REPORTS', 'STUDIES_DOWNLOAD_ATTACHMENT', 'WORKLIST_DOWNLOAD_ATTACHMENT'];
const TEMPLATES: Permission[] = [
  'ACCOUNTS_GET_MODALITY_TEMPLATES',
  'ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID',
  'ACCOUNTS_GET_EXAM_TEMPLATES',
  'INSTITUIONS_GET_MODALITY_TEMPLATES',
];
const FRONT_DESK: Permission[] = [
  ...READ,
  'STUDIES_CREATE_HEADER',
  'STUDIES_EDIT_HEADER',
  'STUDIES_UPDATE_HEADER',
  'STUDIES_CREATE_COMMENTS',
  'WORKLIST_CREATE_COMMENTS',
  'STUDIES_CREATE_ATTACHMENTS',
  'WORKLIST_CREATE_ATTACHMENTS',
];

export const DEFAULT_ROLES: Record<DefaultRoleName, readonly Permission[]> = {
  Administrator: PERMISSIONS,
  Assistant: [...FRONT_DESK, 'STUDIES_DELETE_ATTACHMENT', 'WORKLIST_DELETE_ATTACHMENT', 'STUDIES_UPLOAD_DICOM'],
  Coordinator: [
    ...FRONT_DESK,
    ...TEMPLATES,
    'STUDIES_DELETE_ATTACHMENT',
    'WORKLIST_DELETE_ATTACHMENT',
    'STUDIES_UPLOAD_DICOM',
    'STUDIES_REOPEN_REPORTS',
    'REPORT_RETURN_NOT_STARTED',
    'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT',
    'PHRASES_CREATE_PHRASES_BY_ACCOUNT',
    'USERS_MANAGE',
    'SCHEDULES_MANAGE',
    'MEDICAL_GROUPS_MANAGE',
    'MODALITIES_MANAGE',
    'EXAMS_MANAGE',
    'ROUTINES_MANAGE',
    'STUDIES_CHANGE_ROUTINE',
  ],
  Typist: [...READ, ...TEMPLATES, 'STUDIES_TRANSCRIBE_REPORTS'],
  Reception: [...FRONT_DESK],
  Technician: [...READ, 'STUDIES_UPDATE_HEADER', 'STUDIES_CREATE_COMMENTS', 'STUDIES_CREATE_ATTACHMENTS', 'STUDIES_UPLOAD_DICOM'],
  Physician: [
    ...READ,
    ...TEMPLATES,
    'STUDIES_SAVE_REPORTS',
    'STUDIES_SAVE_REPORTS_OIT',
    'STUDIES_SAVE_NARRATED_REPORTS',
    'REPORTS_REVIEW',
    'STUDIES_REOPEN_REPORTS',
    'STUDIES_CREATE_LAUDO_OPINION',
    'STUDIES_INSERT_LAUDO_OPINION',
    'WORKLIST_INSERT_LAUDO_OPINION',
    'STUDIES_CREATE_ASSOCIATE_REPORTS',
    'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT',
    'STUDIES_CREATE_COMMENTS',
    'WORKLIST_CREATE_COMMENTS',
    'PHRASES_CREATE_PHRASES_BY_ACCOUNT',
  ],
  // Providers and referring physicians: reads what is shown to them, nothing else.
  Reader: ['STUDIES_RETRIEVE_REPORTS', 'STUDIES_DOWNLOAD_ATTACHMENT'],
};
