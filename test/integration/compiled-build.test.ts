/**
 * The production image's code path without Docker: `npm run build`'s compiled JavaScript, run
 * by plain node (no tsx) with docker-compose.yml's own environment for the api and the worker,
 * pointed at this machine's servers (test PostgreSQL and Temporal, a private Redis, moto for
 * MinIO). The migrations apply from the .js files, the api answers its health endpoint, the
 * worker bundles the workflows from dist/ and polls, and compose's healthcheck commands pass.
 * As in the image: the processes run as an unprivileged user (the image's `USER node`; here
 * `nobody` when the tests run as root) that may write only its DATA_DIR, and the compiled code
 * requires nothing the image's `npm ci --omit=dev` leaves out.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Client, Connection } from '@temporalio/client';
import knexFactory from 'knex';
import { buildServer } from '../../scripts/build';
import { freePort } from '../../scripts/temporal-dev';
import { testEnv } from '../setup/env';
import { type ComposeConfig, composeConfig } from '../support/compose';
import { eventually } from '../support/eventually';
import { type MotoServer, startMotoServer } from '../support/moto-server';
import { type RedisServer, startRedisServer } from '../support/redis-server';
import { killHard } from '../support/worker-process';

const ROOT = path.resolve(__dirname, '..', '..');
// Inside the repository, so the compiled code finds node_modules as /app/dist does in the image.
const BASE = path.join(ROOT, 'test-results', `compiled-${process.pid}`);
const DIST = path.join(BASE, 'dist');
const SECRETS = {
  CERTIFICATE_KEY: 'b'.repeat(64),
  POSTGRES_PASSWORD: 'unused-here',
  S3_ACCESS_KEY_ID: 'laudos-test',
  S3_SECRET_ACCESS_KEY: 'laudos-test-secret',
  PUBLIC_URL: 'https://laudos.example.org',
};

/** The image's `USER node`: here `nobody`, when the tests run as root (as CI does). */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
const DATA = path.join(BASE, 'data');

let compose: ComposeConfig;
let moto: MotoServer;
let redis: RedisServer;
let hostEnv: Record<string, string>;
const children: ChildProcess[] = [];
const buildSeconds = { value: 0 };

/** A compose service's environment, as strings, with this machine's addresses in place of the containers'. */
function serviceEnv(service: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const fromCompose = Object.fromEntries(
    Object.entries(compose.services[service]!.environment ?? {}).map(([k, v]) => [k, String(v)]),
  );
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...fromCompose, ...hostEnv, ...extra };
}

/** Starts `node <args>` in BASE (as WORKDIR /app) and waits for `ready` in its output. */
async function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, args, { cwd: BASE, env, stdio: ['ignore', 'pipe', 'pipe'], ...UNPRIVILEGED });
  children.push(child);
  let output = '';
  const collect = (b: Buffer) => (output = (output + b.toString()).slice(-6000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not print '${ready}':\n${output}`)), 60_000);
    const check = () => {
      if (!output.includes(ready)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}):\n${output}`));
    });
  });
  return { child, output: () => output };
}

/** A compose healthcheck's command (after 'CMD'), run in BASE as the container would in /app. */
function runHealthcheck(service: string, env: NodeJS.ProcessEnv, rewrite: (arg: string) => string = (a) => a) {
  const [kind, cmd, ...args] = compose.services[service]!.healthcheck!.test;
  expect(kind).toBe('CMD');
  expect(cmd).toBe('node');
  return spawnSync(process.execPath, args.map(rewrite), { cwd: BASE, env, encoding: 'utf8', timeout: 15_000, ...UNPRIVILEGED });
}

beforeAll(async () => {
  const resolved = composeConfig(SECRETS);
  if (!resolved.config) throw new Error(`docker-compose config failed:\n${resolved.stderr}`);
  compose = resolved.config;
  const started = Date.now();
  buildServer(DIST, () => undefined);
  buildSeconds.value = (Date.now() - started) / 1000;
  console.log(`compiled build (tsc emit + assets): ${buildSeconds.value.toFixed(1)} s`);
  // The image's `mkdir -p /app/data && chown node:node /app/data`: the one place it may write.
  fs.mkdirSync(DATA, { recursive: true });
  if (UNPRIVILEGED.uid !== undefined) fs.chownSync(DATA, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
  moto = await startMotoServer();
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: moto.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: SECRETS.S3_ACCESS_KEY_ID, secretAccessKey: SECRETS.S3_SECRET_ACCESS_KEY },
  });
  // What compose's minio-init job does: the bucket the api and the worker share.
  await s3.send(new CreateBucketCommand({ Bucket: String(compose.services.api!.environment!.S3_BUCKET) }));
  s3.destroy();
  const redisPort = await freePort();
  redis = await startRedisServer(redisPort);
  hostEnv = {
    DATABASE_URL: testEnv('databaseUrl'),
    TEMPORAL_ADDRESS: testEnv('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `compiled-${randomUUID()}`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    S3_ENDPOINT: moto.endpoint,
    DATA_DIR: DATA,
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    // No deadline Schedule on the shared Temporal server.
    DEADLINE_SWEEP_SECONDS: '0',
  };
}, 240_000);

afterAll(async () => {
  for (const child of children) await killHard(child);
  await redis?.stop();
  await moto?.stop();
  fs.rmSync(BASE, { recursive: true, force: true });
});

describe('the compiled build (dist/)', () => {
  it('holds no TypeScript to load: every entry compose runs is JavaScript', () => {
    for (const entry of ['api/main.js', 'worker/main.js', 'worker/healthcheck.js', 'scripts/migrate.js', 'workflows/index.js'])
      expect(fs.existsSync(path.join(DIST, entry))).toBe(true);
    const ts = fs.readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(ts).toEqual([]);
  });

  it('requires nothing at run time but Node’s own modules and the production dependencies', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules);
    const outside: string[] = [];
    const files = fs.readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    for (const file of files) {
      const code = fs.readFileSync(path.join(DIST, file), 'utf8');
      for (const [, spec] of code.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        if (spec!.startsWith('.') || spec!.startsWith('node:')) continue;
        const name = spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!;
        if (!builtins.has(name) && !(name in pkg.dependencies)) outside.push(`${file}: ${spec}`);
      }
    }
    expect(files.length).toBeGreaterThan(300);
    expect(outside).toEqual([]);
  });

  it('applies every migration from the .js files, named as from source, then finds nothing to do', async () => {
    const db = `laudos_compiled_${process.pid}`;
    const admin = knexFactory({ client: 'pg', connection: testEnv('databaseUrl'), pool: { min: 0, max: 1 } });
    await admin.raw(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${db}`);
    try {
      const url = new URL(testEnv('databaseUrl'));
      url.pathname = `/${db}`;
      const env = serviceEnv('migrate', { DATABASE_URL: url.toString() });
      const [, cmd] = compose.services.migrate!.command!;
      const first = spawnSync(process.execPath, [cmd!], { cwd: BASE, env, encoding: 'utf8', ...UNPRIVILEGED });
      expect(first.stderr).toBe('');
      const sources = fs.readdirSync(path.join(ROOT, 'migrations')).filter((f) => f.endsWith('.ts'));
      expect(first.stdout).toContain(`applied ${sources.length} migration(s)`);
      const second = spawnSync(process.execPath, [cmd!], { cwd: BASE, env, encoding: 'utf8', ...UNPRIVILEGED });
      expect(second.stdout).toContain(`already up to date (${sources.length} migrations applied)`);
    } finally {
      await admin.raw(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.destroy();
    }
  });

  it('runs the api and the worker with compose’s environment: health answers, the worker polls and beats', async () => {
    const port = await freePort();
    // The test database was migrated from source by global setup: the compiled api finds it up to date.
    const apiEnv = serviceEnv('api', { PORT: String(port) });
    await startNode(compose.services.api!.command!.slice(1), apiEnv, 'laudos api listening');
    const health = await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
      (h) => (h.body as { status?: string }).status === 'ok',
      { timeout: 15_000, what: 'api health ok' },
    );
    expect(health).toEqual({ status: 200, body: { ok: true, status: 'ok', redis: 'up', temporal: 'up' } });
    const apiCheck = runHealthcheck('api', apiEnv, (a) => a.replace('127.0.0.1:3000', `127.0.0.1:${port}`));
    expect({ status: apiCheck.status, stderr: apiCheck.stderr }).toEqual({ status: 0, stderr: '' });

    const beat = path.join(DATA, 'worker.beat');
    const workerEnv = serviceEnv('worker', { WORKER_HEARTBEAT_FILE: beat, WORKER_HEARTBEAT_SECONDS: '1' });
    // Before the worker beats, its healthcheck fails and says why.
    const before = runHealthcheck('worker', workerEnv);
    expect(before.status).toBe(1);
    expect(before.stderr).toContain('no heartbeat');
    const worker = await startNode(compose.services.worker!.command!.slice(1), workerEnv, 'laudos worker polling');

    const connection = await Connection.connect({ address: testEnv('temporalAddress') });
    try {
      const pollers = await eventually(
        () =>
          new Client({ connection }).workflowService
            .describeTaskQueue({
              namespace: 'default',
              taskQueue: { name: workerEnv.TEMPORAL_TASK_QUEUE },
              taskQueueType: 1, // workflow tasks
            })
            .then((r) => r.pollers ?? []),
        (p) => p.length > 0,
        { timeout: 20_000, what: 'a poller on the worker task queue' },
      );
      expect(pollers.length).toBeGreaterThan(0);
    } finally {
      await connection.close();
    }
    await eventually(
      () => Promise.resolve(fs.existsSync(beat)),
      (written) => written,
      { timeout: 10_000, what: 'the worker heartbeat file' },
    );
    const after = runHealthcheck('worker', workerEnv);
    expect({ status: after.status, stderr: after.stderr }).toEqual({ status: 0, stderr: '' });

    // A killed worker stops beating: three intervals later its healthcheck fails.
    await killHard(worker.child);
    await new Promise((r) => setTimeout(r, 3_500));
    expect(runHealthcheck('worker', workerEnv).status).toBe(1);
  }, 120_000);
});
