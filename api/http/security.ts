import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { Logger } from 'pino';

/**
 * Security headers; the CSP allows the app's own scripts and its MQTT WebSocket.
 * `upgrade-insecure-requests` only when the platform is public over https: sent over plain
 * http on a LAN address it makes the browser ask for https scripts that do not exist.
 */
export const securityHeaders = (opts: { publicUrl?: string }): Middleware =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // mqtt.js keeps its keepalive timers in a worker made from a blob: URL; without it no
        // PINGREQ leaves and the broker drops the idle connection after 1.5 × keepalive.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: opts.publicUrl?.startsWith('https:') ? [] : null,
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // the narration recorder plays back the MP3 it just encoded (an object URL)
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // blob: — the report PDF preview is an iframe over a fetched Blob (documents feature).
        frameSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  }) as unknown as Middleware;

/** A request id and a child logger per request; one log line per request. */
export const requestLogging =
  (logger: Logger, opts: { serverTiming?: boolean } = {}): Middleware =>
  async (ctx, next) => {
    const requestId = ctx.get('x-request-id') || randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    ctx.log = logger.child({ requestId });
    const started = performance.now();
    try {
      await next();
      // The api's own time, from the request's arrival to its answer (sending aside): what a
      // bench or the browser's devtools set beside the round trip they see (SERVER_TIMING).
      if (opts.serverTiming && !ctx.headerSent) ctx.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    } finally {
      const ms = Math.round(performance.now() - started);
      if (ctx.path.startsWith('/api')) {
        ctx.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      } else if (ctx.path === '/dicomweb' || ctx.path.startsWith('/dicomweb/') || ctx.path === '/wado') {
        // DICOMweb callers are viewers and Connect agents: which account asked is what support needs.
        const caller = ctx.state.caller as { accountId?: string; connect?: { id: string } | null } | undefined;
        ctx.log.info(
          {
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms,
            accountId: caller?.accountId ?? null,
            connectId: caller?.connect?.id ?? null,
          },
          'dicomweb request',
        );
      }
    }
  };

declare module 'koa' {
  interface DefaultContext {
    log: Logger;
  }
}
