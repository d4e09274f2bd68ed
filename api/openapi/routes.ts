/**
 * GET /api/openapi.json (the document) and GET /api/docs (the reference page), both public.
 * The page is Swagger UI from the swagger-ui-dist package, served from node_modules here: no CDN,
 * nothing in the web app's bundles. Its start script is a file too (the CSP refuses inline scripts).
 */
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { AppError } from '../../domain/errors';
import { openApiDocument } from './document';
import type { RouteOperation } from './walk';

const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Laudos API</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body>
</html>
`;
// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });\n`;

/**
 * `operations`: every operation of the api, read once, on the first request (the routers are
 * built by then); `dicomweb`: the DICOMweb ones, mounted at the root.
 */
export function openApiRoutes(operations: () => RouteOperation[], dicomweb: () => RouteOperation[] = () => []): Router {
  const router = new Router();
  let document: string | undefined;
  const version = (
    JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
  ).version;

  router.get('/openapi.json', (ctx) => {
    document ??= JSON.stringify(openApiDocument(operations(), version, dicomweb()));
    ctx.type = 'application/json';
    ctx.body = document;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get('/docs/start.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = START;
  });
  router.get('/docs/:asset', async (ctx) => {
    const name = String(ctx.params.asset);
    const type = ASSETS[name];
    if (!type) throw new AppError('NOT_FOUND');
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await fs.promises.readFile(path.join(SWAGGER_DIR, name));
  });
  return router;
}
