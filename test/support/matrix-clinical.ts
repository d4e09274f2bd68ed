/**
 * The permission matrix's clinical half (issue 14): what a member of the owning account, with a
 * role in the study's institution that holds no permission, gets from each clinical route and
 * each route of members' working material. Classified here so the matrix test stays readable;
 * a clinical route in neither table fails the matrix.
 *
 * Keys are `METHOD suffix`, the suffix being the path after `/studies/:id` or
 * `/scheduledExam/:id` (both kinds share one entry), or the whole path for other routes.
 */
import type { Knex } from 'knex';
import { type LaudoAction, fromStates } from '../../domain/laudo/transitions';

export function clinicalKey(method: string, path: string): string {
  return `${method} ${path.replace(/^\/(studies|scheduledExam)\/:id(?=\/|$)/, '')}`;
}

/**
 * A report action: the report is put in the first state the action leaves from (so the state
 * is not what refuses) and the body passes the route's validation (so the body is not what
 * refuses); what is left is the permission (FORBIDDEN_ACCESS) or, for the actions that need no
 * permission (spec 1 §6, spec 2 §6: only the starter, the requester, the responsible doctor),
 * the party: `party` holds the refusal then (REPORT_HELD_BY_OTHER_USER, 'somente o responsável').
 */
export interface ReportActionCase {
  action: LaudoAction;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** The report's form model for the test (structured answers exist only in a structured report). */
  structuredType?: 'OIT';
  party?: string;
}

const TEXT = '<p>Texto do laudo.</p>';

export const REPORT_ACTION_ROUTES: Record<string, ReportActionCase> = {
  'POST /reports/start': { action: 'start', body: {} },
  'POST /reports/save': { action: 'save', body: { content: TEXT, finish: false } },
  'POST /reports/saveReport': { action: 'save', body: { content: TEXT, finish: false } },
  'POST /reports/review': { action: 'finishReview', body: { content: TEXT } },
  'POST /reports/saveReview': { action: 'finishReview', body: { content: TEXT } },
  'POST /reports/requestReview': { action: 'requestReview', body: {} },
  'POST /reports/cancelReview': { action: 'cancelReview', body: {}, party: 'REPORT_HELD_BY_OTHER_USER' },
  'POST /reports/associateReview': { action: 'startReview', body: {} },
  'POST /reports/associateReportTranscription': { action: 'startTyping', body: {} },
  'POST /reports/cancelReportTranscription': { action: 'cancelTyping', body: {} },
  'POST /reports/associateTypingReview': { action: 'startTypedReview', body: {} },
  'POST /reports/returnReportToNotStarted': { action: 'returnToNotStarted', body: {} },
  'POST /reports/finishReportTranscription': { action: 'finishTyping', body: { content: TEXT } },
  'POST /reports/reopen': { action: 'reopen', body: {} },
  'POST /reports/sign': { action: 'sign', body: {}, party: 'REPORT_HELD_BY_OTHER_USER' },
  'POST /reports/changeDoctor': { action: 'changeDoctor', body: {} },
  'POST /reports/reassign': { action: 'reassign', body: {} },
  // The associated study is filled in by the test (another study of the same patient).
  'POST /reports/associate': { action: 'associate' },
  'POST /reports/associateMultipleReports': { action: 'associate' },
  'POST /reports/disassociateMultipleReports': { action: 'disassociate', body: { all: true } },
  'POST /reports-opinion/request': { action: 'requestOpinion', body: {} },
  'POST /reports-opinion/cancelSecondOpinion': { action: 'cancelOpinion', body: {}, party: 'REPORT_HELD_BY_OTHER_USER' },
  'PUT /reports-opinion': { action: 'giveOpinion', body: { status: 1 } },
  'POST /reports-opinion/accept': { action: 'acceptOpinion', body: {}, party: 'REPORT_HELD_BY_OTHER_USER' },
  'POST /reports-opinion/refusing': { action: 'ignoreOpinion', body: {}, party: 'REPORT_HELD_BY_OTHER_USER' },
  'POST /narratedReport': { action: 'narrate', raw: 'ID3', headers: { 'content-type': 'audio/mpeg' } },
  'PUT /drafts': { action: 'saveDraft', body: { content: TEXT } },
  // Saving the report's images and asking for upload slots are report edits (STUDIES_SAVE_REPORTS).
  'POST /reports/images': { action: 'save', body: { laudoImages: [], externalImages: [] } },
  'GET /reports/external-images/:count': { action: 'save' },
  // Structured answers are the report's content (spec 2 §3): the form's executor rule (switchModel).
  'POST /structured-report': { action: 'switchModel', structuredType: 'OIT', body: { fieldId: 'campo', value: 'x' } },
  'DELETE /structured-report/:fieldValueId': { action: 'switchModel', structuredType: 'OIT' },
  // Only the platform concludes or marks external: the route refuses any user.
  'POST /reports/autoConclude': { action: 'autoConclude', body: {} },
  'POST /reports/external': { action: 'markExternal', body: {} },
};

/** Other clinical and working-material routes guarded by a permission: the member's answer. */
export interface PermissionCase {
  permission: string;
  code: string;
  body?: unknown;
}

export const PERMISSION_ROUTES: Record<string, PermissionCase> = {
  'PATCH /update-data': {
    permission: 'STUDIES_CREATE_HEADER | STUDIES_EDIT_HEADER | STUDIES_UPDATE_HEADER',
    code: 'HEADER_FORBIDDEN',
  },
  'PATCH /reports/header': {
    permission: 'STUDIES_CREATE_HEADER | STUDIES_EDIT_HEADER | STUDIES_UPDATE_HEADER',
    code: 'HEADER_FORBIDDEN',
  },
  'POST /reports/header': {
    permission: 'STUDIES_CREATE_HEADER | STUDIES_EDIT_HEADER | STUDIES_UPDATE_HEADER',
    code: 'HEADER_FORBIDDEN',
  },
  // Spec 2 §6: STUDIES_RETRIEVE_REPORTS 'view reports' (or a permission to work on reports).
  'GET /reports': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /reports/content': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /reports-opinion': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /narratedReport': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /drafts': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /reports/download': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /reports/:reportId/download': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /reports/preview/:file': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /reports/images': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /structured-report': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'GET /retriveTemplateOIT': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  // Issue 18: whoever may read the report may give the patient access to it (ADR 034).
  'GET /result-access': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS' },
  'POST /result-access': { permission: 'STUDIES_RETRIEVE_REPORTS', code: 'FORBIDDEN_ACCESS', body: {} },
  'POST /result-access/send': {
    permission: 'STUDIES_RETRIEVE_REPORTS',
    code: 'FORBIDDEN_ACCESS',
    body: { channel: 'email', to: 'paciente@example.org' },
  },
  // Spec 2 §6: 'only the responsible report doctor can accept or reject suspicions' (a party, no permission).
  'PATCH /studies/studyCriticalFinding/:id': { permission: 'party', code: 'CRITICAL_FINDING_NOT_RESPONSIBLE', body: {} },
  'PATCH /studies/studyCriticalFinding/:id/reject': { permission: 'party', code: 'CRITICAL_FINDING_NOT_RESPONSIBLE', body: {} },
  // Spec 1 §6: PHRASES_CREATE_PHRASES_BY_ACCOUNT creates the account's phrases.
  'POST /phrases/accounts/:accountId': {
    permission: 'PHRASES_CREATE_PHRASES_BY_ACCOUNT',
    code: 'FORBIDDEN_ACCESS',
    body: { code: 'NOVA', title: 'Nova frase', phrase: 'Texto da frase.' },
  },
  // Issue 16: the account's phrases are changed with the same permission (a user's own, by them only).
  'PUT /phrases/accounts/:accountId/:phraseId': {
    permission: 'PHRASES_CREATE_PHRASES_BY_ACCOUNT',
    code: 'FORBIDDEN_ACCESS',
    body: { code: 'OUTRA', title: 'Outra frase', phrase: 'Texto da frase.' },
  },
  'DELETE /phrases/accounts/:accountId/:phraseId': { permission: 'PHRASES_CREATE_PHRASES_BY_ACCOUNT', code: 'FORBIDDEN_ACCESS' },
  // Issue 16: the labels' administration (rename, delete) is the account administrators'.
  'PUT /labels/:id': { permission: 'administrator', code: 'CANNOT_MANAGE_LABELS', body: { name: 'Outro' } },
  'DELETE /labels/:id': { permission: 'administrator', code: 'CANNOT_MANAGE_LABELS' },
  // Issue 16: a study's routine is changed with STUDIES_CHANGE_ROUTINE.
  'PUT /routine': {
    permission: 'STUDIES_CHANGE_ROUTINE',
    code: 'CANNOT_MANAGE_STUDY',
    body: { routineId: '00000000-0000-4000-8000-000000000000' },
  },
  // Issue 16, study maintenance: each change needs its permission in the study's institution.
  'PUT /exam-status': { permission: 'STUDIES_CHANGE_EXAM_STATUS', code: 'CANNOT_MANAGE_STUDY', body: { status: 'SCHEDULED' } },
  'POST /invalidate': { permission: 'STUDIES_INVALIDATE', code: 'CANNOT_MANAGE_STUDY', body: { reason: 'Motivo' } },
  'POST /duplicate': { permission: 'STUDIES_DUPLICATE', code: 'CANNOT_MANAGE_STUDY', body: {} },
  'POST /retrieve-archived': { permission: 'STUDIES_RETRIEVE_ARCHIVED', code: 'CANNOT_MANAGE_STUDY', body: {} },
  // Spec 2 §6: the section's permission opens a shared mask; only an administrator changes one.
  'GET /masks/:id': { permission: 'INSTITUIONS_GET_MODALITY_TEMPLATES', code: 'FORBIDDEN_ACCESS' },
  'PATCH /masks/:id': { permission: 'administrator', code: 'FORBIDDEN_ACCESS', body: { title: 'Outro' } },
  'DELETE /masks/:id': { permission: 'administrator', code: 'FORBIDDEN_ACCESS' },
};

/** Clinical and working-material routes any member who reaches the study may use, with why. */
export const CLINICAL_MEMBER_OPEN: Record<string, string> = {
  'GET ': 'the study itself: reaching its institution is what lets a member see it (spec 3 §6, per institution)',
  'GET /viewer': "the study's images: seeing the study is reading it",
  'GET /viewer/images/:sop/frames/:frame': "a frame of the study's images: seeing the study is reading it",
  'GET /series-preview': "the study's series thumbnails, as the viewer",
  'GET /tags': "the study's DICOM tags, as the viewer",
  'GET /print-study': "printing the study's images, as the viewer (the spec names no permission)",
  'GET /connect/check': 'whether a Connect holds the study: a read of its availability',
  'POST /key-image': "marking a key image in the viewer: the viewer's own marks, no permission named by the specs",
  'DELETE /key-image': 'as above',
  'GET /update-data': "the study's header, shown on every study screen",
  'GET /update-data/history': "the header's history, shown with the header",
  'GET /history': "the study history tab (issue 16): the study's changes, who and when, shown to whoever sees the study",
  'GET /patient-history': "the patient history tab: the changes of the patient's studies the member reaches",
  'GET /reports/header': 'as the study header above (scheduled exam)',
  'GET /reports/header/history': 'as the header history above',
  'GET /doctors':
    "the physicians a study may go to: the list the worklist and filters show (spec 2 §6 answers its own message only on 401/403 of the list's caller)",
  'GET /masks': "the mask chooser: each section filters itself by its permission (spec 2 §6), 'My masks' needs none",
  'GET /masks/default': 'the default mask, chosen among the sections the caller sees',
  'GET /phrases/accounts/:accountId':
    "the account's standard phrases, which every report writer picks from (only creating needs a permission)",
  'GET /phrases/accounts/:accountId/code/:code': 'one phrase, as above',
  'GET /labels/:accountId': "the account's label autocomplete (spec 1 §7): labels are every member's marks on the list",
  'GET /labels/:accountId/studies/:studyId': "a study's labels, shown in the list to whoever sees the study",
  'POST /labels/:accountId/studies/:studyId':
    'labelling a study the member sees: spec 1 names no permission for labels (its label editor is part of the list); scope in the 404 case',
  'DELETE /labels/:accountId/studies/:studyId/:labelId': 'as above',
};

/** Ids the query-id routes are filled with (tenant A's). */
export interface QueryIds {
  study: string;
  /** A study of A with no critical finding yet (registering one is checked there). */
  bareStudy: string;
  criticalFinding: string;
}

/**
 * Clinical routes that name the study in their query or body rather than their path: another
 * account's administrator gets 404, and the member either the answer here or, for `open`, no
 * case (why given). `action` puts the report in that action's first state, as above.
 */
export interface QueryIdCase {
  query?: (ids: QueryIds) => string;
  body?: (ids: QueryIds) => unknown;
  member: { code: string; party?: boolean } | { open: string };
  action?: LaudoAction;
}

const PDF_BASE64 = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

export const QUERY_ID_ROUTES: Record<string, QueryIdCase> = {
  'GET /studies/studyCriticalFinding': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the study's finding, shown to whoever sees the study (its edit flags say what the caller may do)" },
  },
  'POST /studies/studyCriticalFinding': {
    body: (i) => ({ studyId: i.bareStudy, accountCriticalFindingId: i.criticalFinding, observation: 'Suspeita' }),
    member: { code: 'CRITICAL_FINDING_FORBIDDEN' },
  },
  // Spec 2 §6: deleting is the suspicion's creator's (report not started) or the responsible doctor's.
  'DELETE /studies/studyCriticalFinding': {
    query: (i) => `studyId=${i.study}`,
    member: { code: 'CRITICAL_FINDING_DELETE_FORBIDDEN', party: true },
  },
  // Issue 18, the closed loop: the study's communications are read with its finding; recording one is the responsible doctor's.
  'GET /studies/criticalFindingCommunications': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the study's critical finding communications, shown with its finding to whoever sees the study" },
  },
  'POST /studies/criticalFindingCommunications': {
    body: (i) => ({ studyId: i.study, method: 'in_person', receiverName: 'Dr. Requisitante' }),
    member: { code: 'CRITICAL_FINDING_COMMUNICATE_FORBIDDEN' },
  },
  'GET /studies/comments': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the study's comments, read by whoever sees the study; writing needs STUDIES_CREATE_COMMENTS" },
  },
  'POST /studies/comments': { body: (i) => ({ studyId: i.study, message: 'Olá' }), member: { code: 'COMMENT_FORBIDDEN' } },
  'POST /studies/comments/read': {
    body: (i) => ({ studyId: i.study }),
    member: { open: 'marks the comments read for the caller alone (its own unread counter)' },
  },
  'GET /studies/patient': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the patient's other studies the caller sees (the viewer's history)" },
  },
  'GET /studies/clinical-data': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the study's clinical data, shown with the study" },
  },
  'GET /studies/attachments': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the attachments' names and what the caller may do with them; the bytes need the download permission" },
  },
  'POST /studies/attachments': {
    body: (i) => ({
      studyId: i.study,
      attachmentExtensionsId: i.criticalFinding,
      attachment: { name: 'pedido.pdf', mimetype: 'application/pdf', size: 15, data: PDF_BASE64 },
    }),
    member: { code: 'ATTACHMENT_FORBIDDEN' },
  },
  'GET /studies/attachments/download': {
    query: (i) => `studyId=${i.study}&attachmentId=${i.criticalFinding}`,
    member: { code: 'ATTACHMENT_FORBIDDEN' },
  },
  'DELETE /studies/attachments': {
    query: (i) => `studyId=${i.study}&attachmentId=${i.criticalFinding}`,
    member: { code: 'ATTACHMENT_FORBIDDEN' },
  },
  'GET /medicalRecords/connectDownloads': {
    query: (i) => `studyId=${i.study}`,
    member: { open: "the study's Connect download requests (details only to the requester or an administrator)" },
  },
  // The package holds the report and the attachments: their permissions (spec 2 §6).
  'GET /medicalRecords/prepareDownload': {
    query: (i) => `studyIds=${i.study}&activeLaudos=1`,
    member: { code: 'FORBIDDEN_ACCESS' },
  },
  'POST /digitalSignature/sign': {
    body: (i) => ({ studyId: i.study }),
    action: 'sign',
    member: { code: 'REPORT_HELD_BY_OTHER_USER', party: true },
  },
  'POST /digitalSignature/getSignedUrl': { body: (i) => ({ studyId: i.study }), member: { code: 'FORBIDDEN_ACCESS' } },
};

/** Routes without a path id in those areas that name no study, with why. */
export const QUERY_ID_EXEMPT: Record<string, string> = {
  'GET /studies': 'the study list: scoped to what the caller reaches (study-list.test.ts), no id',
  'GET /studies/listAttachmentsExtensions': "the account's attachment types, no study",
  'GET /digitalSignature': "the caller's own A1 certificate",
  'POST /digitalSignature/upload': "the caller's own A1 certificate",
  'DELETE /digitalSignature': "the caller's own A1 certificate",
};

/** The areas whose routes without a path id must be in one of the two tables above. */
export const QUERY_ID_AREAS = ['/studies', '/scheduledExam', '/medicalRecords', '/digitalSignature'];

/** One caller's case in the matrix: what it sends, what it must get, and the report's state around it. */
export interface MemberCase {
  who: string;
  expect: (status: number, code: string) => boolean;
  label: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  setup?: () => Promise<void>;
  teardown?: () => Promise<void>;
}

/** Puts the report of `examId` where `action` may leave from; the returned call puts it back. */
export async function reportInStateFor(
  knex: Knex,
  examId: string,
  action: LaudoAction,
  structuredType: '' | 'OIT' = '',
): Promise<() => Promise<void>> {
  const { laudo_id: laudoId } = await knex('studies').where({ id: examId }).first('laudo_id');
  const laudo = await knex('laudos').where({ id: laudoId }).first('institution_id');
  const state = fromStates({ hasInstitution: laudo.institution_id !== null }, action)[0];
  await knex('laudos').where({ id: laudoId }).update({ state, structured_type: structuredType });
  return async () => {
    await knex('laudos').where({ id: laudoId }).update({ state: 0, structured_type: '' });
  };
}

/**
 * The member's case of a clinical route with a path id: null when any member may use it,
 * 'unclassified' when the route is in no table (the matrix fails on it).
 */
export function clinicalMemberCase(
  knex: Knex,
  route: { method: string; path: string },
  ids: { study: string; scheduledExam: string; associated: Record<'study' | 'scheduledExam', string> },
): MemberCase | null | 'unclassified' {
  const key =
    route.path.startsWith('/studies/:id') || route.path.startsWith('/scheduledExam/:id')
      ? clinicalKey(route.method, route.path)
      : `${route.method} ${route.path}`;
  if (CLINICAL_MEMBER_OPEN[key]) return null;
  const guarded = PERMISSION_ROUTES[key];
  if (guarded) {
    const party = guarded.permission === 'party';
    return {
      who: 'member',
      body: guarded.body,
      label: `${party ? '4xx' : '403'} ${guarded.code}`,
      expect: (s, code) => code === guarded.code && (party ? s >= 400 && s < 500 : s === 403),
    };
  }
  const action = REPORT_ACTION_ROUTES[key];
  if (!action) return 'unclassified';
  const kind = route.path.startsWith('/scheduledExam/') ? 'scheduledExam' : 'study';
  const examId = kind === 'study' ? ids.study : ids.scheduledExam;
  const body = action.body ?? (route.method === 'POST' ? { studiesIdsAssociation: [ids.associated[kind]] } : undefined);
  const expected = action.party ?? 'FORBIDDEN_ACCESS';
  let restore: (() => Promise<void>) | undefined;
  return {
    who: 'member',
    body,
    raw: action.raw,
    headers: action.headers,
    label: `${action.party ? '4xx' : '403'} ${expected} (from ${action.action}'s state)`,
    expect: (s, code) => code === expected && (action.party ? s >= 400 && s < 500 : s === 403),
    // The report is put where the action may leave from, so the state is not what refuses.
    setup: async () => {
      restore = await reportInStateFor(knex, examId, action.action, action.structuredType ?? '');
    },
    teardown: async () => {
      await restore?.();
    },
  };
}
