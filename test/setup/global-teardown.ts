import fs from 'node:fs';
import knexFactory from 'knex';
import { ADMIN_DATABASE_URL } from './env';

/** Stops and removes what global setup made: also run by it when it fails halfway. */
export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __temporal?: { stop(): Promise<void> }; __testDbs?: string[]; __runDir?: string };
  await g.__temporal?.stop();
  if (g.__runDir) fs.rmSync(g.__runDir, { recursive: true, force: true });
  if (g.__testDbs) {
    const admin = knexFactory({ client: 'pg', connection: ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
    try {
      for (const db of g.__testDbs) await admin.raw(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    } finally {
      await admin.destroy();
    }
  }
}
