/**
 * Issue 19: the OpenAPI 3.1 document served at /api/openapi.json lists every route the routers
 * answer (walked here independently of api/openapi/walk.ts), with `{param}` paths, the
 * access_token security except on the public routes, and the registered zod schemas; the
 * reference page and its assets are served from the platform itself (no CDN).
 */
import pino from 'pino';
import { z } from 'zod';
import { apiRouters } from '../../api/app';
import type { ApiDeps } from '../../api/deps';
import { jsonSchema, openApiPath } from '../../api/openapi/document';
import { DUPLICATE_KEYS, NO_JSON_BODY, OPERATIONS, answerDescribed } from '../../api/openapi/registry';
import { LoginBody } from '../../domain/auth/schemas';
import { StudyListQuery } from '../../domain/studies/schemas';
import { launchChromium } from '../support/browser';
import { platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ worker: false });

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content: Record<string, { schema: unknown }> };
      }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
};
let doc: Doc;

/** Every `METHOD path` of the routers (HEAD mirrors GET), as the permission matrix walks them. */
function routerRoutes(): string[] {
  const deps = { knex: suite.knex, config: suite.config, logger: pino({ level: 'silent' }) } as unknown as ApiDeps;
  // GET /health is mounted beside the routers (api/app.ts), and documented like them.
  const out = new Set<string>(['GET /health']);
  for (const router of apiRouters(deps))
    for (const layer of router.stack) for (const m of layer.methods) if (m !== 'HEAD') out.add(`${m} ${String(layer.path)}`);
  return [...out];
}

const opOf = (method: string, path: string) => doc.paths[openApiPath(path).path]?.[method.toLowerCase()];

beforeAll(async () => {
  const res = await fetch(suite.apiUrl('/openapi.json'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = (await res.json()) as Doc;
});

it('is OpenAPI 3.1 and lists every route of the routers, with {param} paths', () => {
  expect(doc.openapi).toBe('3.1.0');
  const routes = routerRoutes();
  expect(routes.length).toBeGreaterThan(300);
  const missing = routes.map((r) => r.split(' ') as [string, string]).filter(([m, p]) => !opOf(m, p));
  expect(missing).toEqual([]);
  expect(Object.keys(doc.paths).filter((p) => p.includes('/:'))).toEqual([]);
  const op = opOf('POST', '/studies/:id/reports/sign')!;
  expect(doc.paths['/api/studies/{id}/reports/sign']).toBeDefined();
  expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
  expect(opOf('GET', '/health')).toBeDefined();
});

it('secures the session routes with the access_token header and leaves the public ones open', () => {
  expect(doc.components.securitySchemes.accessToken).toEqual({ type: 'apiKey', in: 'header', name: 'access_token' });
  for (const [m, p] of [
    ['POST', '/auth'],
    ['GET', '/files/:token'],
    ['GET', '/public/verify/:code'],
    ['POST', '/public/critical-ack/:token'],
    ['POST', '/portal/login'],
    ['GET', '/openapi.json'],
    ['GET', '/health'],
  ] as const)
    expect([`${m} ${p}`, opOf(m, p)?.security]).toEqual([`${m} ${p}`, []]);
  for (const [m, p] of [
    ['GET', '/studies'],
    ['POST', '/studies/:id/reports/sign'],
    ['POST', '/auth/changePassword'],
    ['GET', '/accounts/:id/config'],
    ['GET', '/auth/sessions'],
  ] as const)
    expect([`${m} ${p}`, opOf(m, p)?.security]).toEqual([`${m} ${p}`, undefined]);
});

it('documents the registered request schemas from the zod objects the handlers use', () => {
  const routes = new Set(routerRoutes());
  // A registry key that names no route would be a schema documented for nothing.
  expect(Object.keys(OPERATIONS).filter((k) => !routes.has(k))).toEqual([]);
  expect(DUPLICATE_KEYS).toEqual([]);
  for (const [key, s] of Object.entries(OPERATIONS)) {
    for (const schema of [s.body, s.query]) if (schema) expect([key, typeof jsonSchema(schema)]).toEqual([key, 'object']);
    if (s.response) expect([key, typeof jsonSchema(s.response, 'output')]).toEqual([key, 'object']);
  }
  expect(opOf('POST', '/auth')!.requestBody!.content['application/json']!.schema).toEqual(jsonSchema(LoginBody));
  const listParams = (opOf('GET', '/studies')!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const props = Object.keys((jsonSchema(StudyListQuery).properties ?? {}) as object);
  expect(props.length).toBeGreaterThan(3);
  expect(listParams.sort()).toEqual(props.sort());
  expect(jsonSchema(z.object({ a: z.string() }))).not.toHaveProperty('$schema');
  // A response schema goes in as what the api answers (output), under 2XX.
  const list = opOf('GET', '/studies') as unknown as {
    responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
  };
  expect(Object.keys(list.responses['2XX']!.content!['application/json']!.schema.properties ?? {})).toEqual(
    expect.arrayContaining(['studies', 'total', 'page', 'pageSize']),
  );
});

it('describes the body of every operation that takes one, and the most used answers', () => {
  const routes = routerRoutes();
  // A POST, PUT or PATCH added without its body schema (or its reason for having none) fails here.
  const writes = routes.filter((r) => /^(POST|PUT|PATCH) /.test(r));
  expect(writes.filter((r) => !OPERATIONS[r]?.body && !(r in NO_JSON_BODY))).toEqual([]);
  expect(Object.keys(NO_JSON_BODY).filter((r) => !routes.includes(r) || OPERATIONS[r]?.body)).toEqual([]);
  for (const r of writes.filter((w) => !(w in NO_JSON_BODY))) {
    const [m, p] = r.split(' ') as [string, string];
    expect([r, Object.keys(opOf(m, p)!.requestBody!.content)]).toEqual([r, ['application/json']]);
  }
  const described = (r: string) => OPERATIONS[r]?.body ?? OPERATIONS[r]?.query;
  // Issue 19's passes: 155 → 206 → 211 request schemas (the rest take only their path) and
  // 32 → 139 → 282 JSON answers of 352 operations; every answer is now described (JSON, 204 or
  // its media types), and one added without its description fails here.
  expect(routes.filter(described).length).toBeGreaterThanOrEqual(211);
  expect(routes.filter((r) => OPERATIONS[r]?.response).length).toBeGreaterThanOrEqual(282);
  expect(routes.filter((r) => !answerDescribed(OPERATIONS[r]))).toEqual([]);
  for (const r of ['GET /auth', 'POST /auth', 'GET /accounts', 'GET /institutions', 'GET /exams', 'GET /studies/:id'])
    expect([r, OPERATIONS[r]?.response !== undefined]).toEqual([r, true]);
});

it('lists the DICOMweb operations with their media types', () => {
  const ops = doc.paths as unknown as Record<
    string,
    Record<string, { tags: string[]; responses: Record<string, { content?: object }> }>
  >;
  const dicomweb = Object.entries(ops).filter(([p]) => p.startsWith('/dicomweb') || p === '/wado');
  expect(dicomweb.length).toBeGreaterThan(15);
  for (const [, methods] of dicomweb) for (const op of Object.values(methods)) expect(op.tags).toEqual(['dicomweb']);
  expect(Object.keys(ops['/dicomweb/studies']!.get!.responses['2XX']!.content!)).toEqual(['application/dicom+json']);
  expect(Object.keys(ops['/dicomweb/studies']!.post!.responses['2XX']!.content!)).toEqual(['application/dicom+json']);
  expect(ops['/dicomweb/studies/{study}/series/{series}/instances/{instance}/rendered']).toBeDefined();
  expect(ops['/wado']!.get).toBeDefined();
});

it('serves the reference page and its assets from the platform (no CDN)', async () => {
  const page = await fetch(suite.apiUrl('/docs'));
  expect(page.status).toBe(200);
  const html = await page.text();
  const srcs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  expect(srcs.length).toBe(3);
  for (const src of srcs) {
    expect(src.startsWith('/api/docs/')).toBe(true);
    const asset = await fetch(suite.apiUrl(src));
    expect([src, asset.status]).toEqual([src, 200]);
    expect((await asset.text()).length).toBeGreaterThan(src.endsWith('start.js') ? 20 : 10_000);
  }
  expect((await fetch(suite.apiUrl('/docs/package.json'))).status).toBe(404);
});

it('the reference page renders the operations in a browser, offline (only the platform is reached)', async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const origin = new URL(suite.apiUrl('/docs')).origin;
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Deep link to one operation: Swagger UI renders its (virtualised) list down to it and opens it.
    await page.goto(`${suite.apiUrl('/docs')}#/studies/postStudiesIdReportsSign`);
    await page.locator('.title', { hasText: 'Laudos API' }).waitFor({ timeout: 30_000 });
    const sign = page.locator('.opblock-summary-path', { hasText: /^\/api\/studies\/\{id\}\/reports\/sign$/ });
    await sign.first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  } finally {
    await browser.close();
  }
});
