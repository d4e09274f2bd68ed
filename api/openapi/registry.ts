/**
 * The request schemas of each operation (`METHOD /path`, the router's path under /api), as the
 * handlers validate them: the same zod objects, imported, never copied; and the response schemas
 * where the answer has one in domain/ (the web parses the same objects). The openapi test fails
 * on a key that names no route, and on a POST, PUT or PATCH with neither a body schema here nor
 * its reason in NO_JSON_BODY, so the registry cannot drift from the routers.
 */
import { z } from 'zod';
import { OutboxList } from '../../domain/mail/outbox';
import { NotificationPage } from '../../domain/notifications/notifications';
import { OverduePage } from '../../domain/notifications/overdue';
import { SessionList } from '../../domain/auth/sessions';
import { PutBody } from '../accounts/settings-routes';
import { UserConfigBody } from '../auth/routes';
import { ImportQuery } from '../catalog/exams-routes';
import { UploadBody } from '../documents/certificate-routes';
import { SignBody as DocumentSignBody, SignedUrlBody } from '../documents/document-link-routes';
import { DownloadQuery } from '../documents/routes';
import { KeysetQuery } from '../http/keyset';
import { CreateBody } from '../portal/result-access-routes';
import { PrintQuery } from '../print/routes';
import { OpenSignupBody, ResendBody, TokenBody } from '../registration/routes';
import {
  AssociateBody,
  ChangeDoctorBody,
  DisassociateBody,
  Empty,
  GiveOpinionBody,
  OptionalContent,
  ReopenBody,
  RequestOpinionBody,
  ReviewBody,
  SaveBody,
  SignBody as ReportSignBody,
  StartBody,
  FinishTypingBody,
} from '../reports/routes';
import { DraftBody } from '../reports/drafts';
import { ProfessionalIdBody } from '../documents/professional-id-routes';
import { ConnectModeQuery } from '../downloads/routes';
import { ModalityBody, ModalityListQuery } from '../../domain/catalog/schemas';
import { CompleteRegistrationBody, InvitationBody, SignupBody } from '../../domain/auth/registration';
import { ChangeEmailBody, UpdateProfileBody } from '../../domain/profile/schemas';
import { RoleBody } from '../../domain/auth/roles-schemas';
import { DivergenceActionBody, ExamStatusBody } from '../../domain/studies/maintenance';
import { ShareRequest } from '../../domain/mail/email';
import { CreatePhraseBody, UpdatePhraseBody } from '../../domain/workspace/phrases';
import { ErrorReportBody } from '../../domain/workspace/error-tracker';
import { HeaderFields } from '../../domain/studies/header';
import { FindingDecisionBody, RegisterFindingBody } from '../../domain/findings/critical-findings';
import { AcknowledgeBody, RecordCommunicationBody } from '../../domain/findings/communications';
import { PostCommentBody } from '../../domain/findings/comments';
import { DeleteAccountBody } from '../../domain/accounts/account';
import { ManagementPeriod } from '../../domain/management/reports';

import { FieldsQuery } from '../structured/routes';
import {
  AccountUserDetail,
  AccountUserExportQuery,
  AccountUserOptions,
  AccountUserPage,
  AccountUserInviteBody,
  AccountUserListQuery,
  AccountUserUpdateBody,
  RolesBody,
} from '../../domain/account-users/schemas';
import { AccountListQuery } from '../../domain/accounts/account';
import { AttachmentList, AttachmentRef, AttachmentType, UploadAttachmentBody } from '../../domain/attachments/attachments';
import { AuditQuery } from '../../domain/audit/query';
import { MembershipBody, NamedBody, TimeZoneBody } from '../../domain/auth/roles-schemas';
import {
  ChangeAccountBody,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
} from '../../domain/auth/schemas';
import { AccessExchangeBody } from '../../domain/auth/sessions';
import { TwoFactorCodeBody, TwoFactorDisableBody } from '../../domain/auth/two-factor';
import { StudyRoutineBody } from '../../domain/catalog/schemas';
import { ConnectDownloadResult } from '../../domain/connect/download-request';
import { PrepareDownloadQuery } from '../../domain/download/prepare';
import { CommentsQuery } from '../../domain/findings/comments';
import { InstitutionListQuery } from '../../domain/institutions/institution';
import { UploadLogoBody } from '../../domain/institutions/logo';
import { NotificationListQuery, UnreadDocument } from '../../domain/notifications/notifications';
import { OverdueListQuery } from '../../domain/notifications/overdue';
import { ConfirmSubscriptionBody } from '../../domain/notifications/subscriptions';
import { ActiveBody } from '../../domain/orchestrator/filters';
import { PortalLogin, SendResultAccess } from '../../domain/portal/results-portal';
import { PrintConfigBody } from '../../domain/print/options';
import { ConfirmEmailBody } from '../../domain/profile/schemas';
import { UploadSignatureBody } from '../../domain/profile/signature-image';
import { SaveReportImagesBody } from '../../domain/report-images/report-images';
import { StructuredValueBody } from '../../domain/structured/fields';
import { DivergentListQuery, InvalidateBody } from '../../domain/studies/maintenance';
import {
  ReportView,
  ScheduledExamListQuery,
  ScheduledExamListResponse,
  StudyListItem,
  StudyListQuery,
  StudyListResponse,
  StudyRef,
  DoctorsQuery,
} from '../../domain/studies/schemas';
import { FrameImageQuery, KeyImageBody, KeyImageQuery, ViewerQuery, ViewerStudy } from '../../domain/studies/viewer';
import { LabelSearchQuery } from '../../domain/workspace/labels';
import { MaskListQuery } from '../../domain/workspace/masks';
import { PhraseSearchQuery } from '../../domain/workspace/phrases';
import { AccountInput } from '../../domain/accounts/account';
import { AccessGrantBody } from '../../domain/auth/roles-schemas';
import { ScheduleBody } from '../../domain/auth/shifts';
import { ExamBody, RoutineBody } from '../../domain/catalog/schemas';
import { ConnectBody, ConnectionBody } from '../../domain/connect/connect-admin';
import { InstitutionInput } from '../../domain/institutions/institution';
import { SubscriptionBody } from '../../domain/notifications/subscriptions';
import { FilterBody, FilterOrderBody } from '../../domain/orchestrator/filters';
import { AddLabelBody } from '../../domain/workspace/labels';
import { CreateMaskBody, UpdateMaskBody } from '../../domain/workspace/masks';

import { AccountPage, AccountView } from '../../domain/accounts/account';
import { InstitutionPage, InstitutionView } from '../../domain/institutions/institution';
import { SessionData } from '../../domain/auth/schemas';
import { EmailCodeSent, PendingSession, TwoFactorQrCode, TwoFactorSaved, TwoFactorStatus } from '../../domain/auth/two-factor';
import { AccessLinkAnswer } from '../../domain/auth/sessions';
import { Exam, ExamImportResult, Modality, Routine } from '../../domain/catalog/schemas';
import { ConnectView } from '../../domain/connect/connect-admin';
import { CanceledExamsReport, ManagementSummary, ProductivityReport } from '../../domain/management/reports';
import { PrintConfigAnswer } from '../../domain/print/options';
import { ShareAnswer } from '../../domain/mail/outbox';
import { PortalSession, ResultAccessAnswer } from '../../domain/portal/results-portal';
import { ReportImagesView } from '../../domain/report-images/report-images';
import { ClinicalDataResponse, UpdateDataResponse } from '../../domain/studies/header';
import { Divergence, HistoryEntry } from '../../domain/studies/maintenance';
import { ExamDetailResponse, ReportContent, StudyDetailResponse } from '../../domain/studies/schemas';
import { Phrase } from '../../domain/workspace/phrases';

import { AccountCriticalFinding, CriticalFinding, FindingView } from '../../domain/findings/critical-findings';
import { StudyComment } from '../../domain/findings/comments';
import { Label } from '../../domain/workspace/labels';
import { ConnectKeyView } from '../../domain/connect/connect-admin';
import { ProfessionalId } from '../../domain/people/professional-id';
import { StructuredValue } from '../../domain/structured/fields';
import { SettingAnswer, SettingsAnswer } from '../../domain/accounts/settings';
export interface OperationSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The 2xx JSON body, when it has a schema. */
  response?: z.ZodType;
}

/** What a report action answers (api/reports/routes.ts): the report with the caller's next actions. */
const ReportAnswer = z.object({ report: ReportView });
/** `retrieveReport=true` adds each study's report to the list. */
const StudyListAnswer = StudyListResponse.extend({ studies: z.array(StudyListItem.extend({ report: ReportView.optional() })) });

/** A session answer (login, revalidation, account change): the session, or the second factor still due. */
const SessionAnswer = z.object({ data: SessionData });
const LoginAnswer = z.object({ data: z.union([PendingSession, SessionData]) });
const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

const FindingAnswer = z.object({ finding: CriticalFinding.nullable() });
const CommentList = z.object({ comments: z.array(StudyComment) });
const LabelList = z.object({ labels: z.array(Label) });
const KeyAnswer = z.object({ key: z.string(), keyInfo: ConnectKeyView });

export const OPERATIONS: Record<string, OperationSchemas> = {
  'PUT /studies/:id/routine': { body: StudyRoutineBody },
  'POST /exams': { body: ExamBody },
  'POST /exams/import/preview': { query: ImportQuery, response: ExamImportResult },
  'POST /exams/import': { query: ImportQuery, response: ExamImportResult },
  'POST /connect-agent/downloads/:id/result': { body: ConnectDownloadResult },
  'GET /phrases/accounts/:accountId': { query: PhraseSearchQuery, response: z.object({ phrases: z.array(Phrase) }) },
  'PUT /orchestrator/filters/:id/active': { body: ActiveBody },
  'POST /auth/verify-email': { body: TokenBody },
  'POST /auth/verify-email/resend': { body: ResendBody },
  'POST /auth/invitations/lookup': { body: TokenBody },
  'POST /auth/invitations/accept': { body: TokenBody },
  'PUT /accounts/:accountId/signup': { body: OpenSignupBody },
  'POST /studies/:id/reports/images': { body: SaveReportImagesBody, response: ReportImagesView },
  'POST /scheduledExam/:id/reports/images': { body: SaveReportImagesBody, response: ReportImagesView },
  'POST /auth/access': { body: AccessExchangeBody, response: SessionAnswer },
  'POST /auth': { body: LoginBody, response: LoginAnswer },
  'POST /auth/changeAccount': { body: ChangeAccountBody, response: SessionAnswer },
  'POST /users/config': { body: UserConfigBody },
  'POST /auth/two-authentication': { body: TwoFactorCodeBody, response: data(SessionData) },
  'POST /auth/two-authentication/save': { body: TwoFactorCodeBody, response: data(TwoFactorSaved) },
  'POST /auth/two-authentication/disable': { body: TwoFactorDisableBody },
  'POST /auth/forgotPassword': { body: ForgotPasswordBody },
  'POST /auth/resetPassword': { body: ResetPasswordBody },
  'POST /auth/changePassword': { body: ChangePasswordBody },
  // `mode=connect` adds ConnectModeQuery's fields (parsed only when `mode` is sent).
  'GET /medicalRecords/prepareDownload': { query: PrepareDownloadQuery.and(ConnectModeQuery.partial()) },
  'GET /institutions': { query: InstitutionListQuery, response: InstitutionPage },
  'PUT /institutions/:id/logo': { body: UploadLogoBody },
  'POST /profile/email/confirm': { body: ConfirmEmailBody },
  'PUT /profile/signature': { body: UploadSignatureBody },
  'GET /studies/patient': { query: StudyRef },
  'POST /studies/:id/key-image': { body: KeyImageBody },
  'DELETE /studies/:id/key-image': { query: KeyImageQuery },
  'GET /studies/:id/viewer/images/:sop/frames/:frame': { query: FrameImageQuery },
  'GET /audit': { query: AuditQuery },
  'GET /audit/export.csv': { query: AuditQuery },
  'GET /labels/:accountId': { query: LabelSearchQuery, response: LabelList },
  'GET /notifications': { query: NotificationListQuery, response: NotificationPage },
  'GET /overdue-studies': { query: OverdueListQuery, response: OverduePage },
  'POST /subscription-confirmations': { body: ConfirmSubscriptionBody },
  'GET /schedules': { query: KeysetQuery },
  'PUT /schedules/timeZone': { body: TimeZoneBody },
  'GET /accessGrants': { query: KeysetQuery },
  'GET /roles': { query: KeysetQuery },
  'GET /studies': { query: StudyListQuery, response: StudyListAnswer },
  'GET /listScheduledExams': { query: ScheduledExamListQuery, response: ScheduledExamListResponse },
  'GET /divergent-studies': { query: DivergentListQuery, response: z.object({ divergences: z.array(Divergence) }) },
  'POST /studies/:id/invalidate': { body: InvalidateBody },
  'GET /studies/clinical-data': { query: StudyRef, response: ClinicalDataResponse },
  'GET /studies/studyCriticalFinding': { query: StudyRef, response: FindingView },
  'DELETE /studies/studyCriticalFinding': { query: StudyRef },
  'GET /studies/criticalFindingCommunications': { query: StudyRef },
  'GET /studies/comments': { query: CommentsQuery, response: CommentList },
  'POST /studies/attachments': { body: UploadAttachmentBody },
  'GET /studies/attachments/download': { query: AttachmentRef },
  'DELETE /studies/attachments': { query: AttachmentRef },
  'GET /accounts/:accountId/users': { query: AccountUserListQuery, response: AccountUserPage },
  'GET /accounts/:accountId/users/options': { response: AccountUserOptions },
  'GET /accounts/:accountId/users/export.csv': { query: AccountUserExportQuery },
  'GET /accounts/:accountId/users/export.xlsx': { query: AccountUserExportQuery },
  'GET /accounts/:accountId/users/:userId': { response: AccountUserDetail },
  'POST /accounts/:accountId/users/invite': { body: AccountUserInviteBody },
  'PATCH /accounts/:accountId/users/:userId': { body: AccountUserUpdateBody, response: AccountUserDetail },
  'PUT /accounts/:accountId/users/:userId/roles': { body: RolesBody, response: AccountUserDetail },
  'PUT /accounts/:accountId/users/:userId/signature': { body: UploadSignatureBody },
  'POST /studies/:id/reports/start': { body: StartBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/start': { body: StartBody, response: ReportAnswer },
  'POST /studies/:id/reports/requestReview': { body: OptionalContent, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/requestReview': { body: OptionalContent, response: ReportAnswer },
  'POST /studies/:id/reports/reopen': { body: ReopenBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/reopen': { body: ReopenBody, response: ReportAnswer },
  'POST /studies/:id/reports/sign': { body: ReportSignBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/sign': { body: ReportSignBody, response: ReportAnswer },
  'POST /studies/:id/reports/changeDoctor': { body: ChangeDoctorBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/changeDoctor': { body: ChangeDoctorBody, response: ReportAnswer },
  'POST /studies/:id/reports/reassign': { body: ChangeDoctorBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/reassign': { body: ChangeDoctorBody, response: ReportAnswer },
  'POST /studies/:id/reports/disassociateMultipleReports': { body: DisassociateBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/disassociateMultipleReports': { body: DisassociateBody, response: ReportAnswer },
  'POST /studies/:id/reports-opinion/request': { body: RequestOpinionBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports-opinion/request': { body: RequestOpinionBody, response: ReportAnswer },
  'POST /studies/:id/reports-opinion/cancelSecondOpinion': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports-opinion/cancelSecondOpinion': { body: Empty, response: ReportAnswer },
  'PUT /studies/:id/reports-opinion': { body: GiveOpinionBody, response: ReportAnswer },
  'PUT /scheduledExam/:id/reports-opinion': { body: GiveOpinionBody, response: ReportAnswer },
  'POST /studies/:id/reports-opinion/accept': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports-opinion/accept': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports-opinion/refusing': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports-opinion/refusing': { body: Empty, response: ReportAnswer },
  'GET /masks': { query: MaskListQuery },
  'PUT /accounts/:id/config/:key': { body: PutBody, response: SettingAnswer },
  'GET /accounts': { query: AccountListQuery, response: AccountPage },
  'GET /studies/:id/print-study': { query: PrintQuery },
  'PATCH /layouts': { body: PrintConfigBody, response: PrintConfigAnswer },
  'POST /digitalSignature/upload': { body: UploadBody },
  'GET /studies/:id/reports/:reportId/download': { query: DownloadQuery },
  'GET /scheduledExam/:id/reports/:reportId/download': { query: DownloadQuery },
  'POST /digitalSignature/sign': { body: DocumentSignBody },
  'POST /digitalSignature/getSignedUrl': { body: SignedUrlBody },
  'POST /portal/login': { body: PortalLogin, response: PortalSession },
  'POST /studies/:id/result-access': { body: CreateBody, response: ResultAccessAnswer },
  'POST /studies/:id/result-access/send': { body: SendResultAccess, response: ResultAccessAnswer },
  'GET /structured-report-fields': { query: FieldsQuery },
  'POST /studies/:id/structured-report': { body: StructuredValueBody },
  'POST /studies/:id/reports/save': { body: SaveBody },
  'POST /studies/:id/reports/review': { body: ReviewBody },
  'POST /studies/:id/reports/associate': { body: AssociateBody, response: ReportAnswer },
  'POST /studies/:id/reports/associateMultipleReports': { body: AssociateBody, response: ReportAnswer },
  'POST /studies/:id/reports/cancelReview': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/associateReview': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/associateReportTranscription': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/cancelReportTranscription': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/associateTypingReview': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/returnReportToNotStarted': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/autoConclude': { body: Empty, response: ReportAnswer },
  'POST /studies/:id/reports/external': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/save': { body: SaveBody },
  'POST /scheduledExam/:id/reports/saveReport': { body: SaveBody },
  'POST /scheduledExam/:id/reports/review': { body: ReviewBody },
  'POST /scheduledExam/:id/reports/saveReview': { body: ReviewBody },
  'POST /scheduledExam/:id/reports/associate': { body: AssociateBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/associateMultipleReports': { body: AssociateBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/cancelReview': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/associateReview': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/associateReportTranscription': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/cancelReportTranscription': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/associateTypingReview': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/returnReportToNotStarted': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/autoConclude': { body: Empty, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/external': { body: Empty, response: ReportAnswer },
  'POST /medicalGroups': { body: NamedBody },
  'PUT /medicalGroups/:id': { body: NamedBody },
  'POST /specialties': { body: NamedBody },
  'PUT /specialties/:id': { body: NamedBody },
  'PUT /accounts/:accountId/users/:userId/groups': { body: MembershipBody },
  'PUT /accounts/:accountId/users/:userId/specialties': { body: MembershipBody },
  'GET /auth/sessions': { response: SessionList },
  'GET /mail/outbox': { response: OutboxList },
  'POST /routines': { body: RoutineBody },
  'PUT /routines/:id': { body: RoutineBody },
  'PUT /exams/:id': { body: ExamBody },
  'POST /connects': { body: ConnectBody, response: z.object({ connect: ConnectView, key: z.string() }) },
  'PUT /connects/:id': { body: ConnectBody, response: z.object({ connect: ConnectView }) },
  'POST /connects/:id/connections': { body: ConnectionBody },
  'PUT /connects/:id/connections/:connectionId': { body: ConnectionBody },
  'POST /orchestrator/filters': { body: FilterBody },
  'PUT /orchestrator/filters/order': { body: FilterOrderBody },
  'PUT /orchestrator/filters/:id': { body: FilterBody },
  'POST /institutions': { body: InstitutionInput, response: InstitutionView },
  'PUT /institutions/:id': { body: InstitutionInput, response: InstitutionView },
  'POST /labels': { body: AddLabelBody },
  'PUT /labels/:id': { body: AddLabelBody },
  'POST /notification-subscriptions': { body: SubscriptionBody },
  'PUT /notification-subscriptions/:id': { body: SubscriptionBody },
  'POST /schedules': { body: ScheduleBody },
  'PUT /schedules/:id': { body: ScheduleBody },
  'POST /accessGrants': { body: AccessGrantBody },
  'POST /masks': { body: CreateMaskBody },
  'PATCH /masks/:id': { body: UpdateMaskBody },
  'POST /accounts': { body: AccountInput, response: AccountView },
  'PUT /accounts/:id': { body: AccountInput, response: AccountView },
  'GET /modalities': { query: ModalityListQuery, response: z.object({ modalities: z.array(Modality) }) },
  'POST /modalities': { body: ModalityBody },
  'PUT /modalities/:id': { body: ModalityBody },
  'POST /auth/signup': { body: SignupBody },
  'POST /auth/invitations/complete': { body: CompleteRegistrationBody },
  'POST /accounts/:accountId/invitations': { body: InvitationBody },
  'PATCH /profile': { body: UpdateProfileBody },
  'POST /profile/email': { body: ChangeEmailBody },
  'PUT /profile/professional-id': { body: ProfessionalIdBody, response: ProfessionalId },
  'POST /roles': { body: RoleBody },
  'PUT /roles/:id': { body: RoleBody },
  'POST /divergent-studies/:id/merge': { body: DivergenceActionBody },
  'POST /divergent-studies/:id/split': { body: DivergenceActionBody },
  'PUT /studies/:id/exam-status': { body: ExamStatusBody },
  'PUT /scheduledExam/:id/exam-status': { body: ExamStatusBody },
  'PUT /studies/:id/drafts': { body: DraftBody },
  'PUT /scheduledExam/:id/drafts': { body: DraftBody },
  'POST /studies/:id/reports/finishReportTranscription': { body: FinishTypingBody, response: ReportAnswer },
  'POST /scheduledExam/:id/reports/finishReportTranscription': { body: FinishTypingBody, response: ReportAnswer },
  'POST /studies/:id/reports/share': { body: ShareRequest, response: ShareAnswer },
  'POST /scheduledExam/:id/reports/share': { body: ShareRequest, response: ShareAnswer },
  'GET /studies/:id/reports/download': { query: DownloadQuery },
  'GET /scheduledExam/:id/reports/download': { query: DownloadQuery },
  'POST /phrases/accounts/:accountId': { body: CreatePhraseBody },
  'PUT /phrases/accounts/:accountId/:phraseId': { body: UpdatePhraseBody },
  'POST /errorTracker': { body: ErrorReportBody },
  'PATCH /studies/:id/update-data': { body: HeaderFields, response: UpdateDataResponse },
  'PATCH /scheduledExam/:id/reports/header': { body: HeaderFields, response: UpdateDataResponse },
  'POST /scheduledExam/:id/reports/header': { body: HeaderFields, response: UpdateDataResponse },
  'POST /studies/studyCriticalFinding': { body: RegisterFindingBody, response: FindingAnswer },
  'PATCH /studies/studyCriticalFinding/:id': { body: FindingDecisionBody, response: FindingAnswer },
  'PATCH /studies/studyCriticalFinding/:id/reject': { body: FindingDecisionBody, response: FindingAnswer },
  'POST /studies/criticalFindingCommunications': { body: RecordCommunicationBody },
  'POST /studies/comments': { body: PostCommentBody, response: CommentList },
  'POST /studies/comments/read': { body: CommentsQuery },
  'POST /public/critical-ack/:token': { body: AcknowledgeBody },
  'DELETE /accounts/:id': { query: DeleteAccountBody },
  'GET /management/productivity': { query: ManagementPeriod, response: ProductivityReport },
  'GET /management/productivity.csv': { query: ManagementPeriod },
  'GET /management/productivity.xlsx': { query: ManagementPeriod },
  'GET /management/canceled-exams': { query: ManagementPeriod, response: CanceledExamsReport },
  'GET /management/canceled-exams.csv': { query: ManagementPeriod },
  'GET /management/canceled-exams.xlsx': { query: ManagementPeriod },
  'GET /management/summary': { query: ManagementPeriod, response: ManagementSummary },
  'GET /medicalRecords/connectDownloads': { query: StudyRef },
  'GET /studies/attachments': { query: StudyRef, response: AttachmentList },
  'GET /studies/:id/viewer': { query: ViewerQuery, response: z.object({ study: ViewerStudy }) },
  'GET /studies/:id/doctors': { query: DoctorsQuery },
  'GET /scheduledExam/:id/doctors': { query: DoctorsQuery },
  'POST /labels/:accountId/studies/:studyId': {
    body: AddLabelBody,
    response: z.object({ label: Label, labels: z.array(Label) }),
  },
  'GET /auth': { response: LoginAnswer },
  'GET /auth/two-authentication': { response: data(TwoFactorStatus) },
  'GET /auth/two-authentication/qrcode': { response: data(TwoFactorQrCode) },
  'POST /auth/two-authentication/email': { response: z.object({ info: z.literal('OTP_CODE_SENT'), data: EmailCodeSent }) },
  'POST /auth/accessLink': { response: AccessLinkAnswer },
  'GET /accounts/:id': { response: AccountView },
  'POST /institutions/:id/deactivate': { response: InstitutionView },
  'POST /institutions/:id/reactivate': { response: InstitutionView },
  'GET /exams': { response: z.object({ exams: z.array(Exam) }) },
  'GET /routines': { response: z.object({ routines: z.array(Routine) }) },
  'GET /connects': { response: z.object({ connects: z.array(ConnectView) }) },
  'GET /studies/:id': { response: StudyDetailResponse },
  'GET /scheduledExam/:id': { response: ExamDetailResponse },
  'GET /studies/:id/update-data': { response: UpdateDataResponse },
  'GET /scheduledExam/:id/reports/header': { response: UpdateDataResponse },
  'GET /layouts': { response: PrintConfigAnswer },
  'GET /studies/:id/reports/images': { response: ReportImagesView },
  'GET /scheduledExam/:id/reports/images': { response: ReportImagesView },
  'GET /studies/:id/history': { response: z.object({ entries: z.array(HistoryEntry) }) },
  'GET /studies/:id/patient-history': { response: z.object({ entries: z.array(HistoryEntry) }) },
  'POST /studies/:id/narratedReport': { response: ReportAnswer },
  'GET /studies/:id/reports/content': { response: ReportContent },
  'POST /scheduledExam/:id/narratedReport': { response: ReportAnswer },
  'GET /scheduledExam/:id/reports/content': { response: ReportContent },
  'GET /notifications/unread-count': { response: UnreadDocument },
  'POST /notifications/read-all': { response: UnreadDocument },
  'POST /notifications/:notificationId/read': { response: UnreadDocument },
  'GET /accounts/:accountId/accountCriticalFinding': {
    response: z.object({ criticalFindings: z.array(AccountCriticalFinding) }),
  },
  'GET /labels/:accountId/studies/:studyId': { response: LabelList },
  'POST /connects/:id/keys': { response: KeyAnswer },
  'POST /connects/:id/keys/:keyId/rotate': { response: KeyAnswer },
  'GET /profile/professional-id': { response: ProfessionalId },
  'GET /studies/listAttachmentsExtensions': { response: z.object({ attachmentsExtensions: z.array(AttachmentType) }) },
  'GET /studies/:id/structured-report': { response: z.object({ structuredType: z.string(), values: z.array(StructuredValue) }) },
  'GET /accounts/:id/config': { response: SettingsAnswer },
  'GET /accounts/:id/config/:key': { response: SettingAnswer },
  'DELETE /accounts/:id/config/:key': { response: SettingAnswer },
};

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
