/**
 * WADO-RS (PS3.18 §10.4): instances as multipart/related application/dicom with the bytes
 * exactly as received, metadata as DICOM JSON, frames as multipart/related octet-stream,
 * rendered JPEG/PNG with window/level, and thumbnails.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { FrameError, frameBytes } from '../../imaging/frames';
import { RenderError, type RenderOptions, renderFrame } from '../../imaging/render';
import type { ObjectStorage } from '../../storage/object-storage';
import type { InstanceRow } from './scope';

/** Streams the instances one after the other as one multipart/related body. */
export function sendInstances(ctx: Context, storage: ObjectStorage, rows: InstanceRow[]): void {
  const boundary = `laudos-${randomUUID()}`;
  const out = new PassThrough();
  ctx.status = 200;
  ctx.type = `multipart/related; type="application/dicom"; boundary=${boundary}`;
  ctx.body = out;
  void (async () => {
    try {
      for (const r of rows) {
        out.write(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`);
        const src: Readable = await storage.get(r.object_key);
        for await (const chunk of src) {
          if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
        }
        out.write('\r\n');
      }
      out.end(`--${boundary}--\r\n`);
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
}

export function sendFrames(ctx: Context, parts: { bytes: Buffer; transferSyntaxUid: string | null }[]): void {
  const boundary = `laudos-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const type = p.transferSyntaxUid
      ? `application/octet-stream; transfer-syntax=${p.transferSyntaxUid}`
      : 'application/octet-stream';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${type}\r\n\r\n`), p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  ctx.status = 200;
  ctx.type = `multipart/related; type="application/octet-stream"; boundary=${boundary}`;
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

export async function framesOf(storage: ObjectStorage, row: InstanceRow, frames: number[]) {
  const p10 = await readInstance(storage, row);
  try {
    return frames.map((n) => {
      const f = frameBytes(p10, n);
      return { bytes: f.bytes, transferSyntaxUid: f.encapsulated ? row.transfer_syntax_uid : null };
    });
  } catch (err) {
    if (err instanceof FrameError) throw new AppError('NOT_FOUND');
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

export function renderOptions(ctx: Context, q: z.infer<typeof RenderQuery>, frame: number): RenderOptions {
  const accept = ctx.get('accept');
  const format = q.format ?? (/image\/png/.test(accept) && !/image\/jpeg/.test(accept) ? 'png' : 'jpeg');
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
    const image = await renderFrame(await readInstance(storage, row), opts);
    ctx.type = image.contentType;
    ctx.body = image.body;
  } catch (err) {
    if (err instanceof RenderError) throw new AppError('NOT_FOUND');
    throw err;
  }
}
