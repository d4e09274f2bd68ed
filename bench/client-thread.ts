/**
 * A bench's HTTP client on a thread of its own, as a browser is a process of its own: the
 * platform under test runs in the bench's main thread, and a client there (fetch) shares the
 * api's event loop and heap — its request building, body reading and garbage collections land
 * between the api's own. Here each request is timed inside the client thread, from the request
 * to its whole body read and decompressed, over one keep-alive connection on loopback. It asks
 * for what Chromium asks for (`accept-encoding`), so the api compresses as it would for a browser.
 *
 * The thread can hold a browser's live connection too (`subscribe`): the live study documents it
 * receives are timed there, on the same clock as its requests, so a round trip that ends with a
 * live message is measured where a browser would see it — not when the api's busy event loop
 * gets round to hearing of it.
 */
import { Worker } from 'node:worker_threads';

export interface TimedResponse {
  /** From the request to the whole body, decompressed, in the client thread. */
  ms: number;
  /** When the request was sent and its body read, on the thread's clock (`at`, ms). */
  sentAt: number;
  doneAt: number;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

// Plain JavaScript evaluated in the thread: it needs nothing of the project but mqtt (by path), and so no loader.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const zlib = require('node:zlib');
const agent = new http.Agent({ keepAlive: true });
const inflate = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync };
// One clock for every thread of the process: the epoch in ms, with the monotonic clock's resolution.
const at = () => performance.timeOrigin + performance.now();
let live;
const awaited = new Map();
const request = ({ id, url, method, headers, body }) => {
  const sentAt = at();
  const req = http.request(url, { method, agent, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const raw = Buffer.concat(chunks);
      const decode = inflate[res.headers['content-encoding']];
      const text = (decode ? decode(raw) : raw).toString('utf8');
      const doneAt = at();
      parentPort.postMessage({ id, ms: doneAt - sentAt, sentAt, doneAt, status: res.statusCode, headers: res.headers, body: text });
    });
    res.on('error', (e) => parentPort.postMessage({ id, error: String(e) }));
  });
  req.on('error', (e) => parentPort.postMessage({ id, error: String(e) }));
  req.end(body);
};
const subscribe = async ({ id, url, username, password, filter }) => {
  try {
    live = await require(workerData.mqttPath).connectAsync(url, { username, password });
    live.on('message', (_topic, payload) => {
      const received = at();
      const doc = JSON.parse(payload.toString());
      const key = doc.studyId + '|' + doc.laudoState;
      const waiter = awaited.get(key);
      if (waiter === undefined) return;
      awaited.delete(key);
      parentPort.postMessage({ id: waiter, at: received });
    });
    await live.subscribeAsync(filter, { qos: 1 });
    parentPort.postMessage({ id, at: at() });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e) });
  }
};
parentPort.on('message', (m) => {
  if (m.kind === 'request') request(m);
  else if (m.kind === 'subscribe') void subscribe(m);
  else if (m.kind === 'await') awaited.set(m.studyId + '|' + m.laudoState, m.id);
  else if (m.kind === 'close') void (live ? live.endAsync() : Promise.resolve()).then(() => parentPort.postMessage({ id: m.id, at: at() }));
});
`;

type Reply =
  | (TimedResponse & { id: number; error?: undefined })
  | { id: number; at: number; error?: undefined }
  | { id: number; error: string };

export class ClientThread {
  private next = 0;
  /** Whether the thread holds a live connection, which close() ends before the thread. */
  private live = false;
  private readonly waiting = new Map<number, { resolve: (r: never) => void; reject: (e: Error) => void }>();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) w?.reject(new Error(reply.error));
      else w?.resolve(('at' in reply ? reply.at : reply) as never);
    });
    worker.on('error', (e) => {
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    });
  }

  static start(): ClientThread {
    return new ClientThread(new Worker(THREAD_SOURCE, { eval: true, workerData: { mqttPath: require.resolve('mqtt') } }));
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: never) => void, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  request(url: string, init: RequestInit = {}): Promise<TimedResponse> {
    return this.call({ kind: 'request', url, method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body });
  }

  /** Opens the thread's live connection (a browser's) on the broker and subscribes to `filter`. */
  async subscribe(url: string, auth: { username: string; password: string }, filter: string): Promise<void> {
    await this.call({ kind: 'subscribe', url, filter, ...auth });
    this.live = true;
  }

  /**
   * When (thread's clock) the next live document of `studyId` in `laudoState` arrives. Ask before
   * the request that makes it, so it cannot come first.
   */
  liveDocument(studyId: string, laudoState: number): Promise<number> {
    return this.call({ kind: 'await', studyId, laudoState });
  }

  async close(): Promise<void> {
    // Bounded: a thread that failed answers nothing, and a bench's cleanup must not hang on it.
    if (this.live) await Promise.race([this.call({ kind: 'close' }), new Promise((r) => setTimeout(r, 2000).unref())]);
    await this.worker.terminate();
  }
}
