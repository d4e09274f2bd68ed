/**
 * A Postgres LISTEN on its own connection, connected again a second after it is lost (notices
 * sent meanwhile are not heard: each user of it has another way to the same outcome).
 */
import type { Logger } from 'pino';
import pg from 'pg';

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
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    c.on('notification', (msg) => opts.onNotification(msg.channel, msg.payload));
    c.on('error', (err) => {
      opts.logger.warn({ err }, `${opts.name} lost its connection`);
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      again();
    });
    try {
      await c.connect();
      for (const channel of opts.channels) await c.query(`LISTEN ${channel}`);
      client = c;
    } catch (err) {
      await c.end().catch(() => undefined);
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
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
