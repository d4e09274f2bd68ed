/**
 * Structured reports (spec 2 §7): the field catalogue of a model, and the values of a
 * study's form — `POST /studies/{id}/structured-report` {fieldId, value} and
 * `DELETE /studies/{id}/structured-report/{fieldValueId}` — plus `retriveTemplateOIT` (spec 1 §7).
 */
import Router from '@koa/router';
import { assertMayReadReport } from '../reports/read-access';
import { z } from 'zod';
import { structuredFields } from '../../domain/structured/catalogue';
import { StructuredModel, StructuredValueBody } from '../../domain/structured/fields';
import { requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { body, query, uuidParam } from '../http/validate';
import { loadReportContext } from '../reports/run-action';
import { deleteValue, modelOf, readValues, saveValue } from './values';

export const FieldsQuery = z.object({ model: StructuredModel });

export function structuredRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use(requireSession(knex));

  router.get('/structured-report-fields', (ctx) => {
    const { model } = query(ctx, FieldsQuery);
    ctx.body = { model, fields: structuredFields(model) };
  });

  /** The study's form: its model and values (empty for a free-text report). */
  router.get('/studies/:id/structured-report', async (ctx) => {
    const rc = await loadReportContext(ctx, deps);
    assertMayReadReport(rc);
    const model = modelOf(rc);
    ctx.body = { structuredType: model ?? '', values: model ? await readValues(knex, rc, model) : [] };
  });

  /** The OIT form of a study, with what is filled so far. */
  router.get('/studies/:id/retriveTemplateOIT', async (ctx) => {
    const rc = await loadReportContext(ctx, deps);
    assertMayReadReport(rc);
    const values = modelOf(rc) === 'OIT' ? await readValues(knex, rc, 'OIT') : [];
    ctx.body = { model: 'OIT', fields: structuredFields('OIT'), values };
  });

  router.post('/studies/:id/structured-report', async (ctx) => {
    const rc = await loadReportContext(ctx, deps);
    const b = body(ctx, StructuredValueBody);
    ctx.status = 201;
    ctx.body = await saveValue(knex, rc, b, requestLang(ctx));
  });

  router.delete('/studies/:id/structured-report/:fieldValueId', async (ctx) => {
    const rc = await loadReportContext(ctx, deps);
    await deleteValue(knex, rc, uuidParam(ctx, 'fieldValueId'));
    ctx.status = 204;
  });

  return router;
}
