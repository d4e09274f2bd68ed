/**
 * One STOW-RS request: POST {PLATFORM_URL}/dicomweb/studies with the multipart body streamed
 * and the connection key as a bearer token. Answers the HTTP status and body text; a network
 * failure (refused, reset, timeout) rejects.
 */
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { MultipartBody } from './multipart';

export interface StowHttpAnswer {
  status: number;
  body: string;
  contentType: string | undefined;
}

/** The STOW-RS endpoint under the platform's base URL (a path prefix on the base URL is kept). */
export function stowUrl(platformUrl: string): URL {
  const base = platformUrl.endsWith('/') ? platformUrl : platformUrl + '/';
  return new URL('dicomweb/studies', base);
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function postStow(
  url: URL,
  key: string,
  body: MultipartBody,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<StowHttpAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<StowHttpAnswer>((resolve, reject) => {
    const req = transport.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': body.contentType,
        'Content-Length': body.contentLength,
        Accept: 'application/dicom+json',
        Authorization: `Bearer ${key}`,
      },
      timeout: timeoutMs,
      signal,
    });
    // The platform may answer (401, 413) before reading the whole body and close: once its
    // status line is in, that answer wins over the EPIPE / reset that follows.
    let answer: { status: number; chunks: Buffer[]; contentType: string | undefined } | null = null;
    const finish = () =>
      answer &&
      resolve({ status: answer.status, body: Buffer.concat(answer.chunks).toString('utf8'), contentType: answer.contentType });
    const fail = (err: Error) => (answer ? finish() : reject(err));
    req.on('timeout', () => req.destroy(new Error(`no answer from the platform within ${timeoutMs} ms`)));
    req.on('error', fail);
    req.on('response', (res) => {
      const current = { status: res.statusCode ?? 0, chunks: [] as Buffer[], contentType: res.headers['content-type'] };
      answer = current;
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_ANSWER_BYTES) current.chunks.push(c);
      });
      res.on('error', fail);
      res.on('aborted', finish);
      res.on('end', finish);
    });
    pipeline(body.stream(), req).catch((err: Error) => req.destroy(err));
  });
}
