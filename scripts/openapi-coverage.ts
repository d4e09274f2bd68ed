/**
 * How much of the OpenAPI document is described (issue 19): operations under /api, those with a
 * registered request schema (body or query) and those with a response schema, and the DICOMweb
 * operations. `npx tsx scripts/openapi-coverage.ts list` also lists the /api operations without
 * a request schema, and `answers` those whose answer is not described.
 */
import pino from 'pino';
import { config } from '../config/config';
import { apiRouters } from '../api/app';
import type { ApiDeps } from '../api/deps';
import { dicomwebRoutes } from '../api/dicomweb/routes';
import { wadoUriRoutes } from '../api/dicomweb/wado-uri';
import { openApiDocument } from '../api/openapi/document';
import { OPERATIONS, answerDescribed } from '../api/openapi/registry';
import { routeOperations } from '../api/openapi/walk';

// The routers only need deps when a request comes: building them reads none of it.
const deps = { knex: {}, config: config(), logger: pino({ level: 'silent' }) } as unknown as ApiDeps;
const ops = [{ method: 'GET', path: '/health', session: false }, ...routeOperations(apiRouters(deps))];
const dicomweb = routeOperations([dicomwebRoutes(deps), wadoUriRoutes(deps)]);
const doc = openApiDocument(ops, '0', dicomweb) as { paths: Record<string, Record<string, unknown>> };
const schemas = ops.map((o) => ({ key: `${o.method} ${o.path}`, s: OPERATIONS[`${o.method} ${o.path}`] ?? {} }));
const requests = schemas.filter(({ s }) => s.body || s.query);
const responses = schemas.filter(({ s }) => s.response);
const answers = schemas.filter(({ s }) => answerDescribed(s));
const inDocument = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
console.log(
  `/api operations ${ops.length}: with a request schema ${requests.length}, with a response schema ${responses.length}, with the answer described ${answers.length}; ` +
    `DICOMweb operations ${dicomweb.length}; operations in the document ${inDocument}`,
);
if (process.argv[2] === 'list') for (const { key, s } of schemas) if (!s.body && !s.query) console.log(key);
if (process.argv[2] === 'answers') for (const { key, s } of schemas) if (!answerDescribed(s)) console.log(key);
