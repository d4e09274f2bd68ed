import { accountRoutes } from './accounts/routes';
import { accountSettingsRoutes } from './accounts/settings-routes';
import { institutionAdminRoutes } from './institutions/admin-routes';
import path from 'node:path';
import bodyParser from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { AppError } from '../domain/errors';
import { authRoutes } from './auth/routes';
import { twoFactorRoutes } from './auth/two-factor/routes';
import { sessionRoutes } from './auth/sessions-routes';
import { accountUserAdminRoutes } from './account-users/admin-routes';
import { accountUserRoutes } from './account-users/routes';
import { institutionRoutes } from './institutions/routes';
import { rolesAreaRoutes } from './admin-roles/routes';
import { orchestratorRoutes } from './orchestrator/routes';
import type { ApiDeps } from './deps';
import { healthHandler } from './health';
import { errorHandler } from './http/errors';
import { forwardedFor } from './http/forwarded';
import { requestLogging, securityHeaders } from './http/security';
import { refuseNul } from './http/validate';
import { compressJson, spa } from './http/spa';
import { reportRoutes } from './reports/routes';
import { documentRoutes } from './documents/routes';
import { certificateRoutes } from './documents/certificate-routes';
import { professionalIdRoutes } from './documents/professional-id-routes';
import { documentLinkRoutes } from './documents/document-link-routes';
import { verifyRoutes } from './documents/verify-routes';
import { criticalAckRoutes } from './findings/ack-routes';
import { studyRoutes } from './studies/routes';
import { divergentRoutes } from './studies/divergent-routes';
import { studyMaintenanceRoutes } from './studies/maintenance-routes';
import { errorTrackerRoutes } from './error-tracker/routes';
import { findingRoutes } from './findings/routes';
import { viewerFrameRoutes } from './viewer/frame-routes';
import { viewerRoutes } from './viewer/routes';
import { attachmentRoutes } from './attachments/routes';
import { downloadRoutes } from './downloads/routes';
import { fileRoutes } from './files/routes';
import { labelRoutes } from './labels/routes';
import { notificationRoutes } from './notifications/routes';
import { subscriptionRoutes } from './notifications/subscription-routes';
import { labelAdminRoutes } from './labels/admin-routes';
import { maskRoutes } from './masks/routes';
import { phraseRoutes } from './phrases/routes';
import { connectRoutes } from './connects/routes';
import { connectAgentRoutes } from './connects/agent-routes';
import { studyImagingRoutes } from './studies/imaging-routes';
import { dicomwebRoutes } from './dicomweb/routes';
import { dicomwebCors } from './dicomweb/cors';
import { wadoUriRoutes } from './dicomweb/wado-uri';
import { headerRoutes } from './studies/header/routes';
import { structuredRoutes } from './structured/routes';
import { printRoutes } from './print/routes';
import { reportImageRoutes, reportImageUploadRoutes } from './report-images/routes';
import { mailRoutes } from './mail/routes';
import { profileRoutes } from './profile/routes';
import { invitationRoutes, openSignupRoutes, registrationRoutes } from './registration/routes';
import { auditRoutes } from './audit/routes';
import { managementRoutes } from './management/routes';
import { portalRoutes } from './portal/public-routes';
import { resultAccessRoutes } from './portal/result-access-routes';
import { catalogRoutes } from './catalog/routes';
import { openApiRoutes } from './openapi/routes';
import { routeOperations } from './openapi/walk';

export const WEB_DIST = path.resolve(__dirname, '..', 'web', 'dist');

/** The Koa app: logging → security headers → one error shape → /api routes → web app. */
export function createApp(deps: ApiDeps): Koa {
  const app = new Koa();
  // Koa reports errors after the answer started (a stream failing mid-body) here. A client that
  // went away mid-download is routine, not an error; anything else goes to the log, not stderr.
  app.on('error', (err: NodeJS.ErrnoException) => {
    const clientGone = ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(err.code ?? '');
    if (clientGone) deps.logger.debug({ err }, 'client closed the connection mid-response');
    else deps.logger.error({ err }, 'error after the response started');
  });
  app.use(forwardedFor(app, deps.config.TRUST_PROXY));
  app.use(requestLogging(deps.logger, { serverTiming: deps.config.SERVER_TIMING }));
  app.use(securityHeaders({ publicUrl: deps.config.PUBLIC_URL }));
  app.use(errorHandler);
  app.use(compressJson());
  // An attachment travels as base64 JSON (spec 2 §7): 4MB of file is about 5.5MB of body.
  const smallJson = bodyParser({ jsonLimit: '1mb', enableTypes: ['json'] });
  const attachmentJson = bodyParser({ jsonLimit: '6mb', enableTypes: ['json'] });
  const isFileUpload = (method: string, path: string) =>
    (method === 'POST' && path === '/api/studies/attachments') ||
    (method === 'PUT' && /^\/api\/institutions\/[^/]+\/logo$/.test(path)) ||
    (method === 'PUT' && path === '/api/profile/signature');
  app.use((ctx, next) => (isFileUpload(ctx.method, ctx.path) ? attachmentJson : smallJson)(ctx, next));
  app.use(refuseNul);

  const api = new Router({ prefix: '/api' });
  api.get('/health', healthHandler(deps));
  app.use(api.routes());
  // Each router dispatches on its own, in mount order: a request runs only the middleware of
  // the router whose route it matched (nested into one router, every router's middleware ran
  // for every request, and @koa/router composed that chain anew each time: a sixth of the
  // api's CPU under load, issue 20). A route that matched no method still reaches
  // allowedMethods, which reads every router's matches (405 with Allow, 501).
  for (const routes of apiRouters(deps)) app.use(routes.prefix('/api').routes());
  app.use(api.allowedMethods());
  // DICOMweb at the root (STOW-RS bodies are streamed: the JSON body parser skips them).
  app.use(dicomwebCors(deps.knex, deps.config.DICOMWEB_CORS_ORIGINS));
  const dicomweb = dicomwebRoutes(deps);
  app.use(dicomweb.routes());
  app.use(dicomweb.allowedMethods());
  app.use(wadoUriRoutes(deps).routes());
  app.use(async (ctx, next) => {
    // Anything else under /dicomweb or /wado is the one error shape, never the web app.
    if (ctx.path === '/dicomweb' || ctx.path.startsWith('/dicomweb/') || ctx.path === '/wado' || ctx.path.startsWith('/wado/')) {
      throw new AppError('NOT_FOUND');
    }
    await next();
  });
  if (deps.config.SERVE_WEB) app.use(spa(WEB_DIST));
  return app;
}

/**
 * Every router mounted under /api, in mount order (the order matters: see the comments). Exported
 * so the permission matrix test walks the real routes rather than a list kept by hand.
 */
export function apiRouters(deps: ApiDeps): Router[] {
  return [
    // Public routes first (download links carry their own capability, verification is public),
    // each router's own middleware deciding who may reach its routes.
    // The Connect agent's routes authenticate its key, and an image upload link is its own
    // capability: neither has a session. The viewer frame's reads also take an image token.
    // The OpenAPI document and its reference page (public): every route below, walked.
    openApiRoutes(
      () => [{ method: 'GET', path: '/health', session: false }, ...routeOperations(apiRouters(deps))],
      () => routeOperations([dicomwebRoutes(deps), wadoUriRoutes(deps)]),
    ),
    fileRoutes(deps),
    verifyRoutes(deps),
    criticalAckRoutes(deps),
    connectAgentRoutes(deps),
    reportImageUploadRoutes(deps),
    viewerFrameRoutes(deps),
    // The results portal: patients with an access code, no platform login.
    portalRoutes(deps),
    // Sessions per route: the e-mail and subscription confirmation links are public.
    profileRoutes(deps),
    subscriptionRoutes(deps),
    registrationRoutes(deps),
    // Before studyRoutes: `/studies/comments`, `/studies/patient`, `/studies/attachments`,
    // `/studies/clinical-data`… must not reach `/studies/:id`.
    authRoutes(deps),
    twoFactorRoutes(deps),
    sessionRoutes(deps),
    accountUserRoutes(deps),
    accountUserAdminRoutes(deps),
    findingRoutes(deps),
    viewerRoutes(deps),
    attachmentRoutes(deps),
    downloadRoutes(deps),
    headerRoutes(deps),
    studyMaintenanceRoutes(deps),
    divergentRoutes(deps),
    studyRoutes(deps),
    reportRoutes(deps, 'study'),
    reportRoutes(deps, 'scheduled'),
    phraseRoutes(deps),
    maskRoutes(deps),
    labelRoutes(deps),
    notificationRoutes(deps),
    labelAdminRoutes(deps),
    errorTrackerRoutes(deps),
    connectRoutes(deps),
    studyImagingRoutes(deps),
    structuredRoutes(deps),
    certificateRoutes(deps),
    professionalIdRoutes(deps),
    documentRoutes(deps, 'study'),
    documentRoutes(deps, 'scheduled'),
    documentLinkRoutes(deps),
    printRoutes(deps),
    institutionRoutes(deps),
    reportImageRoutes(deps, 'study'),
    reportImageRoutes(deps, 'scheduled'),
    mailRoutes(deps),
    invitationRoutes(deps),
    openSignupRoutes(deps),
    auditRoutes(deps),
    managementRoutes(deps),
    resultAccessRoutes(deps),
    ...rolesAreaRoutes(deps),
    orchestratorRoutes(deps),
    accountRoutes(deps),
    accountSettingsRoutes(deps),
    institutionAdminRoutes(deps),
    ...catalogRoutes(deps),
  ];
}
