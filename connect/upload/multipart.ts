/**
 * The STOW-RS request body: multipart/related; type="application/dicom", one Part-10 file
 * per part. Parts are streamed from their files, and the length is known up front so the
 * request carries a Content-Length (no chunked encoding, which some proxies refuse).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';

export interface MultipartSource {
  /** The bytes, or the path of a file of `size` bytes to stream. */
  body: Buffer | { path: string; size: number };
}

export interface MultipartBody {
  contentType: string;
  contentLength: number;
  boundary: string;
  /** A fresh stream of the whole body (call once per request). */
  stream(): Readable;
}

const PART_TYPE = 'application/dicom';

/** 32 random bytes in hex: the chance of meeting it inside pixel data is nil. */
export function newBoundary(): string {
  return `laudos-connect-${randomBytes(16).toString('hex')}`;
}

export function multipartRelated(sources: MultipartSource[], boundary: string = newBoundary()): MultipartBody {
  const head = Buffer.from(`--${boundary}\r\nContent-Type: ${PART_TYPE}\r\n\r\n`, 'ascii');
  const crlf = Buffer.from('\r\n', 'ascii');
  const close = Buffer.from(`--${boundary}--\r\n`, 'ascii');
  const size = (s: MultipartSource) => (Buffer.isBuffer(s.body) ? s.body.length : s.body.size);
  const contentLength = sources.reduce((n, s) => n + head.length + size(s) + crlf.length, 0) + close.length;

  async function* chunks(): AsyncGenerator<Buffer> {
    for (const source of sources) {
      yield head;
      if (Buffer.isBuffer(source.body)) yield source.body;
      else {
        let read = 0;
        for await (const chunk of fs.createReadStream(source.body.path)) {
          read += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        // A file that changed size under us would corrupt the framing: fail the request instead.
        if (read !== source.body.size) throw new Error(`${source.body.path} changed size while sending`);
      }
      yield crlf;
    }
    yield close;
  }

  return {
    boundary,
    contentLength,
    contentType: `multipart/related; type="${PART_TYPE}"; boundary=${boundary}`,
    stream: () => Readable.from(chunks(), { objectMode: false }),
  };
}
