/**
 * A Postgres LISTEN on its own connection, connected again a second after it is lost (notices
 * sent meanwhile are not heard: each user of it has another way to the same outcome).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import pg from 'pg';

/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7_999;

/** Sends a notice; inside a transaction it is heard only once that commits. */
export function notify(db: Knex | Knex.Transaction, channel: string, payload: string): Knex.Raw {
  return db.raw('SELECT pg_notify(?, ?)', [channel, payload]);
}

export interface Listening {
  close(): Promise<void>;
}

export async function listenPostgres(opts: {
  databaseUrl: string;
  channels: string[];
  logger: Logger;
  /** What listens, for the log ('session-end listener'). */
  name: string;
  onNotification: (channel: string, payload: string | undefined) => void;
}): Promise<Listening> {
  /** The connection, from its creation (so close ends one still connecting). */
  let client: pg.Client | null = null;
  let closed = false;
  /** At most one reconnection pending: a lost connection may report both an error event and a failed query. */
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().catch(() => undefined);
    }, 1000);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    client = c;
    c.on('notification', (msg) => opts.onNotification(msg.channel, msg.payload));
    c.on('error', (err) => {
      if (client !== c) return;
      opts.logger.warn({ err }, `${opts.name} lost its connection`);
      client = null;
      void c.end().catch(() => undefined);
      again();
    });
    try {
      await c.connect();
      for (const channel of opts.channels) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      if (client !== c) return;
      client = null;
      if (closed) return;
      opts.logger.warn({ err }, `${opts.name} could not connect; retrying`);
      again();
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
