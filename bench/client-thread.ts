/**
 * A bench's HTTP client on a thread of its own, as a browser is a process of its own: the
 * platform under test runs in the bench's main thread, and a client there (fetch) shares the
 * api's event loop and heap — its request building, body reading and garbage collections land
 * between the api's own. Here each request is timed inside the client thread, from the request
 * to its whole body read and decompressed, over one keep-alive connection on loopback. It asks
 * for what Chromium asks for (`accept-encoding`), so the api compresses as it would for a browser.
 */
import { Worker } from 'node:worker_threads';

export interface TimedResponse {
  /** From the request to the whole body, decompressed, in the client thread. */
  ms: number;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

// Plain JavaScript evaluated in the thread: it needs nothing of the project, and so no loader.
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const zlib = require('node:zlib');
const agent = new http.Agent({ keepAlive: true });
const inflate = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync };
parentPort.on('message', ({ id, url, method, headers, body }) => {
  const t0 = performance.now();
  const req = http.request(url, { method, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const raw = Buffer.concat(chunks);
      const decode = inflate[res.headers['content-encoding']];
      const text = (decode ? decode(raw) : raw).toString('utf8');
      const ms = performance.now() - t0;
      parentPort.postMessage({ id, ms, status: res.statusCode, headers: res.headers, body: text });
    });
    res.on('error', (e) => parentPort.postMessage({ id, error: String(e) }));
  });
  req.on('error', (e) => parentPort.postMessage({ id, error: String(e) }));
  req.end(body);
});
`;

type Reply = (TimedResponse & { id: number; error?: undefined }) | { id: number; error: string };

export class ClientThread {
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (r: TimedResponse) => void; reject: (e: Error) => void }>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) w?.reject(new Error(reply.error));
      else w?.resolve(reply);
    });
    worker.on('error', (e) => {
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    });
  }

  static start(): ClientThread {
    return new ClientThread(new Worker(THREAD_SOURCE, { eval: true }));
  }

  request(url: string, init: RequestInit = {}): Promise<TimedResponse> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, url, method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
