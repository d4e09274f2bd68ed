/**
 * The header form's state and rules (spec 2 §5), kept out of the component: the same domain
 * rules the server enforces, applied while typing so save is disabled before a request.
 */
import {
  type Age,
  type HeaderInput,
  type StudyHeader,
  computeAge,
  examDay,
  fromExamLocal,
  isCalendarDate,
  isValidMeasure,
  toExamLocal,
} from '../../../../domain/studies/header';

export interface HeaderForm {
  patientName: string;
  patientId: string;
  socialName: string;
  patientBirthDate: string;
  patientAge: string;
  patientSex: '' | 'M' | 'F' | 'O';
  patientWeight: string;
  patientHeight: string;
  patientResponsiblePerson: string;
  patientSpecies: string;
  patientBreed: string;
  isCastrated: '' | 'yes' | 'no';
  accessionNumber: string;
  examType: string;
  /** Wall-clock 'YYYY-MM-DDTHH:mm' in America/Sao_Paulo. */
  examDate: string;
  referringPhysicianName: string;
  operatorName: string;
  healthPlan: string;
  indicacaoExame: string;
  historiaClinica: string;
}

const s = (v: string | null) => v ?? '';
const n = (v: number | null) => (v === null ? '' : String(v));

export function headerToForm(h: StudyHeader): HeaderForm {
  return {
    patientName: h.patientName,
    patientId: h.patientId,
    socialName: s(h.socialName),
    patientBirthDate: s(h.patientBirthDate),
    patientAge: s(h.patientAge),
    patientSex: h.patientSex ?? '',
    patientWeight: n(h.patientWeight),
    patientHeight: n(h.patientHeight),
    patientResponsiblePerson: s(h.patientResponsiblePerson),
    patientSpecies: s(h.patientSpecies),
    patientBreed: s(h.patientBreed),
    isCastrated: h.isCastrated === null ? '' : h.isCastrated ? 'yes' : 'no',
    accessionNumber: s(h.accessionNumber),
    examType: s(h.examType),
    examDate: h.dicomCreatedAt ? toExamLocal(new Date(h.dicomCreatedAt)) : '',
    referringPhysicianName: s(h.referringPhysicianName),
    operatorName: s(h.operatorName),
    healthPlan: s(h.healthPlan),
    indicacaoExame: s(h.indicacaoExame),
    historiaClinica: s(h.historiaClinica),
  };
}

export type DateProblem = 'invalid' | 'future' | 'afterExam';
export interface FormProblems {
  patientBirthDate?: DateProblem;
  examDate?: DateProblem;
  patientWeight?: 'range';
  patientHeight?: 'range';
  patientName?: 'required';
  patientId?: 'required';
}

const measureOk = (v: string) => v.trim() === '' || isValidMeasure(Number(v));

/** What blocks saving; empty when the form may be saved. */
export function formProblems(f: HeaderForm, now: Date): FormProblems {
  const today = examDay(now);
  const p: FormProblems = {};
  const examInstant = f.examDate ? fromExamLocal(f.examDate) : null;
  const examDayText = f.examDate.slice(0, 10);
  if (f.examDate && !examInstant) p.examDate = 'invalid';
  else if (examInstant && examDayText > today) p.examDate = 'future';
  if (f.patientBirthDate) {
    if (!isCalendarDate(f.patientBirthDate)) p.patientBirthDate = 'invalid';
    else if (f.patientBirthDate > today) p.patientBirthDate = 'future';
    else if (examInstant && f.patientBirthDate > examDayText) p.patientBirthDate = 'afterExam';
  }
  if (!measureOk(f.patientWeight)) p.patientWeight = 'range';
  if (!measureOk(f.patientHeight)) p.patientHeight = 'range';
  if (!f.patientName.trim()) p.patientName = 'required';
  if (!f.patientId.trim()) p.patientId = 'required';
  return p;
}

/** With a valid birth date the age is computed from the exam day (spec 2 §5), else null. */
export function formAge(f: HeaderForm): Age | null {
  if (!isCalendarDate(f.patientBirthDate) || !f.examDate) return null;
  return computeAge(f.patientBirthDate, f.examDate.slice(0, 10));
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The PATCH body: the fields changed since the form opened (an untouched exam time keeps its
 * seconds; a colleague's edit of another field is not overwritten); the age only without a
 * birth date; vet fields for vet accounts.
 */
export function formToEdit(f: HeaderForm, veterinary: boolean, initial: HeaderForm): HeaderInput {
  const all = allFields(f, veterinary);
  const changed = (Object.keys(f) as (keyof HeaderForm)[]).filter((k) => f[k] !== initial[k]);
  const keys = new Set<string>(changed.map((k) => (k === 'examDate' ? 'dicomCreatedAt' : k)));
  return Object.fromEntries(Object.entries(all).filter(([k]) => keys.has(k))) as HeaderInput;
}

function allFields(f: HeaderForm, veterinary: boolean): HeaderInput {
  const examInstant = f.examDate ? fromExamLocal(f.examDate) : null;
  const edit: HeaderInput = {
    patientName: f.patientName.trim(),
    patientId: f.patientId.trim(),
    socialName: orNull(f.socialName),
    patientBirthDate: orNull(f.patientBirthDate),
    patientSex: f.patientSex === '' ? null : f.patientSex,
    patientWeight: f.patientWeight.trim() === '' ? null : Number(f.patientWeight),
    patientHeight: f.patientHeight.trim() === '' ? null : Number(f.patientHeight),
    accessionNumber: orNull(f.accessionNumber),
    examType: orNull(f.examType),
    dicomCreatedAt: examInstant ? examInstant.toISOString() : null,
    referringPhysicianName: orNull(f.referringPhysicianName),
    operatorName: orNull(f.operatorName),
    healthPlan: orNull(f.healthPlan),
    indicacaoExame: orNull(f.indicacaoExame),
    historiaClinica: orNull(f.historiaClinica),
  };
  if (!f.patientBirthDate) edit.patientAge = orNull(f.patientAge);
  if (veterinary) {
    edit.patientResponsiblePerson = orNull(f.patientResponsiblePerson);
    edit.patientSpecies = orNull(f.patientSpecies);
    edit.patientBreed = orNull(f.patientBreed);
    edit.isCastrated = f.isCastrated === '' ? null : f.isCastrated === 'yes';
  }
  return edit;
}
