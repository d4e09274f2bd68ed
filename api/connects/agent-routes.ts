/**
 * What a Connect agent calls besides STOW-RS, authenticated by its key (`Authorization:
 * Bearer <key>`) like its uploads: its settings (issue 16), its download poll (which is also its heartbeat, read by
 * connect/check), the zip of a request and the request's outcome. An agent only ever sees
 * its own requests; anything else is 404.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AgentConfig } from '../../domain/connect/connect-admin';
import { ConnectDownloadResult } from '../../domain/connect/download-request';
import { AppError } from '../../domain/errors';
import { connectOfKey, listConnects } from '../../services/connects/connects';
import type { ApiDeps } from '../deps';
import { body, uuidParam } from '../http/validate';
import { claimConnectDownload, finishConnectDownload, pollConnectDownloads } from '../../services/connects/connect-downloads';

interface AgentCaller {
  id: string;
  accountId: string;
}

const agentOf = (ctx: Context) => ctx.state.connect as AgentCaller;

export function connectAgentRoutes(deps: ApiDeps): Router {
  const { knex, storage } = deps;
  const router = new Router();

  router.use('/connect-agent', async (ctx: Context, next: Next) => {
    const key = /^Bearer\s+(\S{8,200})$/i.exec(ctx.get('authorization'))?.[1];
    const row = key ? await connectOfKey(knex, key) : undefined;
    if (!row) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new AppError('INVALID_SESSION');
    }
    ctx.state.connect = { id: row.id, accountId: row.account_id } satisfies AgentCaller;
    await next();
  });

  // The agent's settings as the administration left them (ports, folders, intervals,
  // retention, connections with their tag mapping); never its keys.
  router.get('/connect-agent/config', async (ctx) => {
    const [connect] = await listConnects(knex, agentOf(ctx).accountId, agentOf(ctx).id);
    if (!connect) throw new AppError('NOT_FOUND');
    const { keys: _keys, ...settings } = connect;
    // The AE Title the agent answers to: its own, else its institution's.
    const institution = await knex('institutions').where({ id: connect.institutionId }).first('ae_title');
    ctx.set('Cache-Control', 'no-store');
    const config: AgentConfig = { ...settings, effectiveAeTitle: settings.aeTitle ?? institution?.ae_title ?? null };
    ctx.body = { connect: config };
  });

  router.get('/connect-agent/downloads', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { downloads: await pollConnectDownloads(knex, agentOf(ctx)) };
  });

  router.get('/connect-agent/downloads/:id/zip', async (ctx) => {
    const objectKey = await claimConnectDownload(knex, agentOf(ctx), uuidParam(ctx, 'id'));
    if (!objectKey || !(await storage.exists(objectKey))) throw new AppError('NOT_FOUND');
    ctx.type = 'application/zip';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await storage.get(objectKey);
  });

  router.post('/connect-agent/downloads/:id/result', async (ctx) => {
    const id = uuidParam(ctx, 'id');
    const result = body(ctx, ConnectDownloadResult);
    if (!(await finishConnectDownload(knex, agentOf(ctx), id, result))) throw new AppError('NOT_FOUND');
    ctx.status = 204;
  });

  return router;
}
