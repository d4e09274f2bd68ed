/** The schemas of the study, report, worklist, viewer, document and public operations (see index.ts). */
import { z } from 'zod';
import { UploadBody } from '../../documents/certificate-routes';
import { SignBody as DocumentSignBody, SignedUrlBody } from '../../documents/document-link-routes';
import { DownloadQuery } from '../../documents/routes';
import { CreateBody } from '../../portal/result-access-routes';
import { PrintQuery } from '../../print/routes';
import {
  AssociateBody,
  ChangeDoctorBody,
  DisassociateBody,
  Empty,
  FinishTypingBody,
  GiveOpinionBody,
  OptionalContent,
  ReopenBody,
  RequestOpinionBody,
  ReviewBody,
  SaveBody,
  SignBody as ReportSignBody,
  StartBody,
} from '../../reports/routes';
import { DraftBody } from '../../reports/drafts';
import { ConnectModeQuery } from '../../downloads/routes';
import {
  Divergence,
  DivergenceActionBody,
  DivergentListQuery,
  ExamStatusBody,
  HistoryEntry,
  InvalidateBody,
} from '../../../domain/studies/maintenance';
import { ShareRequest } from '../../../domain/mail/email';
import { CreatePhraseBody, Phrase, PhraseSearchQuery, UpdatePhraseBody } from '../../../domain/workspace/phrases';
import { ErrorReportBody } from '../../../domain/workspace/error-tracker';
import { ClinicalDataResponse, HeaderFields, UpdateDataResponse } from '../../../domain/studies/header';
import {
  CriticalFinding,
  FindingDecisionBody,
  FindingView,
  RegisterFindingBody,
} from '../../../domain/findings/critical-findings';
import { AcknowledgeBody, RecordCommunicationBody } from '../../../domain/findings/communications';
import { CommentsQuery, PostCommentBody, StudyComment } from '../../../domain/findings/comments';
import { FieldsQuery } from '../../structured/routes';
import { AttachmentList, AttachmentRef, AttachmentType, UploadAttachmentBody } from '../../../domain/attachments/attachments';
import { StudyRoutineBody } from '../../../domain/catalog/schemas';
import { ConnectDownloadResult } from '../../../domain/connect/download-request';
import { PrepareDownloadQuery } from '../../../domain/download/prepare';
import { PortalLogin, PortalSession, ResultAccessAnswer, SendResultAccess } from '../../../domain/portal/results-portal';
import { ReportImagesView, SaveReportImagesBody } from '../../../domain/report-images/report-images';
import { StructuredValue, StructuredValueBody } from '../../../domain/structured/fields';
import {
  DoctorsQuery,
  ExamDetailResponse,
  ReportContent,
  ReportView,
  ScheduledExamListQuery,
  ScheduledExamListResponse,
  StudyDetailResponse,
  StudyListItem,
  StudyListQuery,
  StudyListResponse,
  StudyRef,
} from '../../../domain/studies/schemas';
import { FrameImageQuery, KeyImageBody, KeyImageQuery, ViewerQuery, ViewerStudy } from '../../../domain/studies/viewer';
import { AddLabelBody, Label, LabelSearchQuery } from '../../../domain/workspace/labels';
import { CreateMaskBody, MaskListQuery, UpdateMaskBody } from '../../../domain/workspace/masks';
import { ShareAnswer } from '../../../domain/mail/outbox';
import type { OperationSchemas } from './operation';

/** What a report action answers (api/reports/routes.ts): the report with the caller's next actions. */
const ReportAnswer = z.object({ report: ReportView });
/** `retrieveReport=true` adds each study's report to the list. */
const StudyListAnswer = StudyListResponse.extend({ studies: z.array(StudyListItem.extend({ report: ReportView.optional() })) });
const FindingAnswer = z.object({ finding: CriticalFinding.nullable() });
const CommentList = z.object({ comments: z.array(StudyComment) });
const LabelList = z.object({ labels: z.array(Label) });

export const STUDY_OPERATIONS: Record<string, OperationSchemas> = {
  'PUT /studies/:id/routine': { body: StudyRoutineBody },
  'POST /connect-agent/downloads/:id/result': { body: ConnectDownloadResult },
  'GET /phrases/accounts/:accountId': { query: PhraseSearchQuery, response: z.object({ phrases: z.array(Phrase) }) },
  'POST /studies/:id/reports/images': { body: SaveReportImagesBody, response: ReportImagesView },
  'POST /scheduledExam/:id/reports/images': { body: SaveReportImagesBody, response: ReportImagesView },
  // `mode=connect` adds ConnectModeQuery's fields (parsed only when `mode` is sent).
  'GET /medicalRecords/prepareDownload': { query: PrepareDownloadQuery.and(ConnectModeQuery.partial()) },
  'GET /studies/patient': { query: StudyRef },
  'POST /studies/:id/key-image': { body: KeyImageBody },
  'DELETE /studies/:id/key-image': { query: KeyImageQuery },
  'GET /studies/:id/viewer/images/:sop/frames/:frame': { query: FrameImageQuery },
  'GET /labels/:accountId': { query: LabelSearchQuery, response: LabelList },
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
  'GET /studies/:id/print-study': { query: PrintQuery },
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
  'POST /labels': { body: AddLabelBody },
  'PUT /labels/:id': { body: AddLabelBody },
  'POST /masks': { body: CreateMaskBody },
  'PATCH /masks/:id': { body: UpdateMaskBody },
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
  'GET /medicalRecords/connectDownloads': { query: StudyRef },
  'GET /studies/attachments': { query: StudyRef, response: AttachmentList },
  'GET /studies/:id/viewer': { query: ViewerQuery, response: z.object({ study: ViewerStudy }) },
  'GET /studies/:id/doctors': { query: DoctorsQuery },
  'GET /scheduledExam/:id/doctors': { query: DoctorsQuery },
  'POST /labels/:accountId/studies/:studyId': {
    body: AddLabelBody,
    response: z.object({ label: Label, labels: z.array(Label) }),
  },
  'GET /studies/:id': { response: StudyDetailResponse },
  'GET /scheduledExam/:id': { response: ExamDetailResponse },
  'GET /studies/:id/update-data': { response: UpdateDataResponse },
  'GET /scheduledExam/:id/reports/header': { response: UpdateDataResponse },
  'GET /studies/:id/reports/images': { response: ReportImagesView },
  'GET /scheduledExam/:id/reports/images': { response: ReportImagesView },
  'GET /studies/:id/history': { response: z.object({ entries: z.array(HistoryEntry) }) },
  'GET /studies/:id/patient-history': { response: z.object({ entries: z.array(HistoryEntry) }) },
  'POST /studies/:id/narratedReport': { response: ReportAnswer },
  'GET /studies/:id/reports/content': { response: ReportContent },
  'POST /scheduledExam/:id/narratedReport': { response: ReportAnswer },
  'GET /scheduledExam/:id/reports/content': { response: ReportContent },
  'GET /labels/:accountId/studies/:studyId': { response: LabelList },
  'GET /studies/listAttachmentsExtensions': { response: z.object({ attachmentsExtensions: z.array(AttachmentType) }) },
  'GET /studies/:id/structured-report': { response: z.object({ structuredType: z.string(), values: z.array(StructuredValue) }) },
};
