/**
 * Health and status on loopback only (it shows queue sizes and error texts, nothing a
 * clinic network should reach): GET /health, GET /status.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Spool } from '../spool/spool';
import type { AgentStats } from './stats';

export interface StatusServer {
  port: number;
  close(): Promise<void>;
}

export type StatusDocument = AgentStats & {
  queued: number;
  queuedBytes: number;
  rejected: number;
  aeTitle: string;
  dicomPort: number;
};

export async function startStatusServer(
  port: number,
  spool: Spool,
  stats: AgentStats,
  identity: { aeTitle: string; dicomPort: number },
): Promise<StatusServer> {
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET')
      return json(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', description: 'Only GET is served here.' } });
    if (path === '/health') return json(res, 200, { status: 'ok' });
    if (path === '/status') {
      spool.counts().then(
        (counts) => json(res, 200, { ...identity, ...stats, ...counts } satisfies StatusDocument),
        (err: Error) => json(res, 500, { error: { code: 'SPOOL_UNREADABLE', description: err.message } }),
      );
      return;
    }
    json(res, 404, { error: { code: 'NOT_FOUND', description: 'Try /health or /status.' } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
