/** The structured-report calls (spec 2 §7). */
import {
  FieldsAnswer,
  SavedValueAnswer,
  type StructuredField,
  type StructuredValue,
  ValuesAnswer,
  type FieldValue,
  type StructuredModel,
} from '../../../../domain/structured/fields';
import { apiRequest } from '../../lib/api';

export const structuredKeys = {
  fields: (model: StructuredModel) => ['structured', 'fields', model] as const,
  values: (studyId: string) => ['structured', 'values', studyId] as const,
};

export async function fetchStructuredFields(model: StructuredModel, signal?: AbortSignal): Promise<StructuredField[]> {
  return (await apiRequest(`/structured-report-fields?model=${model}`, { schema: FieldsAnswer, signal })).fields;
}

export async function fetchStructuredValues(studyId: string, signal?: AbortSignal): Promise<StructuredValue[]> {
  return (await apiRequest(`/studies/${encodeURIComponent(studyId)}/structured-report`, { schema: ValuesAnswer, signal })).values;
}

export async function saveStructuredValue(studyId: string, fieldId: string, value: FieldValue): Promise<StructuredValue> {
  const answer = await apiRequest(`/studies/${encodeURIComponent(studyId)}/structured-report`, {
    method: 'POST',
    body: { fieldId, value },
    schema: SavedValueAnswer,
  });
  return answer.value;
}
