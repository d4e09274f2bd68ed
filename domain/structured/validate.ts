/**
 * Pure validation of a structured form (spec 2 §5), shared by the api and the web client:
 * one value against its field (type, allowed values, dynamic min/max), and the whole form
 * before preview or finish ('Campo {name} é obrigatório.' for each missing field).
 */
import type { Lang } from '../errors';
import {
  type EntryValue,
  type FieldValue,
  type ScalarValue,
  type StructuredField,
  type StructuredValue,
  TEXT_MAX,
  fieldOptions,
  holdsValue,
} from './fields';

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isEntryArray = (v: unknown): v is EntryValue[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x));

function scalarFits(field: StructuredField, value: unknown): boolean {
  const allowed = new Set(fieldOptions(field).map((o) => o.value));
  switch (field.type) {
    case 'TEXT':
      return typeof value === 'string' && value.length <= TEXT_MAX;
    case 'DROPDOWN':
      // '' clears the choice.
      return typeof value === 'string' && (value === '' || allowed.has(value));
    case 'CHECKBOX':
    case 'TABLECHECK':
      return isStringArray(value) && new Set(value).size === value.length && value.every((v) => allowed.has(v));
    case 'DYNAMIC':
    case 'TITLE':
    case 'SUBTITLE':
      return false;
  }
}

/** Does `value` fit `field`? Empty values fit (they clear); a dynamic group must keep min..max entries. */
export function valueFits(field: StructuredField, value: unknown): boolean {
  if (!holdsValue(field)) return false;
  if (field.type !== 'DYNAMIC') return scalarFits(field, value);
  if (!isEntryArray(value)) return false;
  if (value.length < (field.min ?? 0) || value.length > (field.max ?? Number.POSITIVE_INFINITY)) return false;
  const subs = new Map((field.fields ?? []).map((f) => [f.id, f]));
  return value.every((entry) =>
    Object.entries(entry).every(([id, v]) => {
      const sub = subs.get(id);
      return sub !== undefined && sub.type !== 'DYNAMIC' && scalarFits(sub, v);
    }),
  );
}

export function isEmptyValue(value: FieldValue | ScalarValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return value.length === 0;
}

export interface FormProblem {
  fieldId: string;
  /** The name the message shows (a dynamic entry's sub-field: "Achado 1 — Mama"). */
  name: string;
  kind: 'required' | 'invalid';
}

const MESSAGES: Record<FormProblem['kind'], Record<Lang, (name: string) => string>> = {
  required: {
    'pt-BR': (n) => `Campo ${n} é obrigatório.`,
    en: (n) => `Field ${n} is required.`,
    es: (n) => `El campo ${n} es obligatorio.`,
  },
  invalid: {
    'pt-BR': (n) => `Campo ${n} é inválido.`,
    en: (n) => `Field ${n} is invalid.`,
    es: (n) => `El campo ${n} no es válido.`,
  },
};

export function problemMessage(problem: FormProblem, lang: Lang = 'pt-BR'): string {
  return MESSAGES[problem.kind][lang](problem.name);
}

/** The values by field id (the last one wins, as a set-merge would). */
export function valuesByField(values: readonly Pick<StructuredValue, 'fieldId' | 'value'>[]): Map<string, FieldValue> {
  return new Map(values.map((v) => [v.fieldId, v.value]));
}

function isRequired(field: StructuredField, byField: Map<string, FieldValue> | EntryValue): boolean {
  if (field.required) return true;
  if (!field.requiredIf) return false;
  const other = byField instanceof Map ? byField.get(field.requiredIf.fieldId) : byField[field.requiredIf.fieldId];
  return typeof other === 'string' && field.requiredIf.in.includes(other);
}

/** Every problem of the form, in form order: empty when it may be finished. */
export function validateForm(
  fields: readonly StructuredField[],
  values: readonly Pick<StructuredValue, 'fieldId' | 'value'>[],
): FormProblem[] {
  const byField = valuesByField(values);
  const problems: FormProblem[] = [];
  for (const field of fields) {
    if (!holdsValue(field)) continue;
    const value = byField.get(field.id);
    if (value !== undefined && !valueFits(field, value)) {
      problems.push({ fieldId: field.id, name: field.name, kind: 'invalid' });
      continue;
    }
    if (field.type === 'DYNAMIC') {
      const entries = (value ?? []) as EntryValue[];
      if (entries.length < (field.min ?? 0) || (isRequired(field, byField) && entries.length === 0)) {
        problems.push({ fieldId: field.id, name: field.name, kind: 'required' });
      }
      entries.forEach((entry, i) => {
        for (const sub of field.fields ?? []) {
          if (isRequired(sub, entry) && isEmptyValue(entry[sub.id])) {
            problems.push({
              fieldId: field.id,
              name: `${field.entryName ?? field.name} ${i + 1} — ${sub.name}`,
              kind: 'required',
            });
          }
        }
      });
      continue;
    }
    if (isRequired(field, byField) && isEmptyValue(value)) {
      problems.push({ fieldId: field.id, name: field.name, kind: 'required' });
    }
  }
  return problems;
}
