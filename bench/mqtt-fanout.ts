/**
 * MQTT fan-out at scale (issue 19): 1,000 mqtt.js clients over WebSocket on the platform's
 * broker (`/mqtt`), each signed in with a session token (10 users, 100 connections each: the
 * broker takes several connections per session, as a user's tabs open them), all subscribed
 * to one institution's study topic. Then N study documents (default 50) are published the way
 * a worker running alone publishes them (live/study-documents.ts through the service-token
 * MQTT publisher, live/publisher.ts), one every BENCH_INTERVAL_MS, and every client's arrival
 * is timed from just before the publish (so the document's read from PostgreSQL is counted).
 * Prints figures only; never part of `npm test`.
 *
 * Goal: delivery p99 ≤ 1 s. A live study list should show a colleague's action while the user
 * is still looking at the row; about a second reads as "at once" to a person, and the single
 * subscriber round trip of issue 2 (start → MQTT, p99 < 100 ms) leaves ten times that for a
 * broker serving a thousand browsers at once.
 *
 * The subscribers run in a child process (bench/mqtt-fanout-clients.ts) so that they do not
 * share the broker's event loop. Each WebSocket is a file descriptor on both sides: the bench
 * checks the soft `ulimit -n` of each process (1,000 clients need ~1,100 with the rest).
 *
 *   npm run bench:mqtt-fanout     BENCH_CLIENTS=2000 BENCH_MESSAGES=100 BENCH_INTERVAL_MS=50 npm run bench:mqtt-fanout
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { institutionStudiesFilter } from '../domain/live/study-document';
import { connectRemotePublisher } from '../live/publisher';
import { publishStudyDocuments } from '../live/study-documents';
import { createTenant } from '../test/support/fixtures';
import type { FromClients, ToClients } from './mqtt-fanout-clients';
import { openFilesLimit } from './open-files';
import { atMost, recordFigures } from './report-table';
import { loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const USERS = Math.min(CLIENTS, Number(process.env.BENCH_USERS ?? 10));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);
/** One document every 100 ms: 1,000 clients make that 10,000 deliveries a second. */
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 50);
/** How long after the last publish a missing delivery counts as lost. */
const DRAIN_MS = 10_000;
const GOAL_P99_MS = 1000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const softLimit = (limits: string) => Number(limits.split(' ')[0]);

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_fanout');
  const { platform, knex, config } = bench;
  const child = fork(path.join(__dirname, 'mqtt-fanout-clients.ts'), [], { execArgv: ['--import', 'tsx'] });
  const inbox: FromClients[] = [];
  const waiters: (() => void)[] = [];
  const completed = new Set<string>();
  child.on('message', (m: FromClients) => {
    if (m.type === 'complete') completed.add(m.studyId);
    else inbox.push(m);
    for (const w of waiters.splice(0)) w();
  });
  child.on('exit', () => {
    for (const w of waiters.splice(0)) w();
  });
  const tell = (m: ToClients) => child.send(m);
  const next = async <T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>> => {
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return inbox.splice(i, 1)[0] as Extract<FromClients, { type: T }>;
      if (child.exitCode !== null) throw new Error(`the clients' process ended (${child.exitCode})`);
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  try {
    const users = Object.fromEntries(Array.from({ length: USERS }, (_, i) => [`viewer${i}`, ['STUDIES_SAVE_REPORTS' as const]]));
    const t = await createTenant(knex, { studies: MESSAGES, users });
    const tokens: string[] = [];
    for (const key of Object.keys(users)) tokens.push(await loginToken(platform.url, t.users[key]!.username));

    const limits = { api: openFilesLimit(), clients: (await next('limits')).openFiles };
    const needed = CLIENTS + 100;
    if (softLimit(limits.api) < needed || softLimit(limits.clients) < needed) {
      throw new Error(
        `open files (soft hard): api ${limits.api}, clients ${limits.clients}; ${needed} needed: raise with ulimit -n`,
      );
    }

    tell({
      type: 'connect',
      url: `${platform.url.replace('http', 'ws')}/mqtt`,
      tokens,
      topic: institutionStudiesFilter(t.accountId, t.institutionId),
      clients: CLIENTS,
      concurrency: CONCURRENCY,
    });
    const connected = await next('connected');
    const perClient = [...connected.perClientMs].sort((a, b) => a - b);
    const subscribed = perClient.length;

    const publisher = await connectRemotePublisher(`${platform.url.replace('http', 'ws')}/mqtt`, config.BROKER_SERVICE_TOKEN!);
    tell({ type: 'expect', studyIds: t.studyIds });
    await next('expecting');
    const sentAt = new Map<string, number>();
    const cpu0 = process.cpuUsage();
    const began = performance.now();
    for (const [i, studyId] of t.studyIds.entries()) {
      await sleep(began + i * INTERVAL_MS - performance.now());
      sentAt.set(studyId, now());
      await publishStudyDocuments(knex, publisher, [studyId]);
    }
    const lastPublish = performance.now();
    while (completed.size < MESSAGES && performance.now() - lastPublish < DRAIN_MS) {
      await Promise.race([new Promise<void>((r) => waiters.push(r)), sleep(100)]);
    }
    const streamMs = performance.now() - began;
    const cpu = process.cpuUsage(cpu0);
    tell({ type: 'report' });
    const report = await next('received');
    await publisher.close();

    // Delay of every delivery, and per message the time until the last client had it.
    const delays: number[] = [];
    const lastArrival: number[] = [];
    for (const [studyId, times] of Object.entries(report.arrivals)) {
      const sent = sentAt.get(studyId)!;
      const got = times.filter((x): x is number => typeof x === 'number' && !Number.isNaN(x)).map((x) => x - sent);
      delays.push(...got);
      if (got.length) lastArrival.push(Math.max(...got));
    }
    delays.sort((a, b) => a - b);
    lastArrival.sort((a, b) => a - b);
    const lost = subscribed * MESSAGES - delays.length;
    const p99 = pct(delays, 99);
    const ms = (x: number) => `${x.toFixed(1)} ms`;

    console.log(
      `\nMQTT fan-out: ${CLIENTS.toLocaleString('en')} WebSocket clients (${USERS} users' sessions), ${MESSAGES} study documents, ` +
        `one every ${INTERVAL_MS} ms (${bench.dbLabel}; broker in the api process, clients in a child process)`,
    );
    console.log(`  open files (soft hard): api ${limits.api}; clients ${limits.clients}`);
    console.log(
      `  connect + subscribe: ${subscribed}/${CLIENTS} subscribed (${connected.refused} refused, ${CLIENTS - subscribed - connected.refused} failed` +
        `${connected.errors.length ? `: ${connected.errors.join('; ')}` : ''}) in ${(connected.wallMs / 1000).toFixed(2)} s, ` +
        `${CONCURRENCY} at a time; per client p50 ${ms(pct(perClient, 50))}, p99 ${ms(pct(perClient, 99))}`,
    );
    console.log(
      `  delivery (${delays.length.toLocaleString('en')} deliveries): p50 ${ms(pct(delays, 50))}, p99 ${ms(p99)}, max ${ms(delays.at(-1) ?? NaN)}` +
        ` — goal p99 ≤ ${GOAL_P99_MS} ms: ×${(p99 / GOAL_P99_MS).toFixed(3)} ${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'}`,
    );
    console.log(`  per message, until the last client had it: p50 ${ms(pct(lastArrival, 50))}, p99 ${ms(pct(lastArrival, 99))}`);
    console.log(
      `  lost: ${lost} (goal 0 — ${lost === 0 ? 'met' : 'MISSED'}); duplicates ${report.duplicates}; disconnects ${report.disconnects}; ` +
        `api process CPU over the stream ${(((cpu.user + cpu.system) / 1000 / streamMs) * 100).toFixed(0)} % of one core\n`,
    );
    recordFigures([
      { figure: `delivery to ${CLIENTS} clients, p99`, measured: p99, unit: ' ms', goal: atMost(GOAL_P99_MS) },
      { figure: 'deliveries lost', measured: lost, unit: '', goal: atMost(0) },
      { figure: `clients subscribed of ${CLIENTS}`, measured: subscribed, unit: '' },
    ]);
  } finally {
    child.kill();
    await bench.stop();
  }
}

runBench(main);
