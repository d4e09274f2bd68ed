/**
 * A small real STOW-RS receiver for the Connect agent's tests and bench: an HTTP server that
 * checks the bearer key, parses multipart/related; type="application/dicom" on its own (not
 * with the agent's code), reads each part's SOPInstanceUID with dcmjs and answers PS3.18 JSON
 * per the platform contract: 200 all stored, 202 some failed, 409 none, 400 malformed,
 * 401 bad key, 413 too large. Storing a UID again succeeds (idempotent).
 * Test knobs: `mode` (answer 503/500 to everything), `failUids` (per-instance FailureReason),
 * `holdAnswers` (keep requests waiting after storing, to kill the agent mid-upload).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { readHeader } from './connect-dicom-study';

export interface StowReceiver {
  port: number;
  url: string;
  /** Distinct instances stored, by SOPInstanceUID → bytes. */
  stored: Map<string, Buffer>;
  /** Every part received with a readable UID, duplicates included (across requests). */
  partsReceived: string[];
  requests: number;
  mode: 'ok' | '503' | '500';
  /** Instances to refuse, with their FailureReason (null: none given). */
  failUids: Map<string, number | null>;
  holdAnswers: boolean;
  /** Answer 500 to every n-th request (after reading it, storing nothing): outages mid-upload. */
  failEvery: number;
  /** Requests held by `holdAnswers` right now. */
  held(): number;
  /** Answer the held requests (whatever their client became). */
  release(): void;
  /** Answer 400 to any request carrying one of these instances (a platform refusing the request as malformed). */
  badRequestUids: Set<string>;
  /** Parse DICOM parts (off: store raw parts under a counter, for the bench's pure transport figure). */
  parseDicom: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const JSON_TYPE = 'application/dicom+json';

export function splitMultipart(body: Buffer, boundary: string): Buffer[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') return parts;
    if (body.subarray(pos, pos + 2).toString() !== '\r\n') return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), pos);
    if (next < 0) return null;
    const part = body.subarray(pos + 2, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) return null;
    const headers = part.subarray(0, headerEnd).toString('latin1').toLowerCase();
    if (!/content-type:\s*application\/dicom\b/.test(headers)) return null;
    parts.push(part.subarray(headerEnd + 4));
    pos = next + 2;
  }
}

const item = (uid: string, reason?: number) => ({
  '00081155': { vr: 'UI', Value: [uid] },
  ...(reason !== undefined ? { '00081197': { vr: 'US', Value: [reason] } } : {}),
});

export function stowReceiver(opts: { port: number; key: string; maxBytes?: number; earlyRefusal?: boolean }): StowReceiver {
  const sockets = new Set<Socket>();
  let server: http.Server | null = null;
  let anonymous = 0;
  const waiting: Array<() => void> = [];

  const receiver: StowReceiver = {
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    stored: new Map(),
    partsReceived: [],
    requests: 0,
    mode: 'ok',
    failUids: new Map(),
    holdAnswers: false,
    failEvery: 0,
    badRequestUids: new Set(),
    parseDicom: true,
    held: () => waiting.length,
    release: () => waiting.splice(0).forEach((w) => w()),
    async start() {
      server = http.createServer((req, res) => {
        // A client that goes away mid-request (killed agent, aborted upload) is not an error here.
        handle(req, res).catch(() => res.destroy());
      });
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(opts.port, '127.0.0.1', () => resolve());
      });
      receiver.port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}`;
    },
    async stop() {
      const s = server;
      server = null;
      waiting.splice(0).forEach((w) => w());
      if (!s) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };

  function answer(res: http.ServerResponse, status: number, body: unknown, type = JSON_TYPE) {
    res.writeHead(status, { 'Content-Type': type });
    res.end(JSON.stringify(body));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    receiver.requests++;
    if (opts.maxBytes && opts.earlyRefusal && Number(req.headers['content-length']) > opts.maxBytes) {
      // Like a proxy or body-size guard: answer from the headers, never read the body, hang up.
      res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
      res.end(JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', description: 'refused from the headers' } }));
      req.socket.destroySoon();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      chunks.push(c as Buffer);
    }
    const error = (status: number, code: string, description: string) =>
      answer(res, status, { error: { code, description } }, 'application/json');
    if (receiver.mode !== 'ok') return error(Number(receiver.mode), 'UNAVAILABLE', 'test receiver is failing on purpose');
    if (receiver.failEvery > 0 && receiver.requests % receiver.failEvery === 0) {
      return error(500, 'INTERNAL', 'test receiver fails this request on purpose');
    }
    if (req.method !== 'POST' || req.url !== '/dicomweb/studies') return error(404, 'NOT_FOUND', `${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${opts.key}`) return error(401, 'UNAUTHORIZED', 'bad connection key');
    if (opts.maxBytes && size > opts.maxBytes) return error(413, 'PAYLOAD_TOO_LARGE', `${size} > ${opts.maxBytes}`);
    const type = req.headers['content-type'] ?? '';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!/^multipart\/related/i.test(type) || !/type="?application\/dicom"?/i.test(type) || !boundary) {
      return error(400, 'BAD_REQUEST', `content type ${type}`);
    }
    if (Number(req.headers['content-length']) !== size) return error(400, 'BAD_REQUEST', 'content-length mismatch');
    const parts = splitMultipart(Buffer.concat(chunks), boundary);
    if (!parts || parts.length === 0) return error(400, 'BAD_REQUEST', 'malformed multipart body');

    if (receiver.parseDicom && receiver.badRequestUids.size > 0) {
      const uids = parts.map((p) => {
        try {
          return readHeader(p).sopInstanceUid;
        } catch {
          return '';
        }
      });
      if (uids.some((u) => receiver.badRequestUids.has(u))) return error(400, 'BAD_REQUEST', 'request refused on purpose');
    }
    const ok: ReturnType<typeof item>[] = [];
    const failed: ReturnType<typeof item>[] = [];
    for (const part of parts) {
      if (!receiver.parseDicom) {
        const uid = `raw.${++anonymous}`;
        receiver.stored.set(uid, Buffer.from(part));
        ok.push(item(uid));
        continue;
      }
      let uid: string;
      try {
        uid = readHeader(part).sopInstanceUid;
      } catch {
        failed.push(item('', 0xc000));
        continue;
      }
      receiver.partsReceived.push(uid);
      const reason = receiver.failUids.get(uid);
      if (reason !== undefined) failed.push(item(uid, reason ?? undefined));
      else {
        if (!receiver.stored.has(uid)) receiver.stored.set(uid, Buffer.from(part));
        ok.push(item(uid));
      }
    }
    if (receiver.holdAnswers) await new Promise<void>((resolve) => waiting.push(resolve));
    if (res.destroyed) return;
    const body = {
      ...(ok.length ? { '00081199': { vr: 'SQ', Value: ok } } : {}),
      ...(failed.length ? { '00081198': { vr: 'SQ', Value: failed } } : {}),
    };
    answer(res, failed.length === 0 ? 200 : ok.length === 0 ? 409 : 202, body);
  }

  return receiver;
}
