/**
 * Print layouts (spec 2 §3, §7): GET /studies/:id/print-study runs a printWorkflow and
 * answers the PDF's short-lived downloadUrl with the job's printStudyKey (its live document
 * `printStudy/{key}` says requested → started → completed/error meanwhile); the account's
 * print config is read and saved at /layouts.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { WorkflowFailedError } from '@temporalio/client';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { printStudyTopic } from '../../domain/print/job';
import { PrintOptions } from '../../domain/print/options';
import type { printWorkflow } from '../../workflows/print/workflow';
import { printWorkflowId } from '../../workflows/print/messages';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { createDownloadLink } from '../files/download-links';
import { body, query, uuidParam } from '../http/validate';
import { studiesQuery } from '../studies/study-queries';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const PrintQuery = z
  .object({
    layout: z
      .string()
      .regex(/^\d{1,2}x\d{1,2}$/)
      .transform((v) => {
        const [row, col] = v.split('x').map(Number);
        return { row: row!, col: col! };
      })
      .optional(),
    orientation: z.string().optional(),
    pageSize: z.string().optional(),
    option: z.string().optional(),
    column: z.coerce.number().optional(),
    groupSeries: bool.optional(),
    includeKeyImages: bool.optional(),
    /** Comma-separated SeriesInstanceUIDs (all series when absent and no key images). */
    seriesIds: z
      .string()
      .transform((v) => v.split(',').filter(Boolean))
      .optional(),
    /** The client may choose the job key to watch its live document from the start. */
    printStudyKey: z.string().uuid().optional(),
  })
  .strict();

/** The account config key holding the saved print config. */
export const PRINT_CONFIG_KEY = 'PRINT_CONFIG';
const PRINT_TIMEOUT = '5 minutes';

export function printRoutes(deps: ApiDeps): Router {
  const { knex, temporal, publisher } = deps;
  const router = new Router();
  router.use(['/studies/:id/print-study', '/layouts'], requireSession(knex));

  router.get('/studies/:id/print-study', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const study = await studiesQuery(knex, access).where('s.id', uuidParam(ctx, 'id')).first('s.id', 'p.name');
    if (!study) throw new AppError('NOT_FOUND');
    const { printStudyKey, ...raw } = query(ctx, PrintQuery);
    const parsed = PrintOptions.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
    if (!parsed.success) throw new AppError('MALFORMED_REQUEST');
    const key = printStudyKey ?? randomUUID();
    const accountId = access.accountId;
    await publisher.publishRetained(printStudyTopic(accountId, key), JSON.stringify({ status: 'requested' }));
    let result: { objectKey: string; pages: number };
    try {
      result = await temporal.workflow.execute<typeof printWorkflow>('printWorkflow', {
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
        workflowId: printWorkflowId(key),
        workflowExecutionTimeout: PRINT_TIMEOUT,
        args: [{ accountId, studyId: study.id, key, options: parsed.data }],
      });
    } catch (err) {
      if (!(err instanceof WorkflowFailedError)) throw err;
      throw new AppError('PRINT_FAILED');
    }
    const downloadUrl = await createDownloadLink(knex, {
      accountId,
      objectKey: result.objectKey,
      filename: `impressao-${String(study.name ?? 'estudo').replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`,
      contentType: 'application/pdf',
    });
    ctx.body = { printStudyKey: key, downloadUrl, pages: result.pages };
  });

  router.get('/layouts', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const account = await knex('accounts').where({ id: access.accountId }).first('config');
    const saved = PrintOptions.safeParse((account?.config ?? {})[PRINT_CONFIG_KEY] ?? {});
    ctx.body = saved.success ? saved.data : PrintOptions.parse({});
  });

  router.patch('/layouts', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const options = body(ctx, PrintOptions);
    try {
      await knex('accounts')
        .where({ id: access.accountId })
        .update({
          config: knex.raw(`coalesce(config, '{}'::jsonb) || jsonb_build_object(?::text, ?::jsonb)`, [
            PRINT_CONFIG_KEY,
            JSON.stringify(options),
          ]),
        });
    } catch (err) {
      deps.logger.error({ err }, 'print config save failed');
      throw new AppError('PRINT_SAVE_FAILED');
    }
    ctx.body = options;
  });

  return router;
}
