/**
 * Print layouts (spec 2 §3, §7): GET /studies/:id/print-study starts a printWorkflow and
 * answers at once (202) with the job's printStudyKey; its live document `printStudy/{key}`
 * says requested → started → completed (with the PDF's downloadUrl) or error. The account
 * setting ALLOW_PRINT_ON_DEMAND off refuses it (ADR 007). The account's print config
 * (with the account's list of saved layouts, ADR 007) is read and saved at /layouts; the
 * print screens read the account's settings at GET /accounts/:id/config (api/accounts).
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { type PrintStarted, printOnDemandAllowed, printStudyTopic } from '../../domain/print/job';
import { PrintConfig, PrintConfigBody, PrintOptions, rememberLayout } from '../../domain/print/options';
import type { printWorkflow } from '../../workflows/print/workflow';
import { printWorkflowId } from '../../workflows/print/messages';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { requestLang } from '../http/lang';
import { body, query, uuidParam } from '../http/validate';
import { accountSetting } from '../../domain/accounts/settings';
import { setAccountSetting } from '../../services/accounts/settings-store';
import { studiesQuery } from '../studies/study-queries';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
export const PrintQuery = z
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

export function printRoutes(deps: ApiDeps): Router {
  const { knex, temporal, publisher } = deps;
  const router = new Router();
  router.use(['/studies/:id/print-study', '/layouts'], requireSession(knex));

  const jobExists = (key: string) =>
    temporal.workflow
      .getHandle(printWorkflowId(key))
      .describe()
      .then(
        () => true,
        (err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return false;
          throw err;
        },
      );

  router.get('/studies/:id/print-study', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const study = await studiesQuery(knex, access).where('s.id', uuidParam(ctx, 'id')).first('s.id', 'p.name');
    if (!study) throw new AppError('NOT_FOUND');
    const { printStudyKey, ...raw } = query(ctx, PrintQuery);
    const parsed = PrintOptions.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
    if (!parsed.success) throw new AppError('MALFORMED_REQUEST');
    const account = await knex('accounts').where({ id: access.accountId }).first('config');
    if (!printOnDemandAllowed(account?.config)) throw new AppError('PRINT_NOT_ALLOWED');
    const key = printStudyKey ?? randomUUID();
    const accountId = access.accountId;
    const retentionMs = deps.config.PRINT_RETENTION_MINUTES * 60_000;
    // A key names one job for good: a reused one is refused before its document is touched.
    if (await jobExists(key)) throw new AppError('MALFORMED_REQUEST');
    await publisher.publishRetained(printStudyTopic(accountId, key), JSON.stringify({ status: 'requested' }));
    try {
      // The job outlives the request: the dialog follows its live document; the workflow
      // removes the PDF and the document after the retention period, watched or not.
      await temporal.workflow.start<typeof printWorkflow>('printWorkflow', {
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
        workflowId: printWorkflowId(key),
        args: [
          {
            accountId,
            studyId: study.id,
            key,
            options: parsed.data,
            filename: `impressao-${String(study.name ?? 'estudo').replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`,
            retentionMs,
            lang: requestLang(ctx),
          },
        ],
      });
    } catch (err) {
      // The same key sent twice at once: the loser is refused.
      if (err instanceof WorkflowExecutionAlreadyStartedError) throw new AppError('MALFORMED_REQUEST');
      await publisher.publishRetained(printStudyTopic(accountId, key), '');
      throw err;
    }
    ctx.status = 202;
    ctx.body = { printStudyKey: key, downloadUrl: null } satisfies PrintStarted;
  });

  /** The account's saved config; null when none (or one no longer readable) is saved. */
  const savedConfig = async (accountId: string): Promise<PrintConfig | null> => {
    const account = await knex('accounts').where({ id: accountId }).first('config');
    const raw = accountSetting(account?.config, 'PRINT_CONFIG');
    if (raw === null) return null;
    // Configs saved before `layouts` existed read with an empty list.
    const parsed = PrintConfig.safeParse(raw);
    if (!parsed.success) deps.logger.warn({ accountId, issues: parsed.error.issues }, 'unreadable saved print config ignored');
    return parsed.success ? parsed.data : null;
  };

  router.get('/layouts', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const saved = await savedConfig(access.accountId);
    ctx.body = saved ? { ...saved, saved: true } : { ...PrintConfig.parse({}), saved: false };
  });

  router.patch('/layouts', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const { layouts, ...options } = body(ctx, PrintConfigBody);
    // The list the client sent (to edit it), else the saved one; the saved layout goes first.
    const config: PrintConfig = {
      ...options,
      layouts: rememberLayout(layouts ?? (await savedConfig(access.accountId))?.layouts ?? [], options.layout),
    };
    try {
      await setAccountSetting(knex, access.accountId, 'PRINT_CONFIG', config);
    } catch (err) {
      deps.logger.error({ err }, 'print config save failed');
      throw new AppError('PRINT_SAVE_FAILED');
    }
    ctx.body = { ...config, saved: true };
  });

  return router;
}
