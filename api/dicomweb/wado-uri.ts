/**
 * WADO-URI (PS3.18 §9): `GET /wado?requestType=WADO&studyUID=…&seriesUID=…&objectUID=…`, at
 * the root where legacy viewers and PACS links expect it (and under /dicomweb). One instance
 * as application/dicom (in the transferSyntax asked when stored so, otherwise Explicit VR Little
 * Endian, decoded when the file is compressed: PS3.18 §8.2.11) or
 * rendered as JPEG/PNG with frameNumber, rows/columns, window and quality. A parameter it
 * does not apply is refused (400), a content type it cannot give is 406.
 */
import { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { EXPLICIT_LE, DECODABLE, IMPLICIT_LE, TranscodeError } from '../../imaging/transcode';

const BIG_ENDIAN = '1.2.840.10008.1.2.2';
import { transcoderFor } from '../../imaging/transcode-cache';
import { FrameError } from '../../imaging/frames';
import type { ApiDeps } from '../deps';
import { callerOf, requireDicomwebCaller } from './auth';
import { uidParam } from './routes';
import { callerInstances, instancesOrNotFound, requireAvailable } from './scope';
import { readInstance, sendRendered } from './wado';

const KNOWN = new Set([
  'requesttype',
  'studyuid',
  'seriesuid',
  'objectuid',
  'contenttype',
  'transfersyntax',
  'frame',
  'framenumber',
  'rows',
  'columns',
  'windowcenter',
  'windowwidth',
  'imagequality',
  'charset',
  'token',
]);

const num = z.coerce.number().finite();
export const WadoUriQuery = z.object({
  requestType: z.literal('WADO'),
  studyUID: z.string(),
  seriesUID: z.string(),
  objectUID: z.string(),
  contentType: z.string().optional(),
  transferSyntax: z
    .string()
    .regex(/^[0-9]+(\.[0-9]+)*$/)
    .max(64)
    .optional(),
  frameNumber: z.coerce.number().int().min(1).optional(),
  rows: z.coerce.number().int().min(1).max(8192).optional(),
  columns: z.coerce.number().int().min(1).max(8192).optional(),
  windowCenter: num.optional(),
  windowWidth: num.positive().optional(),
  imageQuality: z.coerce.number().int().min(1).max(100).optional(),
});

function parse(ctx: Context): z.infer<typeof WadoUriQuery> {
  const refused = Object.keys(ctx.query).filter((k) => !KNOWN.has(k.toLowerCase()));
  if (refused.length > 0) throw new AppError('DICOMWEB_UNSUPPORTED_QUERY', undefined, refused);
  const one = Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const q = WadoUriQuery.safeParse(one);
  if (!q.success) throw new AppError('MALFORMED_REQUEST');
  return q.data;
}

export function wadoUriRoutes(deps: ApiDeps): Router {
  const router = new Router();
  const handler = async (ctx: Context) => {
    const q = parse(ctx);
    const uids = { study: uidParam(q.studyUID), series: uidParam(q.seriesUID), instance: uidParam(q.objectUID) };
    const [row] = requireAvailable(await instancesOrNotFound(callerInstances(deps.knex, callerOf(ctx), uids)));
    // contentType is a list in order of preference; the default is a JPEG rendering.
    const types = (q.contentType ?? 'image/jpeg').split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
    // transferSyntax "shall not be present if contentType is other than application/dicom" (§8.2.11).
    if (q.transferSyntax && !types.includes('application/dicom')) throw new AppError('MALFORMED_REQUEST');
    for (const type of types) {
      if (type === 'application/dicom') {
        // PS3.18 §8.2.11: the syntax asked when the file is in it, else Explicit VR Little Endian
        // (the default too) — never Implicit VR or Big Endian. A file we cannot decode (video,
        // a syntax without a decoder here) goes as stored unless another syntax was asked.
        const stored = row!.transfer_syntax_uid;
        const asked = q.transferSyntax;
        const asStored =
          stored === EXPLICIT_LE ||
          (asked === stored && stored !== IMPLICIT_LE && stored !== BIG_ENDIAN) ||
          ((asked ?? stored) === stored && !DECODABLE.has(stored));
        if (asStored) {
          ctx.type = 'application/dicom';
          ctx.body = await readInstance(deps.storage, row!);
          return;
        }
        if (DECODABLE.has(stored)) {
          try {
            const t = await transcoderFor(deps.storage).instance(row!.object_key, row!.number_of_frames);
            ctx.type = 'application/dicom';
            ctx.length = t.size;
            ctx.body = Readable.from(
              (async function* () {
                yield t.head;
                yield* t.body;
              })(),
            );
            return;
          } catch (err) {
            if (!(err instanceof TranscodeError || err instanceof FrameError)) throw err;
          }
        }
        continue;
      }
      if (type === 'image/jpeg' || type === 'image/png' || type === '*/*' || type === 'image/*') {
        const size = q.rows ?? q.columns;
        await sendRendered(ctx, deps.storage, row!, {
          frame: (q.frameNumber ?? 1) - 1,
          format: type === 'image/png' ? 'png' : 'jpeg',
          quality: q.imageQuality,
          ...(q.windowCenter !== undefined && q.windowWidth ? { window: { center: q.windowCenter, width: q.windowWidth } } : {}),
          ...(size ? { maxSize: Math.min(q.rows ?? size, q.columns ?? size) } : {}),
        });
        return;
      }
    }
    throw new AppError('DICOMWEB_NOT_ACCEPTABLE');
  };
  for (const path of ['/wado', '/dicomweb/wado']) router.get(path, requireDicomwebCaller(deps.knex), handler);
  return router;
}
