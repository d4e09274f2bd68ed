/**
 * The study header edit (spec 2 §3 "Study header fields", §5 "Header", §9): the editable
 * patient and exam data, their rules, and the age computed from the birth and exam dates.
 * Pure: the API validates with it and the web dialog shows the same rules before saving.
 */
import { z } from 'zod';
import { DISPLAY_TIME_ZONE, zonedDay, zonedInstant } from '../dates';

/** Exam dates are calendar days in this zone (spec 2 §9): the one every display uses. */
export const EXAM_TIME_ZONE = DISPLAY_TIME_ZONE;
/** Weight and height from 0 to 1000, step 0.1 (spec 2 §5). */
export const MEASURE_MIN = 0;
export const MEASURE_MAX = 1000;
export const MEASURE_STEP = 0.1;
/** A 'created' edit older than this is stale (spec 2 §9: header changes apply within 5 minutes). */
export const HEADER_APPLY_LIMIT_MS = 5 * 60 * 1000;
export const CLINICAL_DATA_MAX = 4000;
export const CLINICAL_TYPES = ['indicacao_exame', 'historia_clinica'] as const;
export type ClinicalType = (typeof CLINICAL_TYPES)[number];
/** The three permissions of which any one lets a user save the header (spec 2 §6). */
export const HEADER_PERMISSIONS = ['STUDIES_CREATE_HEADER', 'STUDIES_UPDATE_HEADER', 'STUDIES_EDIT_HEADER'] as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is `s` a real calendar day 'YYYY-MM-DD' (no 2023-02-30)? */
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1850 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar day of an instant in the exam time zone, 'YYYY-MM-DD'. */
export function examDay(instant: Date, timeZone = EXAM_TIME_ZONE): string {
  return zonedDay(instant, timeZone);
}

/** The wall-clock 'YYYY-MM-DDTHH:mm' of an instant in the exam time zone (the form's field). */
export function toExamLocal(instant: Date, timeZone = EXAM_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** The instant of a wall-clock 'YYYY-MM-DDTHH:mm' in the exam time zone; null when malformed. */
export function fromExamLocal(local: string, timeZone = EXAM_TIME_ZONE): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m || !isCalendarDate(local.slice(0, 10)) || Number(m[4]) > 23 || Number(m[5]) > 59) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  return zonedInstant({ year, month, day, hour, minute }, timeZone);
}

export interface Age {
  years: number;
  months: number;
  days: number;
}

/**
 * Age at the exam from a birth date, as whole years, months and days (calendar
 * arithmetic: days borrowed from the month before the exam day; 29 Feb turns 1 on 1 Mar). Null when either date
 * is not a calendar day or the birth is after the exam.
 */
export function computeAge(birthDate: string, examDate: string): Age | null {
  if (!isCalendarDate(birthDate) || !isCalendarDate(examDate) || birthDate > examDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = examDate.split('-').map(Number) as [number, number, number];
  let years = ey - by;
  let months = em - bm;
  let days = ed - bd;
  if (days < 0) {
    months -= 1;
    const prevMonth = em === 1 ? 12 : em - 1;
    const prevYear = em === 1 ? ey - 1 : ey;
    // Borrow the month before the exam day; a short month (31 Jan → 1 Mar) counts from its end.
    days += daysInMonth(prevYear, prevMonth);
    if (days < 0) days = ed;
  }
  if (months < 0) {
    years -= 1;
    months += 12;
  }
  return { years, months, days };
}

/** The stored age text, 'NNY NNM NND' (no accents, no punctuation). */
export function ageText(age: Age): string {
  return `${age.years}Y ${age.months}M ${age.days}D`;
}

/** The free age text with accents and punctuation stripped (spec 2 §5). */
export function cleanAgeText(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A weight or height: 0 to 1000 in steps of 0.1. */
export function isValidMeasure(n: number): boolean {
  return Number.isFinite(n) && n >= MEASURE_MIN && n <= MEASURE_MAX && Math.abs(n * 10 - Math.round(n * 10)) < 1e-6;
}

const text = (max: number) =>
  z
    .string()
    .max(max, { error: 'CHARACTER_LIMIT_EXCEEDED' })
    .transform((s) => s.trim())
    .nullable()
    .optional();

const measure = z
  .number({ error: 'HEADER_MEASURE_INVALID' })
  .refine(isValidMeasure, { error: 'HEADER_MEASURE_INVALID' })
  .nullable()
  .optional();

/** The editable header fields; a field left out is left unchanged, null clears it. */
export const HeaderFields = z
  .object({
    patientName: z.string().trim().min(1, { error: 'HEADER_PATIENT_REQUIRED' }).max(200).optional(),
    patientId: z.string().trim().min(1, { error: 'HEADER_PATIENT_REQUIRED' }).max(64).optional(),
    patientBirthDate: z.string().refine(isCalendarDate, { error: 'HEADER_DATE_INVALID' }).nullable().optional(),
    patientAge: z.string().max(40).transform(cleanAgeText).nullable().optional(),
    patientSex: z.enum(['M', 'F', 'O']).nullable().optional(),
    socialName: text(200),
    patientResponsiblePerson: text(200),
    patientSpecies: text(100),
    patientBreed: text(100),
    isCastrated: z.boolean().nullable().optional(),
    patientWeight: measure,
    patientHeight: measure,
    referringPhysicianName: text(200),
    operatorName: text(200),
    healthPlan: text(200),
    accessionNumber: text(64),
    examType: text(200),
    /** The exam date and time (ISO instant); its calendar day in America/Sao_Paulo counts. */
    dicomCreatedAt: z.iso.datetime({ offset: true, error: 'HEADER_DATE_INVALID' }).nullable().optional(),
    /** Clinical data: 'Indicação do exame' and 'História clínica'; blank removes it. */
    indicacaoExame: text(CLINICAL_DATA_MAX),
    historiaClinica: text(CLINICAL_DATA_MAX),
  })
  .strict();
export type HeaderFields = z.infer<typeof HeaderFields>;
export type HeaderInput = z.input<typeof HeaderFields>;

/** The veterinary fields: ignored for human accounts. */
export const VETERINARY_FIELDS = ['patientResponsiblePerson', 'patientSpecies', 'patientBreed', 'isCastrated'] as const;

/**
 * The date rules that need "today": neither date after today in the exam time zone, the
 * birth not after the exam. Answers the error code of the first broken rule, or null.
 */
export function checkHeaderDates(
  h: { patientBirthDate?: string | null; dicomCreatedAt?: string | null },
  now: Date,
): 'HEADER_DATE_IN_FUTURE' | 'HEADER_DATE_INVALID' | null {
  const today = examDay(now);
  const exam = h.dicomCreatedAt ? examDay(new Date(h.dicomCreatedAt)) : null;
  if (h.patientBirthDate && h.patientBirthDate > today) return 'HEADER_DATE_IN_FUTURE';
  if (exam && exam > today) return 'HEADER_DATE_IN_FUTURE';
  if (h.patientBirthDate && exam && h.patientBirthDate > exam) return 'HEADER_DATE_INVALID';
  return null;
}

/** The full header as the API answers it (and records before/after). */
export const StudyHeader = z.object({
  patientName: z.string(),
  patientId: z.string(),
  patientBirthDate: z.string().nullable(),
  patientAge: z.string().nullable(),
  patientSex: z.enum(['M', 'F', 'O']).nullable(),
  socialName: z.string().nullable(),
  patientResponsiblePerson: z.string().nullable(),
  patientSpecies: z.string().nullable(),
  patientBreed: z.string().nullable(),
  isCastrated: z.boolean().nullable(),
  patientWeight: z.number().nullable(),
  patientHeight: z.number().nullable(),
  referringPhysicianName: z.string().nullable(),
  operatorName: z.string().nullable(),
  healthPlan: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  examType: z.string().nullable(),
  mainModality: z.string().nullable(),
  institutionName: z.string().nullable(),
  dicomCreatedAt: z.string().nullable(),
  indicacaoExame: z.string().nullable(),
  historiaClinica: z.string().nullable(),
});
export type StudyHeader = z.infer<typeof StudyHeader>;

/**
 * The header after an edit: fields sent replace the current ones; with a birth date the age
 * is computed from the exam day and any age sent is ignored (spec 2 §5).
 */
export function mergeHeader(current: StudyHeader, edit: HeaderFields, veterinary: boolean): StudyHeader {
  const next: StudyHeader = { ...current };
  for (const [key, value] of Object.entries(edit) as [keyof HeaderFields, unknown][]) {
    if (value === undefined) continue;
    if (!veterinary && (VETERINARY_FIELDS as readonly string[]).includes(key)) continue;
    (next as Record<string, unknown>)[key] = typeof value === 'string' && value === '' ? null : value;
  }
  if (next.patientBirthDate) {
    const exam = next.dicomCreatedAt ? examDay(new Date(next.dicomCreatedAt)) : null;
    const age = exam ? computeAge(next.patientBirthDate, exam) : null;
    next.patientAge = age ? ageText(age) : null;
  }
  return next;
}

/** The header-edit request (spec 2 §4): 'created' while it is being applied. */
export const HEADER_EDIT_STATUSES = ['created', 'applied', 'failed'] as const;

export const UpdateDataResponse = z.object({
  header: StudyHeader,
  /** An edit is being applied now: the dialog warns and closes. */
  editInProgress: z.boolean(),
  /** The caller holds one of the three header permissions. */
  canSave: z.boolean(),
  /** Veterinary account: species, breed, responsible person and neutered flag apply. */
  veterinary: z.boolean(),
});
export type UpdateDataResponse = z.infer<typeof UpdateDataResponse>;

export const HeaderHistoryEntry = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  userName: z.string(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type HeaderHistoryEntry = z.infer<typeof HeaderHistoryEntry>;
/** `GET …/update-data/history`: the applied edits, newest first. */
export const HeaderHistoryAnswer = z.object({ history: z.array(HeaderHistoryEntry) });

export const ClinicalDataResponse = z.object({
  clinicalData: z.array(z.object({ typeData: z.enum(CLINICAL_TYPES), clinicalData: z.string() })),
});
export type ClinicalDataResponse = z.infer<typeof ClinicalDataResponse>;
