/**
 * How much of the OpenAPI document is described (issue 19): operations, those with a request
 * schema (body or query) and those with a response schema. `npx tsx scripts/openapi-coverage.ts list`
 * also lists the operations without a request schema.
 */
import pino from 'pino';
import { config } from '../config/config';
import { apiRouters } from '../api/app';
import type { ApiDeps } from '../api/deps';
import { OPERATIONS } from '../api/openapi/registry';
import { routeOperations } from '../api/openapi/walk';

// The routers only need deps when a request comes: building them reads none of it.
const deps = { knex: {}, config: config(), logger: pino({ level: 'silent' }) } as unknown as ApiDeps;
const ops = [{ method: 'GET', path: '/health', session: false }, ...routeOperations(apiRouters(deps))];
const schemas = ops.map((o) => ({ key: `${o.method} ${o.path}`, s: OPERATIONS[`${o.method} ${o.path}`] ?? {} }));
const requests = schemas.filter(({ s }) => s.body || s.query);
const responses = schemas.filter(({ s }) => s.response);
console.log(`operations ${ops.length}, with a request schema ${requests.length}, with a response schema ${responses.length}`);
if (process.argv[2] === 'list') for (const { key, s } of schemas) if (!s.body && !s.query) console.log(key);
