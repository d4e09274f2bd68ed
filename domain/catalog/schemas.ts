/**
 * The account's catalogues (issue 16): modalities, exams and time routines. Request and answer
 * shapes for the API and the web; a failing rule whose message is an error code answers that
 * code (api/admin-roles/shared.ts codedBody).
 */
import { z } from 'zod';

/** A DICOM modality code (CT, MR, US, CR, MG, DX…): letters and digits, upper-cased. */
export const ModalityCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,16}$/, 'MODALITY_CODE_INVALID'));

/** `GET /modalities?institutionId=`: the account's modalities and that institution's. */
export const ModalityListQuery = z.object({ institutionId: z.string().uuid().optional() });

export const ModalityBody = z.object({
  code: ModalityCode,
  description: z.string().trim().max(200).default(''),
  /** null: every institution of the account. */
  institutionId: z.string().uuid().nullable().default(null),
});
export type ModalityBody = z.infer<typeof ModalityBody>;

export const Modality = z.object({
  id: z.string().uuid(),
  code: z.string(),
  description: z.string(),
  institutionId: z.string().uuid().nullable(),
  institutionName: z.string().nullable(),
});
export type Modality = z.infer<typeof Modality>;

export const EXAM_TITLE_MAX = 200;
export const ExamTitle = z.string().trim().min(1, 'EXAM_TITLE_REQUIRED').max(EXAM_TITLE_MAX, 'EXAM_TITLE_TOO_LONG');

export const ExamBody = z.object({
  title: ExamTitle,
  modality: ModalityCode.nullable().default(null),
});
export type ExamBody = z.infer<typeof ExamBody>;

export const Exam = z.object({ id: z.string().uuid(), title: z.string(), modality: z.string().nullable() });
export type Exam = z.infer<typeof Exam>;

/** What an import would do (preview) or did (commit). */
export const ExamImportResult = z.object({
  create: z.array(z.object({ title: z.string(), modality: z.string().nullable() })),
  update: z.array(z.object({ title: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  unchanged: z.number().int(),
  committed: z.boolean(),
});
export type ExamImportResult = z.infer<typeof ExamImportResult>;

const Minutes = z.number().int().min(1, 'ROUTINE_MINUTES_INVALID').max(525_600, 'ROUTINE_MINUTES_INVALID');

export const RoutineRule = z
  .object({
    institutionId: z.string().uuid().nullable().default(null),
    modality: ModalityCode.nullable().default(null),
    examId: z.string().uuid().nullable().default(null),
  })
  .refine((r) => r.institutionId || r.modality || r.examId, 'ROUTINE_RULE_EMPTY');
export type RoutineRule = z.infer<typeof RoutineRule>;

export const RoutineBody = z
  .object({
    name: z.string().trim().min(1, 'NAME_REQUIRED').max(100),
    durationMinutes: Minutes,
    alertMinutes: z.number().int().min(0, 'ROUTINE_MINUTES_INVALID').max(525_600, 'ROUTINE_MINUTES_INVALID'),
    weight: z.number().int().min(0).max(100).default(1),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'ROUTINE_COLOR_INVALID'),
    isDefault: z.boolean().default(false),
    showRemainingTime: z.boolean().default(true),
    rules: z.array(RoutineRule).max(200).default([]),
  })
  .refine((r) => r.alertMinutes <= r.durationMinutes, 'ROUTINE_ALERT_AFTER_DURATION');
export type RoutineBody = z.infer<typeof RoutineBody>;

export const Routine = z.object({
  id: z.string().uuid(),
  name: z.string(),
  durationMinutes: z.number().int(),
  alertMinutes: z.number().int(),
  weight: z.number().int(),
  color: z.string(),
  isDefault: z.boolean(),
  showRemainingTime: z.boolean(),
  rules: z.array(
    z.object({
      institutionId: z.string().uuid().nullable(),
      modality: z.string().nullable(),
      examId: z.string().uuid().nullable(),
    }),
  ),
  studies: z.number().int(),
});
export type Routine = z.infer<typeof Routine>;

export const StudyRoutineBody = z.object({ routineId: z.string().uuid() });
