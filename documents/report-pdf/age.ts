/**
 * The patient's age as the report PDF prints it: computed from the birth date at the exam's
 * day in São Paulo (the study header's rule, domain/studies/header.ts), else the age typed
 * in the header (studies.patient_age) — stored as 'NNY NNM NND' (ageText) or a DICOM age
 * string like '045Y' — shown as years, months and days; free text that is neither is shown
 * as typed.
 */
import { type Age, computeAge, examDay } from '../../domain/studies/header';
import type { Labels } from './labels';

type Unit = 'years' | 'months' | 'days';

/** Unit letters and words, accents already stripped by the header (cleanAgeText). */
const UNITS: [RegExp, Unit, number][] = [
  [/^(y|a|years?|anos?)$/i, 'years', 1],
  [/^(m|months?|mes|meses)$/i, 'months', 1],
  [/^(w|s|weeks?|semanas?)$/i, 'days', 7],
  [/^(d|days?|dias?)$/i, 'days', 1],
];

/** The typed age's parts, or null when the text is not an age in units. */
export function parseTypedAge(text: string): Partial<Age> | null {
  // Only a text made entirely of number+unit pairs is an age in units.
  if (!/^(\s*\d{1,3}\s*[A-Za-z]+)+\s*$/.test(text)) return null;
  const age: Partial<Age> = {};
  for (const [, n, word] of text.matchAll(/(\d{1,3})\s*([A-Za-z]+)/g)) {
    const unit = UNITS.find(([re]) => re.test(word!));
    if (!unit) return null;
    const [, key, factor] = unit;
    age[key] = (age[key] ?? 0) + Number(n) * factor;
  }
  return age;
}

function joinParts(parts: string[], L: Labels): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ${L.and} ${parts.at(-1)}` : (parts[0] ?? '');
}

export function formatAge(
  patient: { birthDate: string | null; age?: string | null },
  examDate: string | null,
  L: Labels,
): string | null {
  const birth = patient.birthDate?.slice(0, 10);
  const computed = birth && examDate ? computeAge(birth, examDay(new Date(examDate))) : null;
  if (computed) return joinParts([L.years(computed.years), L.months(computed.months), L.days(computed.days)], L);
  const typed = patient.age?.trim();
  if (!typed) return null;
  const parsed = parseTypedAge(typed);
  if (!parsed) return typed;
  const parts: string[] = [];
  if (parsed.years !== undefined) parts.push(L.years(parsed.years));
  if (parsed.months !== undefined) parts.push(L.months(parsed.months));
  if (parsed.days !== undefined) parts.push(L.days(parsed.days));
  return joinParts(parts, L);
}
