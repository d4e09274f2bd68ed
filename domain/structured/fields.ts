/**
 * Structured-report fields (spec 2 §3): the form definition a model's catalogue is made of,
 * and the values the editor submits for it. Types come from these zod schemas.
 */
import { z } from 'zod';

export const STRUCTURED_MODELS = ['OIT', 'SISMAMA'] as const;
export const StructuredModel = z.enum(STRUCTURED_MODELS);
export type StructuredModel = z.infer<typeof StructuredModel>;

export const FIELD_TYPES = ['CHECKBOX', 'DROPDOWN', 'TABLECHECK', 'TEXT', 'TITLE', 'SUBTITLE', 'DYNAMIC'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FieldOption = z.object({ value: z.string(), description: z.string() });
export type FieldOption = z.infer<typeof FieldOption>;

/** Required only when another field holds one of these values (ILO: details only after "yes"). */
export const RequiredIf = z.object({ fieldId: z.string(), in: z.array(z.string()) });

interface FieldShape {
  id: string;
  name: string;
  type: FieldType;
  /** Possible values: the options of DROPDOWN/CHECKBOX, the cells of TABLECHECK. */
  values: FieldOption[];
  required: boolean;
  requiredIf?: z.infer<typeof RequiredIf>;
  /** TABLECHECK: its rows and columns; a cell's value is `${row}.${column}`. */
  rows?: FieldOption[];
  columns?: FieldOption[];
  /** DYNAMIC: how many entries, what one entry is called, and its sub-fields. */
  min?: number;
  max?: number;
  entryName?: string;
  fields?: FieldShape[];
}

export const StructuredField: z.ZodType<FieldShape> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(FIELD_TYPES),
    values: z.array(FieldOption),
    required: z.boolean(),
    requiredIf: RequiredIf.optional(),
    rows: z.array(FieldOption).optional(),
    columns: z.array(FieldOption).optional(),
    min: z.number().int().min(0).optional(),
    max: z.number().int().min(1).optional(),
    entryName: z.string().optional(),
    fields: z.array(StructuredField).optional(),
  }),
);
export type StructuredField = FieldShape;

/** The longest free text of one TEXT field. */
export const TEXT_MAX = 2000;

/** A value as stored: text, one choice, several choices, or the entries of a dynamic group. */
export type ScalarValue = string | string[];
export type EntryValue = Record<string, ScalarValue>;
export type FieldValue = ScalarValue | EntryValue[];

const ScalarValueSchema = z.union([z.string().max(TEXT_MAX), z.array(z.string().max(100)).max(100)]);
export const FieldValueSchema = z.union([ScalarValueSchema, z.array(z.record(z.string(), ScalarValueSchema)).max(50)]);

/** `POST /studies/{id}/structured-report` (spec 2 §7). */
export const StructuredValueBody = z.object({ fieldId: z.string().min(1).max(100), value: FieldValueSchema }).strict();
export type StructuredValueBody = z.infer<typeof StructuredValueBody>;

/** A submitted value (spec 2 §3: id, fieldId, value). */
export const StructuredValue = z.object({ id: z.string(), fieldId: z.string(), value: FieldValueSchema });
export type StructuredValue = z.infer<typeof StructuredValue>;

/** A model's form (`GET /structured-report-fields?model=`). */
export const FieldsAnswer = z.object({ model: StructuredModel, fields: z.array(StructuredField) });
/** The study's model ('' for a free-text report) and its values (`GET /studies/{id}/structured-report`). */
export const ValuesAnswer = z.object({
  structuredType: z.union([StructuredModel, z.literal('')]),
  values: z.array(StructuredValue),
});
/** A saved value, with all of the study's values after it. */
export const SavedValueAnswer = z.object({ value: StructuredValue, values: z.array(StructuredValue) });
/** The OIT form with what the study filled so far (`GET /studies/{id}/retriveTemplateOIT`). */
export const OitTemplateAnswer = z.object({
  model: z.literal('OIT'),
  fields: z.array(StructuredField),
  values: z.array(StructuredValue),
});

/** Cells of a TABLECHECK as options, `${row}.${column}` with a readable description. */
export function tableCells(field: StructuredField): FieldOption[] {
  const cells: FieldOption[] = [];
  for (const row of field.rows ?? []) {
    for (const col of field.columns ?? []) {
      cells.push({ value: `${row.value}.${col.value}`, description: `${row.description} ${col.description}` });
    }
  }
  return cells;
}

/** What a field accepts as choices (TABLECHECK: its cells). */
export function fieldOptions(field: StructuredField): FieldOption[] {
  return field.type === 'TABLECHECK' ? tableCells(field) : field.values;
}

/** TITLE and SUBTITLE only label the form: they hold no value. */
export function holdsValue(field: StructuredField): boolean {
  return field.type !== 'TITLE' && field.type !== 'SUBTITLE';
}
