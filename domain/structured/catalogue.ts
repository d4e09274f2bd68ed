/** The field catalogue of each structured model (`GET /structured-report-fields?model=`). */
import type { StructuredField, StructuredModel } from './fields';
import { OIT_FIELDS } from './oit';
import { SISMAMA_FIELDS } from './sismama';

const CATALOGUES: Record<StructuredModel, readonly StructuredField[]> = { OIT: OIT_FIELDS, SISMAMA: SISMAMA_FIELDS };

export function structuredFields(model: StructuredModel): readonly StructuredField[] {
  return CATALOGUES[model];
}

export function findField(model: StructuredModel, fieldId: string): StructuredField | undefined {
  return CATALOGUES[model].find((f) => f.id === fieldId);
}
