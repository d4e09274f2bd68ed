/**
 * What every bench starts the same way: the Temporal dev server, a database of its own
 * (PostgreSQL at TEST_ADMIN_DATABASE_URL, else embedded PGlite) and the whole platform.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { type Config, parseConfig } from '../config/config';
import { type Platform, startPlatform } from '../scripts/platform';
import { freePort, startTemporalDev } from '../scripts/temporal-dev';
import { findTemporal } from '../scripts/tools';
import { DEMO_PASSWORD } from '../migrations/seed/demo';
import { PLATFORM_ACTOR } from '../domain/laudo/snapshot';
import { runLaudoUpdate } from '../services/reports/laudo-commands';
import { loadLaudoRecord } from '../services/reports/laudo-record';
import { PASSWORD, type Tenant } from '../test/support/fixtures';
import { laudoUpdates } from '../workflows/laudo/messages';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The p-th percentile of sorted samples. */
export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A database of the bench's own, created empty; with `reuse`, one of that name that a run before
 * kept (BENCH_KEEP_DATABASE=1) is taken as it is, and kept again.
 */
async function benchDatabase(
  name: string,
  reuse: boolean,
): Promise<{ url?: string; label: string; reused: boolean; drop?: () => Promise<void> }> {
  const admin = knexFactory({ client: 'pg', connection: ADMIN_URL, pool: { min: 0, max: 1 } });
  try {
    const exists =
      reuse && ((await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name])) as { rows: unknown[] }).rows.length > 0;
    if (!exists) {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.raw(`CREATE DATABASE ${name}`);
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const drop = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    };
    return { url: url.toString(), label: 'PostgreSQL', reused: exists, drop };
  } catch {
    await admin.destroy();
    return { label: 'PGlite (embedded)', reused: false };
  }
}

export interface BenchPlatform {
  platform: Platform;
  config: Config;
  knex: Knex;
  temporal: Client;
  temporalAddress: string;
  /** Which database the figures come from. */
  dbLabel: string;
  /** The database is one a run before kept (`reuse`), not a new one. */
  reused: boolean;
  stop(): Promise<void>;
}

export async function startBenchPlatform(
  dbName: string,
  overrides: Record<string, string> = {},
  opts: { reuse?: boolean } = {},
): Promise<BenchPlatform> {
  const dev = await startTemporalDev({ bin: findTemporal(process.env.TEMPORAL_CLI), port: await freePort(), uiPort: null });
  const db = await benchDatabase(dbName, opts.reuse ?? false);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-bench-'));
  const config = parseConfig({
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    TEMPORAL_ADDRESS: dev.address,
    TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    BROKER_SERVICE_TOKEN: randomUUID() + randomUUID(),
    ...overrides,
  });
  const platform = await startPlatform(config);
  const connection = await Connection.connect({ address: dev.address });
  return {
    platform,
    config,
    knex: Model.knex(),
    temporal: new Client({ connection }),
    temporalAddress: dev.address,
    dbLabel: db.label,
    reused: db.reused,
    async stop() {
      await connection.close();
      await platform.stop();
      await dev.stop();
      // BENCH_KEEP_DATABASE=1 leaves the seeded database for EXPLAIN in psql afterwards.
      if (process.env.BENCH_KEEP_DATABASE === '1' || db.reused) console.log(`  database kept: ${db.url ?? '(embedded)'}`);
      else await db.drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An access token for a test user (the fixtures' password). */
export async function loginToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/** The median of samples (the mean of the middle two when even). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A demo user's session token with its human account current (the study list needs an account). */
export async function signedInToken(baseUrl: string, username: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (
      (await res.json()) as {
        data: { accessToken: string; accounts?: Record<string, { id: string; isForHuman: boolean | null }> };
      }
    ).data;
  };
  const session = await post('/auth', { username, password: DEMO_PASSWORD });
  const account = Object.values(session.accounts ?? {}).find((a) => a.isForHuman);
  if (!account) throw new Error(`${username} has no account`);
  return (await post('/auth/changeAccount', { accountId: account.id }, session.accessToken)).accessToken;
}

/**
 * Hands a study's report to the tenant's doctor as the orchestrator does (services/orchestrator/
 * distribute.ts): the 'assign' Update creates its workflow and commits a transition, so the
 * doctor's first action then reaches a running workflow with a committed transition — a report
 * in a reading room whose exams are distributed.
 */
export async function assignToDoctor(bench: BenchPlatform, tenant: Tenant, studyId: string): Promise<void> {
  const study = await bench.knex('studies').where({ id: studyId }).first('laudo_id');
  const { record, updatedAt } = await loadLaudoRecord(bench.knex, tenant.accountId, study.laudo_id as string);
  const doctor = tenant.users.doctor!;
  await runLaudoUpdate(
    bench.temporal,
    bench.config.TEMPORAL_TASK_QUEUE,
    record,
    laudoUpdates.assign,
    [
      {
        actor: PLATFORM_ACTOR,
        input: { doctorUserId: doctor.id, doctorName: doctor.name },
        responsible: { userId: doctor.id, name: doctor.name },
      },
    ],
    `assign:bench:${studyId}`,
    updatedAt,
  );
}
