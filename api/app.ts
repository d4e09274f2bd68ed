import path from 'node:path';
import bodyParser from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { authRoutes } from './auth/routes';
import type { ApiDeps } from './deps';
import { errorHandler } from './http/errors';
import { requestLogging, securityHeaders } from './http/security';
import { spa } from './http/spa';
import { reportRoutes } from './reports/routes';
import { documentRoutes } from './documents/routes';
import { certificateRoutes } from './documents/certificate-routes';
import { verifyRoutes } from './documents/verify-routes';
import { studyRoutes } from './studies/routes';
import { errorTrackerRoutes } from './error-tracker/routes';
import { labelRoutes } from './labels/routes';
import { maskRoutes } from './masks/routes';
import { phraseRoutes } from './phrases/routes';

export const WEB_DIST = path.resolve(__dirname, '..', 'web', 'dist');

/** The Koa app: logging → security headers → one error shape → /api routes → web app. */
export function createApp(deps: ApiDeps): Koa {
  const app = new Koa({ proxy: true });
  app.use(requestLogging(deps.logger));
  app.use(securityHeaders());
  app.use(errorHandler);
  app.use(bodyParser({ jsonLimit: '1mb', enableTypes: ['json'] }));

  const api = new Router({ prefix: '/api' });
  api.get('/health', (ctx) => {
    ctx.body = { ok: true };
  });
  // Public (no session) routes first: a later router's session middleware would answer them.
  const publicRoutes = verifyRoutes(deps);
  api.use(publicRoutes.routes(), publicRoutes.allowedMethods());
  for (const routes of [authRoutes(deps), studyRoutes(deps), reportRoutes(deps, 'study'), reportRoutes(deps, 'scheduled')]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  for (const routes of [phraseRoutes(deps), maskRoutes(deps), labelRoutes(deps), errorTrackerRoutes(deps)]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  for (const routes of [certificateRoutes(deps), documentRoutes(deps, 'study'), documentRoutes(deps, 'scheduled')]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  app.use(api.routes());
  app.use(api.allowedMethods());
  if (deps.config.SERVE_WEB) app.use(spa(WEB_DIST));
  return app;
}
