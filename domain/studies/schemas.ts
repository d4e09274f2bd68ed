import { z } from 'zod';
import { IsoDay } from '../iso-schemas';
import { EXAM_STATUSES } from './maintenance';

/** The one study an operation reads, named in its query (`?studyId=`). */
export const StudyRef = z.object({ studyId: z.string().uuid() });

/** `GET /studies/:id/doctors`: who may write the report, or who may give a second opinion. */
export const DoctorsQuery = z.object({ purpose: z.enum(['changeDoctor', 'opinion']).default('changeDoctor') });

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const isoDate = IsoDay;

/** `GET /studies` query (spec 1 §7 `GET /studies?query`): filters, order and page. */
export const StudyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'pageSize must be 10, 25, 50 or 100' })
    .default(DEFAULT_PAGE_SIZE),
  /** Patient name, patient id or accession number; at least 3 characters (spec 3 §5). */
  q: z.string().trim().min(3).max(100).optional(),
  modality: z
    .string()
    .regex(/^[A-Z]{2,4}$/)
    .optional(),
  institutionId: z.string().uuid().optional(),
  /** Report states, comma-separated (e.g. `0,1,12`). */
  status: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2})*$/)
    .transform((v) => v.split(',').map(Number))
    .optional(),
  /** Exam dates from / to, inclusive, as calendar days in America/Sao_Paulo. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(['desc', 'asc']).default('desc'),
  /** What the list is ordered by: the exam date (else arrival), or arrival ('most recently received'). */
  orderBy: z.enum(['exam', 'received']).default('exam'),
  /** Opaque keyset cursor from a previous page's `nextCursor`: reads the next page directly. */
  cursor: z.string().max(200).optional(),
  /** One study by id (spec 3 §7 `GET /studies?id={id}&retrieveReport=true`: answer studies[0]). */
  id: z.string().uuid().optional(),
  /** Each study with its `report` (what `GET /studies/{id}` gives). */
  retrieveReport: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type StudyListQuery = z.infer<typeof StudyListQuery>;

export const StudyListItem = z.object({
  id: z.string().uuid(),
  patientName: z.string(),
  patientId: z.string(),
  accessionNumber: z.string().nullable(),
  modalities: z.array(z.string()),
  examType: z.string().nullable(),
  /** ISO timestamp of the exam (DICOM study date/time). */
  examDate: z.string().nullable(),
  /** ISO timestamp of when the study arrived on the platform. */
  receivedAt: z.string().nullable().optional(),
  /** The study's labels, by name. */
  labels: z.array(z.object({ id: z.string().uuid(), name: z.string() })).optional(),
  institutionId: z.string().uuid(),
  institutionName: z.string(),
  laudoId: z.string().uuid(),
  laudoState: z.number().int(),
  laudoUserId: z.string().uuid().nullable(),
  doctorName: z.string().nullable(),
  /** The study's suspicion or critical finding (the list's badge), if any. */
  criticalFinding: z
    .object({
      status: z.enum(['SUSPICION_CREATED', 'SUSPICION_ACCEPTED', 'FINDING_CREATED']),
      levelAndName: z.string(),
    })
    .nullable()
    .optional(),
  /** The exam status (issue 16): SCHEDULED, IN_PROGRESS, CALL_PATIENT, CANCELED; null when never set. */
  examStatus: z.enum(EXAM_STATUSES).nullable().optional(),
  /** Storage class (spec 2 §4), for the archived state and its retrieval. */
  storageClass: z.string().optional(),
  /** Comments on the study, and how many of them the caller has not read. */
  commentCount: z.number().int().optional(),
  unreadComments: z.number().int().optional(),
  /** The study's time routine and its remaining time (deadline = arrival + duration), if any. */
  routine: z
    .object({
      id: z.string().uuid(),
      name: z.string(),
      color: z.string(),
      showRemainingTime: z.boolean(),
      deadline: z.string(),
      alertAt: z.string(),
      remainingMinutes: z.number().int(),
      status: z.enum(['onTime', 'alert', 'overdue']),
    })
    .nullable()
    .optional(),
});
export type StudyListItem = z.infer<typeof StudyListItem>;

export const StudyListResponse = z.object({
  studies: z.array(StudyListItem),
  total: z.number().int(),
  /** The list is longer than `total` (counting stops at a cap; show "more than"). */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Cursor of the page after this one (null on the last page). */
  nextCursor: z.string().nullable().optional(),
});
export type StudyListResponse = z.infer<typeof StudyListResponse>;

/**
 * `GET /listScheduledExams` query (spec 2 §7): the worklist 'agendados'. Dates are calendar
 * days of the scheduled time in America/Sao_Paulo; the agenda reads soonest first.
 */
export const ScheduledExamListQuery = StudyListQuery.pick({ page: true, pageSize: true, q: true, modality: true, status: true })
  .extend({
    /** Exam statuses, comma-separated; `NONE` for exams whose status was never set. */
    examStatus: z
      .string()
      .transform((v) => v.split(','))
      .pipe(z.array(z.enum([...EXAM_STATUSES, 'NONE'])).min(1))
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    sort: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();
export type ScheduledExamListQuery = z.infer<typeof ScheduledExamListQuery>;

/** A scheduled exam: a study row without institution, with the time it is booked for. */
export const ScheduledExamItem = StudyListItem.extend({
  institutionId: z.string().uuid().nullable(),
  institutionName: z.string().nullable(),
  scheduledAt: z.string().nullable(),
});
export type ScheduledExamItem = z.infer<typeof ScheduledExamItem>;

export const ScheduledExamListResponse = z.object({
  exams: z.array(ScheduledExamItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ScheduledExamListResponse = z.infer<typeof ScheduledExamListResponse>;

/** The report as the API returns it, with the actions the caller may take now. */
export const ReportView = z.object({
  laudoId: z.string().uuid(),
  state: z.number().int(),
  version: z.number().int(),
  userId: z.string().uuid().nullable(),
  doctorName: z.string().nullable(),
  responsibleUserId: z.string().uuid().nullable(),
  reviewUserId: z.string().uuid().nullable(),
  opinionUserId: z.string().uuid().nullable(),
  transcriptionistUserId: z.string().uuid().nullable(),
  structuredType: z.enum(['', 'OIT', 'SISMAMA']),
  studyIds: z.array(z.string().uuid()),
  hasOldVersion: z.boolean(),
  contentEmpty: z.boolean(),
  updatedAt: z.string().nullable(),
  allowedActions: z.array(z.string()),
});
export type ReportView = z.infer<typeof ReportView>;
/** What a report action answers (api/reports/routes.ts): the report with the caller's next actions. */
export const ReportAnswer = z.object({ report: ReportView });

/** `GET …/:id/reports/content`: the report's text, the review's, and the version they belong to. */
export const ReportContent = z.object({
  laudoContent: z.string().nullable(),
  reviewContent: z.string().nullable(),
  version: z.number().int(),
});
export type ReportContent = z.infer<typeof ReportContent>;

export const StudyDetailResponse = z.object({
  study: StudyListItem.extend({ report: ReportView }),
});

/**
 * An exam's detail with its report: `GET /scheduledExam/{id}` (no institution, `scheduledAt`)
 * or `GET /studies/{id}` (read as an exam with `scheduledAt` null).
 */
export const ExamDetailResponse = z.object({
  study: ScheduledExamItem.extend({ scheduledAt: z.string().nullable().default(null), report: ReportView }),
});
export type ExamDetailResponse = z.infer<typeof ExamDetailResponse>;
export type StudyDetailResponse = z.infer<typeof StudyDetailResponse>;

export const StartReportBody = z.object({ structuredType: z.enum(['OIT', 'SISMAMA', '']).optional() }).strict();
export type StartReportBody = z.infer<typeof StartReportBody>;
