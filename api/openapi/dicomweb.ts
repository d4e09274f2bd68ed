/**
 * The DICOMweb operations (mounted at the root, beside /api: /dicomweb and WADO-URI's /wado),
 * described by their media types: QIDO-RS answers DICOM JSON, WADO-RS multipart/related DICOM
 * parts, frames or bulk data, renders JPEG or PNG, and STOW-RS takes multipart/related DICOM.
 * The query schemas are the handlers' own zod objects; QIDO's matching keys are any DICOM
 * attribute (keyword or tag), parsed by qido-keys.ts, so they are one free-form parameter.
 */
import type { z } from 'zod';
import { StowQuery } from '../dicomweb/routes';
import { RenderQuery } from '../dicomweb/wado';
import { WadoUriQuery } from '../dicomweb/wado-uri';
import type { RouteOperation } from './walk';

type Json = Record<string, unknown>;

const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
const dicomJson = { description: 'DICOM JSON (PS3.18 F)', content: { 'application/dicom+json': { schema: { type: 'array' } } } };
const multipart = (type: string) => ({ [`multipart/related; type="${type}"`]: { schema: binary } });
const images = { 'image/jpeg': { schema: binary }, 'image/png': { schema: binary } };

const QIDO_PARAMETERS: Json[] = [
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
  { name: 'includefield', in: 'query', schema: { type: 'string' }, description: 'Attributes to add, or `all`' },
  { name: 'fuzzymatching', in: 'query', schema: { type: 'boolean' } },
  {
    name: 'match',
    in: 'query',
    style: 'form',
    explode: true,
    description: 'Matching keys: any DICOM attribute keyword or tag (e.g. PatientName=DOE*, 0020000D=1.2.3)',
    schema: { type: 'object', additionalProperties: { type: 'string' } },
  },
];

interface Shape {
  summary: string;
  query?: z.ZodType;
  parameters?: Json[];
  request?: Json;
  answer: Json;
}

/** What an operation of the DICOMweb routers is, from its method and path. */
function shapeOf(method: string, path: string): Shape {
  if (path === '/wado' || path === '/dicomweb/wado')
    return {
      summary: 'WADO-URI: one instance, as DICOM or rendered',
      query: WadoUriQuery,
      answer: { description: 'The instance', content: { 'application/dicom': { schema: binary }, ...images } },
    };
  if (method === 'POST')
    return {
      summary: 'STOW-RS: store instances',
      query: StowQuery,
      request: { required: true, content: multipart('application/dicom') },
      answer: dicomJson,
    };
  if (/\/(rendered|thumbnail)$/.test(path))
    return { summary: 'WADO-RS: rendered', query: RenderQuery, answer: { description: 'The image', content: images } };
  if (path.endsWith('/metadata')) return { summary: 'WADO-RS: metadata', answer: dicomJson };
  if (/\/frames\/:frames$/.test(path))
    return {
      summary: 'WADO-RS: frames',
      answer: { description: 'The frames', content: { ...multipart('application/octet-stream'), ...images } },
    };
  if (path.includes('/bulkdata/'))
    return {
      summary: 'WADO-RS: bulk data',
      answer: {
        description: 'The value',
        content: { ...multipart('application/octet-stream'), 'application/octet-stream': { schema: binary } },
      },
    };
  if (/\/(studies|series|instances)$/.test(path))
    return { summary: 'QIDO-RS: search', parameters: QIDO_PARAMETERS, answer: dicomJson };
  return {
    summary: 'WADO-RS: retrieve instances',
    answer: {
      description: 'The instances',
      content: { ...multipart('application/dicom'), 'application/dicom': { schema: binary } },
    },
  };
}

/** The OpenAPI operation of one DICOMweb route (`params`: its path parameters, `query`: how a zod query becomes parameters). */
export function dicomwebOperation(
  route: RouteOperation,
  params: string[],
  query: (schema: z.ZodType) => Json[],
  errors: Json,
): Json {
  const shape = shapeOf(route.method, route.path);
  const parameters: Json[] = [
    ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(shape.query ? query(shape.query) : []),
    ...(shape.parameters ?? []),
  ];
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
    tags: ['dicomweb'],
    summary: shape.summary,
    ...(parameters.length ? { parameters } : {}),
    // A session or Connect key as a header (access_token or Bearer), or a read's image token in the URL.
    security: [{ accessToken: [] }, { bearer: [] }, ...(route.method === 'GET' ? [{ imageToken: [] }] : [])],
    ...(shape.request ? { requestBody: shape.request } : {}),
    responses: { '2XX': shape.answer, ...errors },
  };
}
