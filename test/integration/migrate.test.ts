/**
 * `npm run migrate` as an operator runs it: on a fresh PostgreSQL database and on the
 * embedded PGlite it applies every migration and says which; run again it has nothing to do;
 * an unreachable database or a bad setting ends with a clear message and a non-zero code.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { ADMIN_DATABASE_URL } from '../setup/env';
import { MIGRATIONS_DIR } from '../../db/connection';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..');
const MIGRATIONS = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => /^\d+_.+\.ts$/.test(f))
  .sort();

/** `npm run migrate` with only the given settings (and PATH), as a shell would run it. */
function migrate(env: Record<string, string>): { status: number | null; out: string; err: string } {
  const r = spawnSync('npm', ['run', '--silent', 'migrate'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

const dbName = `laudos_migrate_${process.pid}`;
const admin = knexFactory({ client: 'pg', connection: ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
const dbUrl = () => {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-migrate-'));

beforeAll(async () => {
  await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${dbName}`);
});

afterAll(async () => {
  await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('applies every migration to DATABASE_URL, lists them, and then has nothing left to do', async () => {
  const first = migrate({ DATABASE_URL: dbUrl(), DATA_DIR: dataDir });
  expect(first.err).toBe('');
  expect(first.status).toBe(0);
  expect(first.out).toContain(`applied ${MIGRATIONS.length} migration(s)`);
  for (const name of MIGRATIONS) expect(first.out).toContain(name);

  const db = knexFactory({ client: 'pg', connection: dbUrl(), pool: { min: 0, max: 1 } });
  try {
    const done: { name: string }[] = await db('knex_migrations').select('name').orderBy('id');
    expect(done.map((d) => d.name)).toEqual(MIGRATIONS);
    for (const table of ['users', 'sessions', 'image_tokens', 'studies', 'audit_log'])
      expect([table, await db.schema.hasTable(table)]).toEqual([table, true]);
  } finally {
    await db.destroy();
  }

  const again = migrate({ DATABASE_URL: dbUrl(), DATA_DIR: dataDir });
  expect(again.status).toBe(0);
  expect(again.out).toContain(`already up to date (${MIGRATIONS.length} migrations applied)`);
});

it('applies them to the embedded PGlite under DATA_DIR when DATABASE_URL is unset', () => {
  const first = migrate({ DATA_DIR: dataDir });
  expect(first.status).toBe(0);
  expect(first.out).toContain(`embedded PGlite in ${dataDir}/pg`);
  expect(first.out).toContain(`applied ${MIGRATIONS.length} migration(s)`);
  expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(true);
  const again = migrate({ DATA_DIR: dataDir });
  expect(again.status).toBe(0);
  expect(again.out).toContain('already up to date');
});

it('fails with a clear message and a non-zero code', () => {
  const unreachable = migrate({ DATABASE_URL: 'postgres://laudos:secret@127.0.0.1:1/laudos', DATA_DIR: dataDir });
  expect(unreachable.status).toBe(1);
  expect(unreachable.err).toContain('migrate: failed on postgres://laudos:***@127.0.0.1:1/laudos: connect ECONNREFUSED');
  expect(unreachable.err + unreachable.out).not.toContain('secret');

  const badSetting = migrate({ DATABASE_URL: 'not a url', DATA_DIR: dataDir });
  expect(badSetting.status).toBe(2);
  expect(badSetting.err).toContain('DATABASE_URL');
});
