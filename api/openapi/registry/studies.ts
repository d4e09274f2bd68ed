/** The schemas of the study, report, worklist, viewer, document and public operations (see index.ts). */
import { z } from 'zod';
import { FileQuery } from '../../files/routes';
import { HealthAnswer } from '../../health';
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
  StartQuery,
} from '../../reports/bodies';
import { DraftBody } from '../../reports/drafts';
import { ConnectModeQuery } from '../../downloads/routes';
import {
  Divergence,
  DivergenceActionBody,
  DivergentListQuery,
  ExamStatusAnswer,
  ExamStatusBody,
  HistoryEntry,
  InvalidateBody,
  InvalidatedRow,
  RetrieveArchivedAnswer,
} from '../../../domain/studies/maintenance';
import { ShareRequest } from '../../../domain/mail/email';
import { CreatePhraseBody, Phrase, PhraseSearchQuery, UpdatePhraseBody } from '../../../domain/workspace/phrases';
import { ErrorReportBody } from '../../../domain/workspace/error-tracker';
import { ClinicalDataResponse, HeaderFields, HeaderHistoryAnswer, UpdateDataResponse } from '../../../domain/studies/header';
import {
  CriticalFinding,
  FindingDecisionBody,
  FindingView,
  RegisterFindingBody,
} from '../../../domain/findings/critical-findings';
import {
  AckAnswer,
  AckView,
  AcknowledgeBody,
  Communication,
  RecordCommunicationBody,
} from '../../../domain/findings/communications';
import { CommentsQuery, PostCommentBody, StudyComment } from '../../../domain/findings/comments';
import { FieldsQuery } from '../../structured/routes';
import {
  AttachmentLink,
  AttachmentList,
  AttachmentRef,
  AttachmentType,
  UploadAttachmentBody,
} from '../../../domain/attachments/attachments';
import { StudyRoutineBody } from '../../../domain/catalog/schemas';
import { AgentConfig } from '../../../domain/connect/connect-admin';
import {
  AgentDownload,
  ConnectCheck,
  ConnectDownloadRequest,
  ConnectDownloadResult,
} from '../../../domain/connect/download-request';
import { PrepareDownloadQuery, PreparedDownload } from '../../../domain/download/prepare';
import {
  PortalLogin,
  PortalResult,
  PortalSession,
  PortalTokenQuery,
  ResultAccessAnswer,
  ResultAccessStatus,
  SendResultAccess,
} from '../../../domain/portal/results-portal';
import {
  ReportImagesView,
  SaveReportImagesBody,
  UploadSlotsAnswer,
  UploadedImage,
} from '../../../domain/report-images/report-images';
import {
  FieldsAnswer,
  OitTemplateAnswer,
  SavedValueAnswer,
  StructuredValueBody,
  ValuesAnswer,
} from '../../../domain/structured/fields';
import {
  DoctorsQuery,
  ExamDetailResponse,
  ReportAnswer,
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
import {
  DicomTag,
  FrameImageQuery,
  KeyImageBody,
  KeyImageQuery,
  PatientStudy,
  SeriesPreview,
  ViewerQuery,
  ViewerStudy,
} from '../../../domain/studies/viewer';
import { AddLabelBody, AdminLabel, Label, LabelSearchQuery } from '../../../domain/workspace/labels';
import { AdminMask, CreateMaskBody, Mask, MaskListQuery, MaskSections, UpdateMaskBody } from '../../../domain/workspace/masks';
import { ShareAnswer } from '../../../domain/mail/outbox';
import { CertificateAnswer } from '../../../domain/documents/certificate';
import { DownloadLinkAnswer, PreviewAnswer, SignedUrlAnswer } from '../../../domain/documents/links';
import { VerificationAnswer } from '../../../domain/documents/verification';
import { PrintStarted } from '../../../domain/print/job';
import {
  DoctorsAnswer,
  DraftAnswer,
  OpinionsAnswer,
  SavedDraftAnswer,
  VersionsAnswer,
} from '../../../domain/studies/report-answers';
import type { OperationSchemas } from './operation';

/** `retrieveReport=true` adds each study's report to the list. */
const StudyListAnswer = StudyListResponse.extend({ studies: z.array(StudyListItem.extend({ report: ReportView.optional() })) });
const FindingAnswer = z.object({ finding: CriticalFinding.nullable() });
const CommentList = z.object({ comments: z.array(StudyComment) });
const LabelList = z.object({ labels: z.array(Label) });
const AdminLabelAnswer = z.object({ label: AdminLabel });
const PhraseAnswer = z.object({ phrase: Phrase });
const MaskAnswer = z.object({ mask: Mask });
const StudyAnswer = z.object({ study: StudyListItem });
const DivergenceAnswer = z.object({ divergence: Divergence });
/** Report save and review: the report, or with `preview: true` where to fetch the rendered preview. */
const SaveAnswer = z.union([ReportAnswer, PreviewAnswer]);
/** The document itself (this module describes its parts). */
const OpenApiDocumentAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
/** What a download link (services/files/download-links.ts) may name: PDFs, study zips, attachments. */
const DOWNLOAD_LINK_MEDIA = ['application/pdf', 'application/zip', 'image/jpeg', 'image/png'];

/**
 * What a study and a scheduled exam answer alike: `METHOD path` here stands for both
 * `METHOD /studies/:id/path` and `METHOD /scheduledExam/:id/path` (one handler serves both kinds).
 */
const EXAM_OPERATIONS: Record<string, OperationSchemas> = {
  'POST reports/images': { body: SaveReportImagesBody, response: ReportImagesView },
  'POST reports/start': { body: StartBody, response: ReportAnswer, query: StartQuery },
  'POST reports/requestReview': { body: OptionalContent, response: ReportAnswer },
  'POST reports/reopen': { body: ReopenBody, response: ReportAnswer },
  'POST reports/sign': { body: ReportSignBody, response: ReportAnswer },
  'POST reports/changeDoctor': { body: ChangeDoctorBody, response: ReportAnswer },
  'POST reports/reassign': { body: ChangeDoctorBody, response: ReportAnswer },
  'POST reports/disassociateMultipleReports': { body: DisassociateBody, response: ReportAnswer },
  'POST reports-opinion/request': { body: RequestOpinionBody, response: ReportAnswer },
  'POST reports-opinion/cancelSecondOpinion': { body: Empty, response: ReportAnswer },
  'PUT reports-opinion': { body: GiveOpinionBody, response: ReportAnswer },
  'POST reports-opinion/accept': { body: Empty, response: ReportAnswer },
  'POST reports-opinion/refusing': { body: Empty, response: ReportAnswer },
  'GET reports/:reportId/download': { query: DownloadQuery, response: DownloadLinkAnswer },
  'POST reports/save': { body: SaveBody, response: SaveAnswer },
  'POST reports/review': { body: ReviewBody, response: SaveAnswer },
  'POST reports/associate': { body: AssociateBody, response: ReportAnswer },
  'POST reports/associateMultipleReports': { body: AssociateBody, response: ReportAnswer },
  'POST reports/cancelReview': { body: Empty, response: ReportAnswer },
  'POST reports/associateReview': { body: Empty, response: ReportAnswer },
  'POST reports/associateReportTranscription': { body: Empty, response: ReportAnswer },
  'POST reports/cancelReportTranscription': { body: Empty, response: ReportAnswer },
  'POST reports/associateTypingReview': { body: Empty, response: ReportAnswer },
  'POST reports/returnReportToNotStarted': { body: Empty, response: ReportAnswer },
  'POST reports/autoConclude': { body: Empty, response: ReportAnswer },
  'POST reports/external': { body: Empty, response: ReportAnswer },
  'PUT exam-status': { body: ExamStatusBody, response: ExamStatusAnswer },
  'PUT drafts': { body: DraftBody, response: SavedDraftAnswer },
  'POST reports/finishReportTranscription': { body: FinishTypingBody, response: ReportAnswer },
  'POST reports/share': { body: ShareRequest, response: ShareAnswer },
  'GET reports/download': { query: DownloadQuery, media: ['application/pdf'] },
  'GET doctors': { query: DoctorsQuery, response: DoctorsAnswer },
  'GET reports/images': { response: ReportImagesView },
  'POST narratedReport': { response: ReportAnswer },
  'GET reports/content': { response: ReportContent },
  'GET reports': { response: VersionsAnswer },
  'GET reports-opinion': { response: OpinionsAnswer },
  'GET narratedReport': { media: ['audio/mpeg'] },
  'GET drafts': { response: DraftAnswer },
  'GET masks': { response: MaskSections },
  'GET masks/default': { response: z.object({ mask: Mask.nullable() }) },
  'GET reports/preview/:file': { media: ['application/pdf'] },
  'GET reports/external-images/:count': { response: UploadSlotsAnswer },
};

const forBothKinds = (ops: Record<string, OperationSchemas>): Record<string, OperationSchemas> =>
  Object.fromEntries(
    Object.entries(ops).flatMap(([key, schemas]) => {
      const [method, path] = key.split(' ') as [string, string];
      return [
        [`${method} /studies/:id/${path}`, schemas],
        [`${method} /scheduledExam/:id/${path}`, schemas],
      ];
    }),
  );

export const STUDY_OPERATIONS: Record<string, OperationSchemas> = {
  ...forBothKinds(EXAM_OPERATIONS),
  'PUT /studies/:id/routine': { body: StudyRoutineBody, response: StudyAnswer },
  'POST /connect-agent/downloads/:id/result': { body: ConnectDownloadResult, noContent: true },
  'GET /phrases/accounts/:accountId': { query: PhraseSearchQuery, response: z.object({ phrases: z.array(Phrase) }) },
  // `mode=connect` adds ConnectModeQuery's fields (parsed only when `mode` is sent).
  'GET /medicalRecords/prepareDownload': {
    query: PrepareDownloadQuery.and(ConnectModeQuery.partial()),
    response: PreparedDownload,
  },
  'GET /studies/patient': { query: StudyRef, response: z.object({ studies: z.array(PatientStudy) }) },
  'POST /studies/:id/key-image': { body: KeyImageBody, noContent: true },
  'DELETE /studies/:id/key-image': { query: KeyImageQuery, noContent: true },
  'GET /studies/:id/viewer/images/:sop/frames/:frame': { query: FrameImageQuery, media: ['image/jpeg', 'image/png'] },
  'GET /labels/:accountId': { query: LabelSearchQuery, response: LabelList },
  'GET /studies': { query: StudyListQuery, response: StudyListAnswer },
  'GET /listScheduledExams': { query: ScheduledExamListQuery, response: ScheduledExamListResponse },
  'GET /divergent-studies': { query: DivergentListQuery, response: z.object({ divergences: z.array(Divergence) }) },
  'POST /studies/:id/invalidate': { body: InvalidateBody, noContent: true },
  'GET /studies/clinical-data': { query: StudyRef, response: ClinicalDataResponse },
  'GET /studies/studyCriticalFinding': { query: StudyRef, response: FindingView },
  'DELETE /studies/studyCriticalFinding': { query: StudyRef, noContent: true },
  'GET /studies/criticalFindingCommunications': {
    query: StudyRef,
    response: z.object({ communications: z.array(Communication) }),
  },
  'GET /studies/comments': { query: CommentsQuery, response: CommentList },
  'POST /studies/attachments': { body: UploadAttachmentBody, response: AttachmentList.pick({ attachments: true }) },
  'GET /studies/attachments/download': { query: AttachmentRef, response: AttachmentLink },
  'DELETE /studies/attachments': { query: AttachmentRef, noContent: true },
  'GET /masks': { query: MaskListQuery, response: z.object({ masks: z.array(AdminMask) }) },
  'GET /studies/:id/print-study': { query: PrintQuery, response: PrintStarted },
  'POST /digitalSignature/upload': { body: UploadBody, response: CertificateAnswer },
  'POST /digitalSignature/sign': { body: DocumentSignBody, response: ReportAnswer },
  'POST /digitalSignature/getSignedUrl': { body: SignedUrlBody, response: SignedUrlAnswer },
  'POST /portal/login': { body: PortalLogin, response: PortalSession },
  'POST /studies/:id/result-access': { body: CreateBody, response: ResultAccessAnswer },
  'POST /studies/:id/result-access/send': { body: SendResultAccess, response: ResultAccessAnswer },
  'GET /structured-report-fields': { query: FieldsQuery, response: FieldsAnswer },
  'POST /studies/:id/structured-report': { body: StructuredValueBody, response: SavedValueAnswer },
  'POST /scheduledExam/:id/reports/saveReport': { body: SaveBody, response: SaveAnswer },
  'POST /scheduledExam/:id/reports/saveReview': { body: ReviewBody, response: SaveAnswer },
  'POST /labels': { body: AddLabelBody, response: AdminLabelAnswer },
  'PUT /labels/:id': { body: AddLabelBody, response: AdminLabelAnswer },
  'POST /masks': { body: CreateMaskBody, response: MaskAnswer },
  'PATCH /masks/:id': { body: UpdateMaskBody, response: MaskAnswer },
  'POST /divergent-studies/:id/merge': { body: DivergenceActionBody, response: DivergenceAnswer },
  'POST /divergent-studies/:id/split': { body: DivergenceActionBody, response: DivergenceAnswer },
  'POST /phrases/accounts/:accountId': { body: CreatePhraseBody, response: PhraseAnswer },
  'PUT /phrases/accounts/:accountId/:phraseId': { body: UpdatePhraseBody, response: PhraseAnswer },
  'POST /errorTracker': { body: ErrorReportBody, noContent: true },
  'PATCH /studies/:id/update-data': { body: HeaderFields, response: UpdateDataResponse },
  'PATCH /scheduledExam/:id/reports/header': { body: HeaderFields, response: UpdateDataResponse },
  'POST /scheduledExam/:id/reports/header': { body: HeaderFields, response: UpdateDataResponse },
  'POST /studies/studyCriticalFinding': { body: RegisterFindingBody, response: FindingAnswer },
  'PATCH /studies/studyCriticalFinding/:id': { body: FindingDecisionBody, response: FindingAnswer },
  'PATCH /studies/studyCriticalFinding/:id/reject': { body: FindingDecisionBody, response: FindingAnswer },
  'POST /studies/criticalFindingCommunications': {
    body: RecordCommunicationBody,
    response: z.object({ communication: Communication }),
  },
  'POST /studies/comments': { body: PostCommentBody, response: CommentList },
  'POST /studies/comments/read': { body: CommentsQuery, noContent: true },
  'POST /public/critical-ack/:token': { body: AcknowledgeBody, response: AckAnswer },
  'GET /medicalRecords/connectDownloads': { query: StudyRef, response: z.object({ requests: z.array(ConnectDownloadRequest) }) },
  'GET /studies/attachments': { query: StudyRef, response: AttachmentList },
  'GET /studies/:id/viewer': { query: ViewerQuery, response: z.object({ study: ViewerStudy }) },
  'POST /labels/:accountId/studies/:studyId': {
    body: AddLabelBody,
    response: z.object({ label: Label, labels: z.array(Label) }),
  },
  'GET /studies/:id': { response: StudyDetailResponse },
  'GET /scheduledExam/:id': { response: ExamDetailResponse },
  'GET /studies/:id/update-data': { response: UpdateDataResponse },
  'GET /scheduledExam/:id/reports/header': { response: UpdateDataResponse },
  'GET /studies/:id/history': { response: z.object({ entries: z.array(HistoryEntry) }) },
  'GET /studies/:id/patient-history': { response: z.object({ entries: z.array(HistoryEntry) }) },
  'GET /labels/:accountId/studies/:studyId': { response: LabelList },
  'GET /studies/listAttachmentsExtensions': { response: z.object({ attachmentsExtensions: z.array(AttachmentType) }) },
  'GET /studies/:id/structured-report': { response: ValuesAnswer },
  'GET /health': { response: HealthAnswer },
  'GET /openapi.json': { response: OpenApiDocumentAnswer },
  'GET /docs': { media: ['text/html'] },
  'GET /docs/start.js': { media: ['text/javascript'] },
  'GET /docs/:asset': { media: ['text/css', 'text/javascript'] },
  'GET /files/:token': { query: FileQuery, media: DOWNLOAD_LINK_MEDIA, redirect: true },
  'GET /public/verify/:code': { response: VerificationAnswer },
  'GET /public/verify/:code/document': { media: ['application/pdf'] },
  'GET /public/critical-ack/:token': { response: z.object({ acknowledgement: AckView }) },
  'GET /connect-agent/config': { response: z.object({ connect: AgentConfig }) },
  'GET /connect-agent/downloads': { response: z.object({ downloads: z.array(AgentDownload) }) },
  'GET /connect-agent/downloads/:id/zip': { media: ['application/zip'] },
  'POST /report-images/upload/:token': { response: UploadedImage },
  'GET /studies/:id/series-preview': { response: SeriesPreview },
  'GET /portal/result': { query: PortalTokenQuery, response: PortalResult },
  'GET /portal/result/report.pdf': { query: PortalTokenQuery, media: ['application/pdf'] },
  'GET /studies/:id/connect/check': { response: ConnectCheck },
  'GET /studies/:id/update-data/history': { response: HeaderHistoryAnswer },
  'GET /scheduledExam/:id/reports/header/history': { response: HeaderHistoryAnswer },
  'GET /invalidated-studies': { response: z.object({ studies: z.array(InvalidatedRow) }) },
  'POST /invalidated-studies/:id/recover': { response: StudyAnswer },
  'POST /studies/:id/retrieve-archived': { response: RetrieveArchivedAnswer },
  'POST /studies/:id/duplicate': { response: StudyAnswer },
  'DELETE /phrases/accounts/:accountId/:phraseId': { noContent: true },
  'GET /phrases/accounts/:accountId/code/:code': { response: PhraseAnswer },
  'GET /masks/:id': { response: MaskAnswer },
  'DELETE /masks/:id': { noContent: true },
  'DELETE /labels/:accountId/studies/:studyId/:labelId': { noContent: true },
  'GET /labels': { response: z.object({ labels: z.array(AdminLabel) }) },
  'DELETE /labels/:id': { noContent: true },
  'GET /studies/:id/tags': { response: z.array(DicomTag) },
  'GET /studies/:id/retriveTemplateOIT': { response: OitTemplateAnswer },
  'DELETE /studies/:id/structured-report/:fieldValueId': { noContent: true },
  'GET /digitalSignature': { response: CertificateAnswer },
  'DELETE /digitalSignature': { response: CertificateAnswer },
  'GET /studies/:id/result-access': { response: ResultAccessStatus },
};
