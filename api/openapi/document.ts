/**
 * The OpenAPI 3.1 document of the api, built from the routers themselves (walk.ts) and the zod
 * schemas the handlers validate with (registry.ts). zod's JSON Schema is 2020-12, OpenAPI 3.1's
 * dialect, so the schemas go in as they are.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { dicomwebOperation } from './dicomweb';
import { UuidParam } from '../http/validate';
import { NO_JSON_BODY, OPERATIONS, type OperationSchemas } from './registry';
import type { RouteOperation } from './walk';

type Json = Record<string, unknown>;

/** JSON Schema of what the client sends (`input`: before defaults and transforms) or of what the api answers (`output`). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** `/studies/:id/reports/:file` → `/api/studies/{id}/reports/{file}`, with the names of its parameters. */
export function openApiPath(path: string, prefix = '/api'): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: `${prefix}${converted}`, params };
}

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'description'],
      properties: {
        code: { type: 'string' },
        description: { type: 'string' },
        // The refusal's details (some codes), and the request id of an INTERNAL_ERROR.
        details: {},
        id: { type: 'string' },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A query schema's properties as query parameters (an object schema; anything else is one free-form parameter set). */
function queryParameters(schema: z.ZodType): Json[] {
  const js = jsonSchema(schema);
  // An intersection (`a.and(b)`) is allOf: its parts' properties together.
  const parts = [js, ...((js.allOf as Json[] | undefined) ?? [])];
  const required = new Set(parts.flatMap((p) => (p.required as string[] | undefined) ?? []));
  return parts
    .flatMap((p) => Object.entries((p.properties ?? {}) as Record<string, Json>))
    .map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

const ERRORS = {
  '4XX': errorResponse('Refused: the one error shape (domain/errors.ts)'),
  '5XX': errorResponse('Failed: the one error shape'),
};

/**
 * The parameters every handler reads with uuidParam (api/http/validate.ts): a row's id, any
 * other value answers 404. The others (tokens, codes, UIDs, file names) are strings.
 */
const UUID_PARAMS = new Set([
  'id',
  'accountId',
  'userId',
  'studyId',
  'connectionId',
  'fieldValueId',
  'invitationId',
  'keyId',
  'labelId',
  'notificationId',
  'phraseId',
]);
const pathSchema = (name: string): Json => (UUID_PARAMS.has(name) ? jsonSchema(UuidParam) : { type: 'string' });

/** The 2xx (and 302) answers: a JSON schema, 204 without a body, or the media types of a file. */
function success(s: OperationSchemas): Json {
  const answers: Json = {};
  if (s.response)
    answers['2XX'] = { description: 'Success', content: { 'application/json': { schema: jsonSchema(s.response, 'output') } } };
  else if (s.noContent) answers['204'] = { description: 'Done; no body' };
  else if (s.media)
    answers['2XX'] = {
      description: 'The file',
      content: Object.fromEntries(s.media.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  else answers['2XX'] = { description: 'Success (body not described yet)' };
  if (s.redirect)
    answers['302'] = {
      description: 'The bytes are elsewhere (a presigned address of the object storage)',
      headers: { Location: { required: true, schema: { type: 'string' } } },
    };
  return answers;
}

function operation(route: RouteOperation, params: string[]): Json {
  const key = `${route.method} ${route.path}`;
  const schemas = OPERATIONS[key] ?? {};
  const parameters: Json[] = params.map((name) => ({ name, in: 'path', required: true, schema: pathSchema(name) }));
  if (schemas.query) parameters.push(...queryParameters(schemas.query));
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method) && !(key in NO_JSON_BODY);
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
    tags: [route.path.split('/')[1] ?? 'api'],
    ...(parameters.length ? { parameters } : {}),
    ...(route.session ? {} : { security: [] }),
    responses: { ...success(schemas), ...ERRORS },
  };
  if (withBody)
    op.requestBody = {
      required: schemas.body !== undefined,
      content: { 'application/json': { schema: schemas.body ? jsonSchema(schemas.body) : { type: 'object' } } },
    };
  if (key in NO_JSON_BODY) op.description = `No JSON body: ${NO_JSON_BODY[key]}.`;
  return op;
}

/**
 * zod gives a recursive schema (a structured form's fields) its parts in `$defs`, referred to as
 * `#/$defs/…`: inside the document that points at the document's root. They move to
 * components.schemas, named by their content (the same part twice is one component).
 */
function hoistDefs(node: unknown, components: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => hoistDefs(n, components));
  if (!node || typeof node !== 'object') return node;
  const { $defs, ...rest } = node as Json;
  let names: Record<string, string> = {};
  if ($defs && typeof $defs === 'object') {
    names = Object.fromEntries(
      Object.entries($defs as Json).map(([name, def]) => [
        name,
        `Def${createHash('sha256').update(JSON.stringify(def)).digest('hex').slice(0, 12)}`,
      ]),
    );
  }
  const renamed = renameRefs(rest, names);
  for (const [name, def] of Object.entries(($defs ?? {}) as Json))
    components[names[name]!] = hoistDefs(renameRefs(def, names), components);
  return Object.fromEntries(Object.entries(renamed as Json).map(([k, v]) => [k, hoistDefs(v, components)]));
}

function renameRefs(node: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => renameRefs(n, names));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Json).map(([k, v]) => {
      const def = k === '$ref' && typeof v === 'string' ? /^#\/\$defs\/(.+)$/.exec(v)?.[1] : undefined;
      if (def !== undefined && names[def]) return [k, `#/components/schemas/${names[def]}`];
      return [k, renameRefs(v, names)];
    }),
  );
}

/**
 * The document for these operations (routeOperations of apiRouters, plus what is mounted beside
 * them), and the DICOMweb ones (mounted at the root, not under /api).
 */
export function openApiDocument(routes: RouteOperation[], version: string, dicomweb: RouteOperation[] = []): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const { path, params } = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, params);
  }
  for (const route of dicomweb) {
    const { path, params } = openApiPath(route.path, '');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = dicomwebOperation(route, params, queryParameters, ERRORS);
  }
  const schemas: Json = { Error: ERROR_SCHEMA };
  const hoisted = hoistDefs(paths, schemas) as Record<string, Json>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Laudos API',
      version,
      description:
        'Every route under /api. Errors always answer `{ error: { code, description } }`. ' +
        'Authenticate with the `access_token` header that `POST /api/auth` returns.',
    },
    servers: [{ url: '/' }],
    security: [{ accessToken: [] }],
    components: {
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
        // DICOMweb also takes the token as `Authorization: Bearer`, and an image token in the URL (reads).
        bearer: { type: 'http', scheme: 'bearer' },
        imageToken: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas,
    },
    paths: hoisted,
  };
}
