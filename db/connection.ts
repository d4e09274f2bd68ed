/**
 * The knex instance: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite
 * (real Postgres compiled to WASM) under DATA_DIR/pg. objection models bind to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { Model } from 'objection';
import type { Config } from '../config/config';
import { migrationSource } from './migration-source';
import { PreparingPgClient } from './prepared';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export function createKnex(cfg: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Knex {
  if (cfg.DATABASE_URL) {
    return knexFactory({
      client: PreparingPgClient as unknown as Knex.Config['client'],
      connection: cfg.DATABASE_URL,
      pool: { min: 0, max: 10 },
      migrations: { migrationSource: migrationSource(MIGRATIONS_DIR) },
    });
  }
  const dir = path.join(cfg.DATA_DIR, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  return knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: { filename: dir },
    migrations: { migrationSource: migrationSource(MIGRATIONS_DIR) },
    postProcessResponse: bytesAsBuffers,
  } as Knex.Config);
}

const toBuffer = (v: unknown): unknown =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;

/**
 * PGlite answers bytea as a Uint8Array where node-postgres gives a Buffer: rows (and plucked
 * values) get Buffers here, so the code sees one shape whichever database runs.
 */
export function bytesAsBuffers(result: unknown): unknown {
  if (Array.isArray(result)) return result.map(bytesAsBuffers);
  if (result && typeof result === 'object' && Object.getPrototypeOf(result) === Object.prototype) {
    const row = result as Record<string, unknown>;
    for (const k of Object.keys(row)) row[k] = toBuffer(row[k]);
    return row;
  }
  return toBuffer(result);
}

/** Whether the queries go to a PostgreSQL server (not embedded PGlite): LISTEN/NOTIFY, prepared statements. */
export function onPostgresServer(db: Knex | Knex.Transaction): boolean {
  return db.client instanceof PreparingPgClient || (db.client as { config?: { client?: unknown } }).config?.client === 'pg';
}

/** Creates the knex instance and binds the objection models to it. */
export function connectDb(cfg: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Knex {
  const knex = createKnex(cfg);
  Model.knex(knex);
  return knex;
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest();
}
