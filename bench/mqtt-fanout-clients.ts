/**
 * The subscribers of bench/mqtt-fanout.ts, in a process of their own (forked by it): the
 * broker's event loop and the 1,000 clients' must not share a core, as browsers do not share
 * the api's. Times are absolute (performance.timeOrigin + now()), comparable across the two
 * processes of one machine.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { openFilesLimit } from './open-files';

export type ToClients =
  | { type: 'connect'; url: string; tokens: string[]; topic: string; clients: number; concurrency: number }
  | { type: 'expect'; studyIds: string[] }
  | { type: 'report' };

export type FromClients =
  | { type: 'limits'; openFiles: string }
  | { type: 'connected'; wallMs: number; perClientMs: number[]; refused: number; errors: string[] }
  | { type: 'expecting' }
  | { type: 'complete'; studyId: string }
  | { type: 'received'; arrivals: Record<string, number[]>; duplicates: number; disconnects: number };

const now = () => performance.timeOrigin + performance.now();
const send = (m: FromClients) => process.send!(m);

const clients: MqttClient[] = [];
/** studyId → arrival time per client index (NaN until it arrives; null once sent over IPC). */
const arrivals = new Map<string, number[]>();
/** studyId → how many clients have it. */
const counts = new Map<string, number>();
/** Clients asked for, and those connected and subscribed (what a message must reach). */
let asked = 0;
let expected = 0;
let duplicates = 0;
let disconnects = 0;

async function connectAll(m: Extract<ToClients, { type: 'connect' }>): Promise<void> {
  asked = m.clients;
  const perClientMs: number[] = [];
  const errors: string[] = [];
  let refused = 0;
  const started = performance.now();
  let next = 0;
  const one = async (i: number) => {
    const t0 = performance.now();
    try {
      const client = await mqtt.connectAsync(m.url, {
        username: 'bench',
        password: m.tokens[i % m.tokens.length],
        reconnectPeriod: 0,
        connectTimeout: 30_000,
      });
      client.on('close', () => disconnects++);
      client.on('message', (topic) => {
        const studyId = topic.slice(topic.lastIndexOf('/') + 1);
        const times = arrivals.get(studyId);
        if (!times) return; // a retained document of before the run
        if (!Number.isNaN(times[i]!)) return void duplicates++;
        times[i] = now();
        const count = counts.get(studyId)! + 1;
        counts.set(studyId, count);
        if (count === expected) send({ type: 'complete', studyId });
      });
      const [granted] = await client.subscribeAsync(m.topic, { qos: 1 });
      if (granted!.qos === 128) {
        refused++;
        await client.endAsync();
        return;
      }
      clients[i] = client;
      perClientMs.push(performance.now() - t0);
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  };
  // `concurrency` connections being opened at any moment, as a crowd of browsers arriving.
  await Promise.all(
    Array.from({ length: m.concurrency }, async () => {
      while (next < m.clients) await one(next++);
    }),
  );
  send({ type: 'connected', wallMs: performance.now() - started, perClientMs, refused, errors: errors.slice(0, 5) });
}

process.on('message', (m: ToClients) => {
  if (m.type === 'connect') void connectAll(m);
  else if (m.type === 'expect') {
    expected = clients.filter(Boolean).length;
    for (const id of m.studyIds) {
      arrivals.set(id, new Array<number>(asked).fill(NaN));
      counts.set(id, 0);
    }
    send({ type: 'expecting' });
  } else if (m.type === 'report') {
    send({
      type: 'received',
      arrivals: Object.fromEntries([...arrivals].map(([id, t]) => [id, t])),
      duplicates,
      disconnects,
    });
    for (const c of clients) c?.end(true);
    setTimeout(() => process.exit(0), 500).unref();
  }
});
send({ type: 'limits', openFiles: openFilesLimit() });
