/**
 * db/listen.ts: a LISTEN connection comes back after it is cut, cut again and again while it
 * reconnects, and nothing of it comes back once closed (a reconnection left pending would open a
 * connection, or throw, after its owner stopped).
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { listenPostgres } from '../../db/listen';
import { platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ worker: false });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('listens again after repeated cuts, and stays closed once closed', async () => {
  const channel = `laudos_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: suite.config.DATABASE_URL });
  await admin.connect();
  const listening = (query: string) =>
    admin.query(`SELECT pid FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [query]);
  const cut = () =>
    admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [
      `LISTEN ${channel}`,
    ]);
  const heard: string[] = [];
  const listener = await listenPostgres({
    databaseUrl: suite.config.DATABASE_URL!,
    channels: [channel],
    logger: pino({ level: 'silent' }),
    name: 'test listener',
    onNotification: (_c, payload) => void (payload && heard.push(payload)),
  });
  try {
    for (let i = 0; i < 4; i++) {
      await cut();
      await pause(300 + 300 * i);
    }
    // Back: a notice sent until heard.
    for (let i = 0; i < 40 && !heard.includes('back'); i++) {
      await admin.query('SELECT pg_notify($1, $2)', [channel, 'back']);
      await pause(100);
    }
    expect(heard).toContain('back');
    expect((await listening(`LISTEN ${channel}`)).rowCount).toBe(1);

    // Cut, then closed while its reconnection is pending: it never comes back.
    await cut();
    await pause(50);
    await listener.close();
    await pause(2_500);
    expect((await listening(`LISTEN ${channel}`)).rowCount).toBe(0);
  } finally {
    await listener.close();
    await admin.end();
  }
});
