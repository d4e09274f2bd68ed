/**
 * A readable HTML rendering of a filled form: it becomes the version's content, so the
 * versions table, the PDF renderer and the read-only view show the structured report.
 */
import type { EntryValue, FieldValue, ScalarValue, StructuredField, StructuredValue } from './fields';
import { fieldOptions } from './fields';
import { isEmptyValue, valuesByField } from './validate';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function describe(field: StructuredField, value: ScalarValue): string {
  if (typeof value === 'string' && field.type === 'TEXT') return escapeHtml(value).replace(/\n/g, '<br>');
  const options = new Map(fieldOptions(field).map((o) => [o.value, o.description]));
  const list = typeof value === 'string' ? [value] : value;
  return list.map((v) => escapeHtml(options.get(v) ?? v)).join(', ');
}

const line = (name: string, text: string) => `<p><strong>${escapeHtml(name)}:</strong> ${text}</p>`;

function renderEntries(field: StructuredField, entries: EntryValue[]): string {
  const items = entries.map((entry, i) => {
    const parts = (field.fields ?? [])
      .filter((sub) => !isEmptyValue(entry[sub.id]))
      .map((sub) => `${escapeHtml(sub.name)}: ${describe(sub, entry[sub.id] as ScalarValue)}`);
    return `<li>${escapeHtml(`${field.entryName ?? field.name} ${i + 1}`)}: ${parts.join('; ')}</li>`;
  });
  return `<p><strong>${escapeHtml(field.name)}:</strong></p><ol>${items.join('')}</ol>`;
}

/** Titles are kept only when something under them is filled. */
export function renderStructuredReport(
  title: string,
  fields: readonly StructuredField[],
  values: readonly Pick<StructuredValue, 'fieldId' | 'value'>[],
): string {
  const byField = valuesByField(values);
  const out: string[] = [`<h2>${escapeHtml(title)}</h2>`];
  let pendingHeadings: string[] = [];
  for (const field of fields) {
    if (field.type === 'TITLE') {
      pendingHeadings = [`<h3>${escapeHtml(field.name)}</h3>`];
      continue;
    }
    if (field.type === 'SUBTITLE') {
      pendingHeadings = [...pendingHeadings.slice(0, 1), `<h4>${escapeHtml(field.name)}</h4>`];
      continue;
    }
    const value: FieldValue | undefined = byField.get(field.id);
    if (value === undefined || isEmptyValue(value)) continue;
    out.push(...pendingHeadings);
    pendingHeadings = [];
    out.push(
      field.type === 'DYNAMIC'
        ? renderEntries(field, value as EntryValue[])
        : line(field.name, describe(field, value as ScalarValue)),
    );
  }
  return out.join('');
}

export const STRUCTURED_TITLES = {
  OIT: 'Classificação radiológica OIT (pneumoconioses)',
  SISMAMA: 'Laudo de mamografia — SISMAMA',
} as const;
