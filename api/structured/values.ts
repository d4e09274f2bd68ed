/**
 * The stored values of a report's structured form and the rules for changing them: only
 * the executor, in 1/25, with the model's permission (the switchModel rule of the domain
 * table says exactly that), and only values that fit the model's field definitions.
 */
import type { Knex } from 'knex';
import { AppError, type Lang } from '../../domain/errors';
import { check } from '../../domain/laudo/transitions';
import { findField, structuredFields } from '../../domain/structured/catalogue';
import type { StructuredModel, StructuredValue, StructuredValueBody } from '../../domain/structured/fields';
import { STRUCTURED_TITLES, renderStructuredReport } from '../../domain/structured/render';
import { problemMessage, validateForm, valueFits } from '../../domain/structured/validate';
import { actorFor } from '../access/access';
import type { ReportContext } from '../reports/run-action';

/** The model of the report, or null for a free-text report. */
export function modelOf(rc: ReportContext): StructuredModel | null {
  const t = rc.record.structuredType;
  return t === 'OIT' || t === 'SISMAMA' ? t : null;
}

export async function readValues(knex: Knex, rc: ReportContext, model: StructuredModel): Promise<StructuredValue[]> {
  const rows = await knex('structured_report_values')
    .where({ account_id: rc.access.accountId, laudo_id: rc.record.laudoId })
    .orderBy('updated_at')
    .select('id', 'field_id', 'value');
  // Values of the other model (kept across a model switch) are not part of this form.
  return rows
    .filter((r) => findField(model, r.field_id))
    .map((r) => ({ id: r.id as string, fieldId: r.field_id as string, value: r.value }));
}

/** Refuses unless the caller may edit this report's form now. */
export function assertEditable(rc: ReportContext): StructuredModel {
  const model = modelOf(rc);
  if (!model) throw new AppError('REPORT_ACTION_NOT_ALLOWED');
  const result = check(rc.record, 'switchModel', actorFor(rc.access, rc.study.institutionId), { structuredType: model });
  if (!result.ok) throw new AppError(result.code === 'MODEL_CHANGE_FAILED' ? 'REPORT_NOT_UPDATABLE' : result.code);
  return model;
}

/** Set-merge of the structured draft (spec 2 §7 studyDrafts.contentStructuredReport). */
async function mirrorDraft(knex: Knex, rc: ReportContext, values: StructuredValue[]): Promise<void> {
  await knex('study_drafts')
    .insert({
      study_id: rc.study.id,
      account_id: rc.access.accountId,
      institution_id: rc.study.institutionId,
      content_structured_report: JSON.stringify(values),
      updated_at: new Date(),
    })
    .onConflict('study_id')
    .merge(['content_structured_report', 'updated_at']);
}

export async function saveValue(
  knex: Knex,
  rc: ReportContext,
  body: StructuredValueBody,
  lang: Lang,
): Promise<{ value: StructuredValue; values: StructuredValue[] }> {
  const model = assertEditable(rc);
  const field = findField(model, body.fieldId);
  if (!field) throw new AppError('MALFORMED_REQUEST');
  if (!valueFits(field, body.value)) {
    throw new AppError('STRUCTURED_REPORT_INVALID', undefined, [
      problemMessage({ fieldId: field.id, name: field.name, kind: 'invalid' }, lang),
    ]);
  }
  const [row] = await knex('structured_report_values')
    .insert({
      account_id: rc.access.accountId,
      laudo_id: rc.record.laudoId,
      field_id: field.id,
      value: JSON.stringify(body.value),
      updated_by: rc.access.userId,
      updated_at: new Date(),
    })
    .onConflict(['laudo_id', 'field_id'])
    .merge(['value', 'updated_by', 'updated_at'])
    .returning(['id', 'field_id', 'value']);
  const values = await readValues(knex, rc, model);
  await mirrorDraft(knex, rc, values);
  return { value: { id: row.id, fieldId: row.field_id, value: row.value }, values };
}

export async function deleteValue(knex: Knex, rc: ReportContext, fieldValueId: string): Promise<void> {
  const model = assertEditable(rc);
  const removed = await knex('structured_report_values')
    .where({ id: fieldValueId, account_id: rc.access.accountId, laudo_id: rc.record.laudoId })
    .delete();
  if (removed === 0) throw new AppError('NOT_FOUND');
  await mirrorDraft(knex, rc, await readValues(knex, rc, model));
}

/**
 * The content a save of a structured report stores: the form's rendering. Finishing and
 * previewing (`validate`) refuse an invalid or empty form with 'Campos inválidos.' and each
 * message (spec 2 §5); who may save or finish (OIT: STUDIES_SAVE_REPORTS_OIT) is the domain
 * table's rule.
 */
export async function structuredContent(knex: Knex, rc: ReportContext, validate: boolean, lang: Lang): Promise<string | null> {
  const model = modelOf(rc);
  if (!model || rc.record.state === 12) return null;
  const fields = structuredFields(model);
  const values = await readValues(knex, rc, model);
  const problems = validateForm(fields, values);
  if (validate && problems.length > 0) {
    throw new AppError(
      'STRUCTURED_REPORT_INVALID',
      undefined,
      problems.map((p) => problemMessage(p, lang)),
    );
  }
  return renderStructuredReport(STRUCTURED_TITLES[model], fields, values);
}
