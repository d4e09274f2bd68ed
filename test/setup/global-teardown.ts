import knexFactory from 'knex';
import { ADMIN_DATABASE_URL } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __temporal?: { stop(): Promise<void> }; __testDb?: string };
  await g.__temporal?.stop();
  if (g.__testDb) {
    const admin = knexFactory({ client: 'pg', connection: ADMIN_DATABASE_URL, pool: { min: 0, max: 1 } });
    try {
      await admin.raw(`DROP DATABASE IF EXISTS ${g.__testDb} WITH (FORCE)`);
    } finally {
      await admin.destroy();
    }
  }
}
