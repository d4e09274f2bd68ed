/** The schemas of the sign-in, profile, account administration, catalogue and management operations (see index.ts). */
import { z } from 'zod';
import { OutboxList } from '../../../domain/mail/outbox';
import { NotificationListQuery, NotificationPage, UnreadDocument } from '../../../domain/notifications/notifications';
import { OverdueListQuery, OverduePage } from '../../../domain/notifications/overdue';
import {
  AccessExchangeBody,
  AccessLinkAnswer,
  ImageTokenAnswer,
  OtherSessionsEnded,
  SessionList,
} from '../../../domain/auth/sessions';
import { PutBody } from '../../accounts/settings-routes';
import { UserConfigBody } from '../../auth/routes';
import { ImportQuery } from '../../catalog/exams-routes';
import { KeysetQuery } from '../../http/keyset';
import { OpenSignupBody, ResendBody, TokenBody } from '../../registration/routes';
import { ProfessionalIdBody } from '../../documents/professional-id-routes';
import {
  Exam,
  ExamBody,
  ExamImportResult,
  Modality,
  ModalityBody,
  ModalityListQuery,
  Routine,
  RoutineBody,
} from '../../../domain/catalog/schemas';
import { CompleteRegistrationBody, InvitationBody, SignupBody } from '../../../domain/auth/registration';
import {
  ChangeEmailBody,
  ConfirmEmailBody,
  EmailConfirmed,
  Profile,
  SignatureSaved,
  UpdateProfileBody,
} from '../../../domain/profile/schemas';
import { AccessGrantBody, MembershipBody, NamedBody, RoleBody, TimeZoneBody } from '../../../domain/auth/roles-schemas';
import { AccountInput, AccountListQuery, AccountPage, AccountView, DeleteAccountBody } from '../../../domain/accounts/account';
import { CanceledExamsReport, ManagementPeriod, ManagementSummary, ProductivityReport } from '../../../domain/management/reports';
import {
  AccountUserDetail,
  AccountUserExportQuery,
  AccountUserInvited,
  AccountUserInviteBody,
  AccountUserListQuery,
  AccountUserOptions,
  AccountUserPage,
  AccountUserUpdateBody,
  RolesBody,
} from '../../../domain/account-users/schemas';
import { AuditPage, AuditQuery, AuditUsers, ChainReport } from '../../../domain/audit/query';
import {
  ChangeAccountBody,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  SessionData,
} from '../../../domain/auth/schemas';
import {
  EmailCodeSent,
  PendingSession,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorQrCode,
  TwoFactorSaved,
  TwoFactorStatus,
} from '../../../domain/auth/two-factor';
import {
  AccountDoctors,
  InstitutionInput,
  InstitutionListQuery,
  InstitutionPage,
  InstitutionView,
} from '../../../domain/institutions/institution';
import { UploadLogoBody } from '../../../domain/institutions/logo';
import {
  ConfirmSubscriptionBody,
  SubscriptionAnswer,
  SubscriptionBody,
  SubscriptionConfirmed,
  SubscriptionsAnswer,
} from '../../../domain/notifications/subscriptions';
import {
  ActiveBody,
  FilterAnswer,
  FilterBody,
  FilterOrderBody,
  OrchestratorAnswer,
  OrchestratorState,
} from '../../../domain/orchestrator/filters';
import { PrintConfigAnswer, PrintConfigBody } from '../../../domain/print/options';
import { UploadSignatureBody } from '../../../domain/profile/signature-image';
import { ScheduleBody } from '../../../domain/auth/shifts';
import { ConnectBody, ConnectKeyView, ConnectView, ConnectionBody, ConnectionView } from '../../../domain/connect/connect-admin';
import { AccountCriticalFinding } from '../../../domain/findings/critical-findings';
import { ProfessionalId } from '../../../domain/people/professional-id';
import { SettingAnswer, SettingsAnswer } from '../../../domain/accounts/settings';
import { XLSX_TYPE } from '../../http/table-export';
import {
  InvitationAnswer,
  InvitationList,
  InvitationLookupAnswer,
  OpenSignupAnswer,
  SignedUp,
  SignupAccountAnswer,
  UsernameAnswer,
  VerificationResent,
} from '../../../domain/auth/registration-answers';
import { UserConfigEntry, UserConfigList, UserConfigSaved } from '../../../domain/auth/user-config';
import {
  GrantAnswer,
  GrantsPage,
  MemberIds,
  NamedAnswer,
  NamedPage,
  RoleAnswer,
  RolesPage,
  ScheduleAnswer,
  SchedulesPage,
  TimeZoneAnswer,
} from '../../../domain/auth/roles-views';
import type { OperationSchemas } from './operation';

/** A session answer (login, revalidation, account change): the session, or the second factor still due. */
const SessionAnswer = z.object({ data: SessionData });
const LoginAnswer = z.object({ data: z.union([PendingSession, SessionData]) });
const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });
const ConnectionAnswer = z.object({ connection: ConnectionView });
const ModalityAnswer = z.object({ modality: Modality });
const ExamAnswer = z.object({ exam: Exam });
const RoutineAnswer = z.object({ routine: Routine });
const KeyAnswer = z.object({ key: z.string(), keyInfo: ConnectKeyView });

// The Content-Type each file answer sets (a client reads the charset from it).
const CSV = ['text/csv; charset=utf-8'];
const XLSX = [XLSX_TYPE];
const PNG = ['image/png'];
/** An uploaded image is answered as what its bytes are (domain/images). */
const IMAGES = ['image/png', 'image/jpeg'];

export const ADMIN_OPERATIONS: Record<string, OperationSchemas> = {
  'POST /exams': { body: ExamBody, response: ExamAnswer },
  'POST /exams/import/preview': { query: ImportQuery, response: ExamImportResult },
  'POST /exams/import': { query: ImportQuery, response: ExamImportResult },
  'PUT /orchestrator/filters/:id/active': { body: ActiveBody, response: FilterAnswer },
  'POST /auth/verify-email': { body: TokenBody, response: UsernameAnswer },
  'POST /auth/verify-email/resend': { body: ResendBody, response: VerificationResent },
  'POST /auth/invitations/lookup': { body: TokenBody, response: InvitationLookupAnswer },
  'POST /auth/invitations/accept': { body: TokenBody, response: UsernameAnswer },
  'PUT /accounts/:accountId/signup': { body: OpenSignupBody, response: OpenSignupAnswer },
  'POST /auth/access': { body: AccessExchangeBody, response: SessionAnswer },
  'POST /auth': { body: LoginBody, response: LoginAnswer },
  'POST /auth/changeAccount': { body: ChangeAccountBody, response: SessionAnswer },
  'POST /users/config': { body: UserConfigBody, response: UserConfigSaved },
  'POST /auth/two-authentication': { body: TwoFactorCodeBody, response: data(SessionData) },
  'POST /auth/two-authentication/save': { body: TwoFactorCodeBody, response: data(TwoFactorSaved) },
  'POST /auth/two-authentication/disable': { body: TwoFactorDisableBody, noContent: true },
  'POST /auth/forgotPassword': { body: ForgotPasswordBody, noContent: true },
  'POST /auth/resetPassword': { body: ResetPasswordBody, noContent: true },
  'POST /auth/changePassword': { body: ChangePasswordBody, noContent: true },
  'GET /institutions': { query: InstitutionListQuery, response: InstitutionPage },
  'PUT /institutions/:id/logo': { body: UploadLogoBody, noContent: true },
  'POST /profile/email/confirm': { body: ConfirmEmailBody, response: EmailConfirmed },
  'PUT /profile/signature': { body: UploadSignatureBody, response: SignatureSaved },
  'GET /audit': { query: AuditQuery, response: AuditPage },
  'GET /audit/export.csv': { query: AuditQuery, media: CSV },
  'GET /notifications': { query: NotificationListQuery, response: NotificationPage },
  'GET /overdue-studies': { query: OverdueListQuery, response: OverduePage },
  'POST /subscription-confirmations': { body: ConfirmSubscriptionBody, response: SubscriptionConfirmed },
  'GET /schedules': { query: KeysetQuery, response: SchedulesPage },
  'PUT /schedules/timeZone': { body: TimeZoneBody, response: TimeZoneAnswer },
  'GET /accessGrants': { query: KeysetQuery, response: GrantsPage },
  'GET /roles': { query: KeysetQuery, response: RolesPage },
  'GET /accounts/:accountId/users': { query: AccountUserListQuery, response: AccountUserPage },
  'GET /accounts/:accountId/users/options': { response: AccountUserOptions },
  'GET /accounts/:accountId/users/export.csv': { query: AccountUserExportQuery, media: CSV },
  'GET /accounts/:accountId/users/export.xlsx': { query: AccountUserExportQuery, media: XLSX },
  'GET /accounts/:accountId/users/:userId': { response: AccountUserDetail },
  'POST /accounts/:accountId/users/invite': { body: AccountUserInviteBody, response: AccountUserInvited },
  'PATCH /accounts/:accountId/users/:userId': { body: AccountUserUpdateBody, response: AccountUserDetail },
  'PUT /accounts/:accountId/users/:userId/roles': { body: RolesBody, response: AccountUserDetail },
  'PUT /accounts/:accountId/users/:userId/signature': { body: UploadSignatureBody, response: SignatureSaved },
  'PUT /accounts/:id/config/:key': { body: PutBody, response: SettingAnswer },
  'GET /accounts': { query: AccountListQuery, response: AccountPage },
  'PATCH /layouts': { body: PrintConfigBody, response: PrintConfigAnswer },
  'POST /medicalGroups': { body: NamedBody, response: NamedAnswer },
  'PUT /medicalGroups/:id': { body: NamedBody, response: NamedAnswer },
  'POST /specialties': { body: NamedBody, response: NamedAnswer },
  'PUT /specialties/:id': { body: NamedBody, response: NamedAnswer },
  'PUT /accounts/:accountId/users/:userId/groups': { body: MembershipBody, response: MemberIds },
  'PUT /accounts/:accountId/users/:userId/specialties': { body: MembershipBody, response: MemberIds },
  'GET /auth/sessions': { response: SessionList },
  'GET /mail/outbox': { response: OutboxList },
  'POST /routines': { body: RoutineBody, response: RoutineAnswer },
  'PUT /routines/:id': { body: RoutineBody, response: RoutineAnswer },
  'PUT /exams/:id': { body: ExamBody, response: ExamAnswer },
  'POST /connects': { body: ConnectBody, response: z.object({ connect: ConnectView, key: z.string() }) },
  'PUT /connects/:id': { body: ConnectBody, response: z.object({ connect: ConnectView }) },
  'POST /connects/:id/connections': { body: ConnectionBody, response: ConnectionAnswer },
  'PUT /connects/:id/connections/:connectionId': { body: ConnectionBody, response: ConnectionAnswer },
  'POST /orchestrator/filters': { body: FilterBody, response: FilterAnswer },
  'PUT /orchestrator/filters/order': { body: FilterOrderBody, response: OrchestratorState },
  'PUT /orchestrator/filters/:id': { body: FilterBody, response: FilterAnswer },
  'POST /institutions': { body: InstitutionInput, response: InstitutionView },
  'PUT /institutions/:id': { body: InstitutionInput, response: InstitutionView },
  'POST /notification-subscriptions': { body: SubscriptionBody, response: SubscriptionAnswer },
  'PUT /notification-subscriptions/:id': { body: SubscriptionBody, response: SubscriptionAnswer },
  'POST /schedules': { body: ScheduleBody, response: ScheduleAnswer },
  'PUT /schedules/:id': { body: ScheduleBody, response: ScheduleAnswer },
  'POST /accessGrants': { body: AccessGrantBody, response: GrantAnswer },
  'POST /accounts': { body: AccountInput, response: AccountView },
  'PUT /accounts/:id': { body: AccountInput, response: AccountView },
  'GET /modalities': { query: ModalityListQuery, response: z.object({ modalities: z.array(Modality) }) },
  'POST /modalities': { body: ModalityBody, response: ModalityAnswer },
  'PUT /modalities/:id': { body: ModalityBody, response: ModalityAnswer },
  'POST /auth/signup': { body: SignupBody, response: SignedUp },
  'POST /auth/invitations/complete': { body: CompleteRegistrationBody, response: UsernameAnswer },
  'POST /accounts/:accountId/invitations': { body: InvitationBody, response: InvitationAnswer },
  'PATCH /profile': { body: UpdateProfileBody, response: Profile },
  'POST /profile/email': { body: ChangeEmailBody, response: Profile },
  'PUT /profile/professional-id': { body: ProfessionalIdBody, response: ProfessionalId },
  'POST /roles': { body: RoleBody, response: RoleAnswer },
  'PUT /roles/:id': { body: RoleBody, response: RoleAnswer },
  'DELETE /accounts/:id': { query: DeleteAccountBody, noContent: true },
  'GET /management/productivity': { query: ManagementPeriod, response: ProductivityReport },
  'GET /management/productivity.csv': { query: ManagementPeriod, media: CSV },
  'GET /management/productivity.xlsx': { query: ManagementPeriod, media: XLSX },
  'GET /management/canceled-exams': { query: ManagementPeriod, response: CanceledExamsReport },
  'GET /management/canceled-exams.csv': { query: ManagementPeriod, media: CSV },
  'GET /management/canceled-exams.xlsx': { query: ManagementPeriod, media: XLSX },
  'GET /management/summary': { query: ManagementPeriod, response: ManagementSummary },
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
  'GET /layouts': { response: PrintConfigAnswer },
  'GET /notifications/unread-count': { response: UnreadDocument },
  'POST /notifications/read-all': { response: UnreadDocument },
  'POST /notifications/:notificationId/read': { response: UnreadDocument },
  'GET /accounts/:accountId/accountCriticalFinding': {
    response: z.object({ criticalFindings: z.array(AccountCriticalFinding) }),
  },
  'POST /connects/:id/keys': { response: KeyAnswer },
  'POST /connects/:id/keys/:keyId/rotate': { response: KeyAnswer },
  'GET /profile/professional-id': { response: ProfessionalId },
  'GET /accounts/:id/config': { response: SettingsAnswer },
  'GET /accounts/:id/config/:key': { response: SettingAnswer },
  'DELETE /accounts/:id/config/:key': { response: SettingAnswer },
  'DELETE /profile/signature': { noContent: true },
  'DELETE /notification-subscriptions/:id': { noContent: true },
  'POST /auth/logout': { noContent: true },
  'POST /auth/expiredSession': { noContent: true },
  'DELETE /auth/sessions/:id': { noContent: true },
  'POST /accounts/:accountId/users/:userId/block': { noContent: true },
  'POST /accounts/:accountId/users/:userId/unblock': { noContent: true },
  'DELETE /accounts/:accountId/users/:userId/access': { noContent: true },
  'DELETE /accounts/:accountId/users/:userId': { noContent: true },
  'POST /accounts/:accountId/users/:userId/password-change': { noContent: true },
  'POST /accounts/:accountId/users/:userId/two-factor/reset': { noContent: true },
  'POST /accounts/:accountId/users/:userId/sessions/end': { noContent: true },
  'DELETE /accounts/:accountId/users/:userId/signature': { noContent: true },
  'DELETE /connects/:id': { noContent: true },
  'DELETE /connects/:id/keys/:keyId': { noContent: true },
  'DELETE /connects/:id/connections/:connectionId': { noContent: true },
  'DELETE /institutions/:id/logo': { noContent: true },
  'DELETE /accounts/:accountId/invitations/:invitationId': { noContent: true },
  'DELETE /roles/:id': { noContent: true },
  'DELETE /schedules/:id': { noContent: true },
  'DELETE /medicalGroups/:id': { noContent: true },
  'DELETE /specialties/:id': { noContent: true },
  'DELETE /accessGrants/:id': { noContent: true },
  'DELETE /orchestrator/filters/:id': { noContent: true },
  'DELETE /modalities/:id': { noContent: true },
  'DELETE /exams/:id': { noContent: true },
  'DELETE /routines/:id': { noContent: true },
  'GET /profile/signature': { media: PNG },
  'GET /accounts/:accountId/users/:userId/signature': { media: PNG },
  'GET /institutions/:id/logo': { media: IMAGES },
  'GET /profile': { response: Profile },
  'GET /notification-subscriptions': { response: SubscriptionsAnswer },
  'GET /notification-subscriptions/:id': { response: SubscriptionAnswer },
  'POST /notification-subscriptions/:id/cancel': { response: SubscriptionAnswer },
  'GET /auth/signup/accounts/:accountId': { response: SignupAccountAnswer },
  'GET /accounts/:accountId/invitations': { response: InvitationList },
  'GET /accounts/:accountId/signup': { response: OpenSignupAnswer },
  'POST /auth/imageToken': { response: ImageTokenAnswer },
  'GET /users/config': { response: UserConfigList },
  'GET /users/config/:key': { response: UserConfigEntry },
  'POST /auth/sessions/revokeOthers': { response: OtherSessionsEnded },
  'GET /connects/:id': { response: z.object({ connect: ConnectView }) },
  'GET /audit/users': { response: AuditUsers },
  'GET /audit/verify': { response: ChainReport },
  'GET /medicalGroups': { query: KeysetQuery, response: NamedPage },
  'GET /specialties': { query: KeysetQuery, response: NamedPage },
  'GET /accounts/:accountId/users/:userId/groups': { response: MemberIds },
  'GET /accounts/:accountId/users/:userId/specialties': { response: MemberIds },
  'GET /orchestrator': { response: OrchestratorAnswer },
  'POST /orchestrator/pause': { response: OrchestratorState },
  'POST /orchestrator/resume': { response: OrchestratorState },
  'GET /accounts/:accountId/doctors': { response: AccountDoctors },
  'GET /institutions/:id': { response: InstitutionView },
};
