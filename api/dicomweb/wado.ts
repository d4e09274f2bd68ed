/**
 * WADO-RS (PS3.18 §10.4): instances as multipart/related application/dicom (or one instance
 * single-part) with the bytes exactly as received or decoded to Explicit VR Little Endian,
 * metadata as DICOM JSON, frames as multipart/related octet-stream (one frame single-part),
 * rendered JPEG/PNG with window/level, and thumbnails.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type * as dicomParser from 'dicom-parser';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { FrameError } from '../../imaging/frames';
import { parseP10 } from '../../imaging/p10-parse';
import { RenderError, type RenderOptions, renderFrame } from '../../imaging/render';
import { frameSourceFor } from '../../imaging/frame-source';
import type { ObjectStorage } from '../../storage/object-storage';
import { EXPLICIT_LE, TranscodeError } from '../../imaging/transcode';
import { transcoderFor } from '../../imaging/transcode-cache';
import { type FramePlan, type Representation, parseAccept } from './accept';
import type { InstanceRow } from './scope';

/** An instance's parts: as stored, or decoded to Explicit VR Little Endian (imaging/transcode-cache.ts). */
async function instanceBody(
  storage: ObjectStorage,
  row: InstanceRow,
  representation: Representation,
): Promise<{ syntax: string; chunks: AsyncIterable<Buffer>; size: number | null }> {
  if (representation === 'uncompressed' && row.transfer_syntax_uid !== EXPLICIT_LE) {
    try {
      const t = await transcoderFor(storage).instance(row.object_key, row.number_of_frames);
      return {
        syntax: EXPLICIT_LE,
        chunks: (async function* () {
          yield t.head;
          yield* t.body;
        })(),
        size: t.size,
      };
    } catch (err) {
      if (err instanceof TranscodeError || err instanceof FrameError) throw new AppError('DICOMWEB_NOT_ACCEPTABLE');
      throw err;
    }
  }
  return { syntax: row.transfer_syntax_uid, chunks: (await storage.get(row.object_key)) as AsyncIterable<Buffer>, size: null };
}

async function pipeInto(out: PassThrough, chunks: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of chunks) {
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
}

/**
 * Streams the instances one after the other as one multipart/related body: as stored, or
 * (representation 'uncompressed') each one not already Explicit VR Little Endian decoded and
 * rewritten so. The first instance is opened (and, when decoded, its first frame decoded)
 * before the answer starts, so one that cannot be served is a 406, not a broken body.
 */
export async function sendInstances(
  ctx: Context,
  storage: ObjectStorage,
  rows: InstanceRow[],
  representation: Representation = 'stored',
): Promise<void> {
  const boundary = `laudos-${randomUUID()}`;
  const first = await instanceBody(storage, rows[0]!, representation);
  const out = new PassThrough();
  ctx.status = 200;
  ctx.type = `multipart/related; type="application/dicom"; boundary=${boundary}`;
  ctx.body = out;
  void (async () => {
    try {
      for (const [i, r] of rows.entries()) {
        const part = i === 0 ? first : await instanceBody(storage, r, representation);
        out.write(`--${boundary}\r\nContent-Type: application/dicom; transfer-syntax=${part.syntax}\r\n\r\n`);
        await pipeInto(out, part.chunks);
        out.write('\r\n');
      }
      out.end(`--${boundary}--\r\n`);
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
}

/** One instance as a single-part application/dicom body (a bare `Accept: application/dicom`). */
export async function sendInstance(
  ctx: Context,
  storage: ObjectStorage,
  row: InstanceRow,
  representation: Representation,
): Promise<void> {
  const part = await instanceBody(storage, row, representation);
  ctx.status = 200;
  ctx.type = `application/dicom; transfer-syntax=${part.syntax}`;
  if (part.size !== null) ctx.length = part.size;
  ctx.body = Readable.from(part.chunks);
}

/** Frames as one multipart/related body, each part of the negotiated type (accept.ts), or one frame alone. */
export function sendFrames(ctx: Context, frames: Buffer[], plan: FramePlan): void {
  if (plan.singlePart) {
    ctx.status = 200;
    ctx.type = plan.partType;
    ctx.body = frames[0]!;
    return;
  }
  const boundary = `laudos-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const bytes of frames) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${plan.partType}\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  ctx.status = 200;
  ctx.type = `multipart/related; type="${plan.relatedType}"; boundary=${boundary}`;
  ctx.body = Buffer.concat(chunks);
}

export async function readInstance(storage: ObjectStorage, row: InstanceRow): Promise<Buffer> {
  return buffer(await storage.get(row.object_key));
}

/** Frame numbers of a `1,2,3` path segment. */
export function frameList(v: string | undefined): number[] {
  const list = (v ?? '').split(',').map((s) => Number(s.trim()));
  if (list.length === 0 || list.length > 1000 || list.some((n) => !Number.isInteger(n) || n < 1)) throw new AppError('NOT_FOUND');
  return list;
}

/** Frames (1-based) of an instance: as stored, or decoded (representation 'uncompressed'). */
export async function framesOf(
  storage: ObjectStorage,
  row: InstanceRow,
  frames: number[],
  representation: Representation = 'stored',
): Promise<Buffer[]> {
  if (frames.some((n) => n > Math.max(1, row.number_of_frames))) throw new AppError('NOT_FOUND');
  try {
    if (representation === 'uncompressed') {
      const transcoder = transcoderFor(storage);
      const out: Buffer[] = [];
      for (const n of frames) out.push((await transcoder.frame(row.object_key, n)).bytes);
      return out;
    }
    // As stored: byte ranges through the frame index (imaging/frame-source.ts), not the whole file.
    const source = frameSourceFor(storage);
    const out: Buffer[] = [];
    for (const n of frames) out.push(Buffer.concat((await source.frame(row.object_key, n)).parts));
    return out;
  } catch (err) {
    if (err instanceof FrameError) throw new AppError('NOT_FOUND');
    if (err instanceof TranscodeError) throw new AppError('DICOMWEB_NOT_ACCEPTABLE');
    throw err;
  }
}

export const RenderQuery = z.object({
  token: z.string().optional(),
  /** PS3.18 window: center,width[,function]. */
  window: z
    .string()
    .regex(/^-?\d+(\.\d+)?,\d+(\.\d+)?(,[a-z_]+)?$/i)
    .optional(),
  quality: z.coerce.number().int().min(1).max(100).optional(),
  viewport: z
    .string()
    .regex(/^\d{1,4},\d{1,4}$/)
    .optional(),
  format: z.enum(['jpeg', 'png']).optional(),
});

/** The rendered format an Accept header takes (first acceptable range wins); null when none. */
export function renderedFormat(accept: string | undefined): 'jpeg' | 'png' | null {
  for (const r of parseAccept(accept)) {
    const type = r.type === 'multipart/related' ? (r.params.type ?? '').toLowerCase() : r.type;
    if (type === 'image/png') return 'png';
    if (['*/*', 'image/*', 'image/jpeg'].includes(type)) return 'jpeg';
  }
  return null;
}

/** Render options of a request; DICOMWEB_NOT_ACCEPTABLE when Accept takes neither JPEG nor PNG. */
export function renderOptions(ctx: Context, q: z.infer<typeof RenderQuery>, frame: number): RenderOptions {
  const accepted = renderedFormat(ctx.get('accept'));
  if (!accepted && !q.format) throw new AppError('DICOMWEB_NOT_ACCEPTABLE');
  const format = q.format ?? accepted!;
  const [center, width] = q.window ? q.window.split(',').map(Number) : [];
  const [vw, vh] = q.viewport ? q.viewport.split(',').map(Number) : [];
  return {
    frame: frame - 1,
    format,
    quality: q.quality,
    ...(q.window && width! > 0 ? { window: { center: center!, width: width! } } : {}),
    ...(vw && vh ? { maxSize: Math.min(vw, vh) } : {}),
  };
}

export async function sendRendered(ctx: Context, storage: ObjectStorage, row: InstanceRow, opts: RenderOptions): Promise<void> {
  try {
    const { frame, ...rest } = opts;
    const image = await frameSourceFor(storage).render(row.object_key, (frame ?? 0) + 1, rest);
    ctx.type = image.contentType;
    ctx.body = image.body;
  } catch (err) {
    if (err instanceof RenderError) throw new AppError('NOT_FOUND');
    throw err;
  }
}

/** Several rendered images as one multipart/related body (a study's or series' rendered resource). */
export async function sendRenderedParts(
  ctx: Context,
  storage: ObjectStorage,
  rows: InstanceRow[],
  opts: RenderOptions,
): Promise<void> {
  const boundary = `laudos-${randomUUID()}`;
  const chunks: Buffer[] = [];
  let type = 'image/jpeg';
  for (const row of rows) {
    try {
      const image = await renderFrame(await readInstance(storage, row), opts);
      type = image.contentType;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${type}\r\n\r\n`), image.body, Buffer.from('\r\n'));
    } catch (err) {
      if (!(err instanceof RenderError)) throw err; // an instance without pixels has no rendering
    }
  }
  if (chunks.length === 0) throw new AppError('NOT_FOUND');
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  ctx.type = `multipart/related; type="${type}"; boundary=${boundary}`;
  ctx.body = Buffer.concat(chunks);
}

const BINARY_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN']);

/**
 * An instance's metadata as PS3.18 §F.2.6 wants it: every top-level binary value (pixel data
 * included) as a BulkDataURI the bulkdata resource serves.
 */
export function withBulkData(row: InstanceRow, instanceUrl: string): Record<string, unknown> {
  const meta: Record<string, unknown> = { ...row.metadata };
  for (const [tag, el] of Object.entries(row.metadata)) {
    if (BINARY_VRS.has(el.vr) && el.Value === undefined && !tag.startsWith('0002')) {
      meta[tag] = { vr: el.vr, BulkDataURI: `${instanceUrl}/bulkdata/${tag}` };
    }
  }
  const bits = Number(row.metadata['00280100']?.Value?.[0] ?? 16);
  const native = ['1.2.840.10008.1.2', EXPLICIT_LE, '1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.2'].includes(
    row.transfer_syntax_uid,
  );
  if (row.metadata['00280010']) {
    meta['7FE00010'] = { vr: native && bits > 8 ? 'OW' : 'OB', BulkDataURI: `${instanceUrl}/bulkdata/7FE00010` };
  }
  return meta;
}

/** The value of a top-level binary element (not pixel data: frames serve those), or null. */
export function elementBytes(p10: Buffer, tag: string): Buffer | null {
  let ds: dicomParser.DataSet;
  try {
    ds = parseP10(new Uint8Array(p10.buffer, p10.byteOffset, p10.byteLength), { untilTag: 'x7fe00010' });
  } catch {
    return null;
  }
  const el = ds.elements[`x${tag.toLowerCase()}`];
  if (!el || el.items || el.hadUndefinedLength) return null;
  // The parsed bytes: a deflated file's offsets are in its inflated data set.
  return Buffer.from(ds.byteArray.buffer, ds.byteArray.byteOffset + el.dataOffset, el.length);
}
