/**
 * A streaming multipart/related reader (RFC 2046) for STOW-RS bodies: a part up to
 * `memoryPartBytes` is kept in memory (no temporary file: most DICOM instances are well under a
 * megabyte), a larger one is written to a temporary file as it arrives, so an upload of any
 * size holds at most a part's head in memory. The caller handles a part before the next one
 * is read (back-pressure).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export class MalformedMultipart extends Error {}

export interface ReceivedPart {
  headers: Record<string, string>;
  /** The body, when it was small enough to keep in memory. */
  body: Buffer | null;
  /** Temporary file holding a larger body (absent when kept in memory or over the size limit). */
  file: string | null;
  size: number;
  tooLarge: boolean;
}

/** The boundary of a `multipart/related` content type, or null when it is not one. */
export function relatedBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/related\s*(;|$)/i.test(contentType.trim())) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

/** The `type` parameter of a multipart/related content type (lower case, unquoted). */
export function relatedType(contentType: string): string | null {
  const m = /;\s*type=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return (m?.[1] ?? m?.[2])?.toLowerCase() ?? null;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    if (!line) continue;
    const i = line.indexOf(':');
    if (i <= 0) throw new MalformedMultipart('bad part header');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/**
 * Reads `body` and calls `onPart` for each part, in order, after its body is complete; the
 * temporary file is removed once `onPart` returns. Throws MalformedMultipart.
 */
export async function readMultipart(
  body: Readable,
  boundary: string,
  opts: { tmpDir: string; maxPartBytes: number; maxHeaderBytes?: number; memoryPartBytes?: number },
  onPart: (part: ReceivedPart) => Promise<void>,
): Promise<number> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const maxHeader = opts.maxHeaderBytes ?? 16 * 1024;
  const memoryBytes = opts.memoryPartBytes ?? 0;
  let tmpDirMade = false;
  // The first delimiter has no CRLF before it: pretend it had.
  let buf: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let part: {
    headers: Record<string, string>;
    /** Set once the body went past `memoryBytes` and was spilled to disk. */
    file: string | null;
    handle: fs.FileHandle | null;
    chunks: Buffer[];
    size: number;
    tooLarge: boolean;
  } | null = null;
  let parts = 0;

  const openPart = (headers: Record<string, string>) => {
    part = { headers, file: null, handle: null, chunks: [], size: 0, tooLarge: false };
  };
  const spill = async () => {
    const p = part!;
    if (!tmpDirMade) await fs.mkdir(opts.tmpDir, { recursive: true });
    tmpDirMade = true;
    p.file = path.join(opts.tmpDir, `part-${randomUUID()}`);
    p.handle = await fs.open(p.file, 'w');
    if (p.chunks.length > 0) await p.handle.write(Buffer.concat(p.chunks));
    p.chunks = [];
  };
  const writeBody = async (chunk: Buffer) => {
    const p = part!;
    p.size += chunk.length;
    if (p.tooLarge || chunk.length === 0) return;
    if (p.size > opts.maxPartBytes) {
      p.tooLarge = true;
      p.chunks = [];
      await p.handle?.close();
      p.handle = null;
      if (p.file) await fs.rm(p.file, { force: true });
      return;
    }
    if (!p.file && p.size <= memoryBytes) return void p.chunks.push(chunk);
    if (!p.file) await spill();
    await p.handle!.write(chunk);
  };
  const closePart = async () => {
    const p = part!;
    // Without a memory allowance every part is a file, even an empty one.
    if (!p.tooLarge && !p.file && memoryBytes === 0) await spill();
    part = null;
    if (p.handle) await p.handle.close();
    const inMemory = !p.tooLarge && !p.file;
    try {
      await onPart({
        headers: p.headers,
        body: inMemory ? Buffer.concat(p.chunks, p.size) : null,
        file: p.tooLarge ? null : p.file,
        size: p.size,
        tooLarge: p.tooLarge,
      });
    } finally {
      if (p.file) await fs.rm(p.file, { force: true });
    }
    parts++;
  };

  try {
    for await (const chunk of body) {
      buf = buf.length === 0 ? (chunk as Buffer) : Buffer.concat([buf, chunk as Buffer]);
      for (;;) {
        if (state === 'preamble') {
          const i = buf.indexOf(delimiter);
          if (i < 0) {
            if (buf.length > 64 * 1024) throw new MalformedMultipart('no boundary in the body');
            break;
          }
          buf = buf.subarray(i + delimiter.length);
          state = 'after-delimiter';
        } else if (state === 'after-delimiter') {
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done';
            buf = Buffer.alloc(0);
            break;
          }
          const eol = buf.indexOf('\r\n');
          if (eol < 0) {
            if (buf.length > 256) throw new MalformedMultipart('bad delimiter line');
            break;
          }
          if (buf.subarray(0, eol).toString('latin1').trim() !== '') throw new MalformedMultipart('bad delimiter line');
          buf = buf.subarray(eol + 2);
          state = 'headers';
        } else if (state === 'headers') {
          // A part may have no headers at all: then the blank line comes at once.
          const end = buf.subarray(0, 2).toString('latin1') === '\r\n' ? -2 : buf.indexOf('\r\n\r\n');
          if (end === -1) {
            if (buf.length > maxHeader) throw new MalformedMultipart('part headers too long');
            break;
          }
          const headers = end === -2 ? {} : parseHeaders(buf.subarray(0, end).toString('utf8'));
          buf = buf.subarray(end === -2 ? 2 : end + 4);
          openPart(headers);
          state = 'body';
        } else if (state === 'body') {
          const i = buf.indexOf(delimiter);
          if (i < 0) {
            // Keep what could be the start of a delimiter split across chunks.
            const safe = buf.length - (delimiter.length - 1);
            if (safe > 0) {
              await writeBody(buf.subarray(0, safe));
              buf = Buffer.from(buf.subarray(safe));
            }
            break;
          }
          await writeBody(buf.subarray(0, i));
          buf = buf.subarray(i + delimiter.length);
          await closePart();
          state = 'after-delimiter';
        } else {
          buf = Buffer.alloc(0);
          break;
        }
      }
    }
    if (state === 'preamble') throw new MalformedMultipart('no boundary in the body');
    if (state !== 'done') throw new MalformedMultipart('the body ended before the closing boundary');
    return parts;
  } finally {
    const p = part as { handle: fs.FileHandle | null; file: string | null } | null;
    if (p) {
      await p.handle?.close().catch(() => undefined);
      if (p.file) await fs.rm(p.file, { force: true });
    }
  }
}

/** Builds a multipart/related body (tests, bench, the web client do the same). */
export function buildMultipart(files: Buffer[], boundary: string, type = 'application/dicom'): Buffer {
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${type}\r\n\r\n`), f, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
