/**
 * deploy/nginx.conf (compose's `proxy` service) run by Debian's nginx in front of three small
 * servers on 127.0.0.2-4 standing in for api replicas, with a loopback DNS server standing in for
 * Docker's (the name `api`, one address per replica). Real api replicas behind it:
 * nginx-proxy-replicas.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { findNginx } from '../../scripts/tools';
import { type DnsServer, startDnsServer } from '../support/dns-server';
import { eventually } from '../support/eventually';
import { NGINX_CONF, type NginxProxy, nginxArgs, startNginxProxy } from '../support/nginx-proxy';
const REPLICA_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

interface Echo {
  replica: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyBytes: number;
}

interface Replica {
  address: string;
  server: http.Server;
}

/** An api stand-in: says which replica answered and what it received; /mqtt echoes WebSocket messages. */
function startReplica(address: string, port: number): Promise<Replica> {
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false) });
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(`${address}:${data.toString()}`)));
  const server = http.createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const echo: Echo = {
        replica: address,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers as Record<string, string>,
        bodyBytes,
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(echo));
    });
  });
  // As api/broker/broker.ts: only /mqtt upgrades.
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== '/mqtt') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve({ address, server }));
  });
}

function stopReplica(r: Replica): Promise<void> {
  return new Promise((resolve) => {
    r.server.closeAllConnections();
    r.server.close(() => resolve());
  });
}

/** One port free on every replica address (compose's replicas all listen on 3000). */
async function startReplicas(): Promise<Replica[]> {
  for (let attempt = 0; ; attempt++) {
    const first = await startReplica(REPLICA_ADDRESSES[0]!, 0);
    const { port } = first.server.address() as AddressInfo;
    const started = [first];
    try {
      for (const a of REPLICA_ADDRESSES.slice(1)) started.push(await startReplica(a, port));
      return started;
    } catch (err) {
      await Promise.all(started.map(stopReplica));
      if (attempt === 5) throw err;
    }
  }
}

let nginx: NginxProxy;
let dns: DnsServer;
let replicas: Replica[];
let proxy: string;

beforeAll(async () => {
  dns = await startDnsServer();
  replicas = await startReplicas();
  // Two replicas first (`--scale api=2`); the third joins in a test below.
  dns.answer('api', REPLICA_ADDRESSES.slice(0, 2));
  nginx = await startNginxProxy({ dnsPort: dns.port, apiPort: (replicas[0]!.server.address() as AddressInfo).port });
  proxy = nginx.url;
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all((replicas ?? []).map(stopReplica));
  await dns?.stop();
});

async function get(pathname: string, headers: Record<string, string> = {}): Promise<Echo> {
  const r = await fetch(`${proxy}${pathname}`, { headers });
  expect(r.status).toBe(200);
  return (await r.json()) as Echo;
}

/** Replies per replica over `n` requests. */
async function spread(n: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const { replica } = await get(`/api/studies?i=${i}`);
    counts[replica] = (counts[replica] ?? 0) + 1;
  }
  return counts;
}

describe('deploy/nginx.conf', () => {
  it('passes `nginx -t` as it is in the repository (names resolve per request, not at start)', () => {
    // stdout to /dev/null: nginx opens the access log (/dev/stdout) while testing.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-nginx-t-'));
    const r = spawnSync(findNginx(), ['-t', ...nginxArgs(dir, NGINX_CONF)], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toContain('test is successful');
    expect(r.status).toBe(0);
  });

  it('balances requests over both replicas the name resolves to', async () => {
    const counts = await spread(40);
    expect(Object.keys(counts).sort()).toEqual(REPLICA_ADDRESSES.slice(0, 2));
    for (const n of Object.values(counts)) expect(n).toBeGreaterThanOrEqual(5);
  });

  it('forwards the path, the session header, the client address, scheme and host, and a TLS terminator’s scheme', async () => {
    const echo = await get('/api/x?token=secret-image-token', {
      'x-forwarded-for': '203.0.113.9',
      access_token: 'session-token',
    });
    expect(echo.url).toBe('/api/x?token=secret-image-token');
    // The session header's name has an underscore, which nginx drops unless told otherwise.
    expect(echo.headers.access_token).toBe('session-token');
    // The client's own entry first, the address the proxy saw last (TRUST_PROXY=1 takes that one).
    expect(echo.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-host']).toBe(new URL(proxy).host);
    expect(echo.headers.host).toBe(new URL(proxy).host);
    const behindTls = await get('/dicomweb/studies', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'laudos.example.org' });
    expect(behindTls.headers['x-forwarded-proto']).toBe('https');
    expect(behindTls.headers['x-forwarded-host']).toBe('laudos.example.org');
    // The access log names the path without the query string that carries image tokens.
    const log = await eventually(
      () => fs.readFileSync(nginx.accessLog, 'utf8'),
      (text) => text.includes('"GET /api/x HTTP/1.1" 200'),
      { what: 'the access log line' },
    );
    expect(log).not.toContain('secret-image-token');
  });

  it('streams a large upload to the api (no body limit of its own: the api limits each part)', async () => {
    const body = Buffer.alloc(24 * 1024 * 1024, 7);
    const r = await fetch(`${proxy}/dicomweb/studies`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/dicom' },
    });
    expect(r.status).toBe(200);
    const echo = (await r.json()) as Echo;
    expect(echo.method).toBe('POST');
    expect(echo.bodyBytes).toBe(body.length);
  });

  it('passes the WebSocket upgrade of /mqtt with its subprotocol, on every replica', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12 && seen.size < 2; i++) {
      const ws = new WebSocket(`${proxy.replace('http', 'ws')}/mqtt`, 'mqtt');
      const reply = await new Promise<string>((resolve, reject) => {
        ws.once('open', () => ws.send('ping'));
        ws.once('message', (data) => resolve(data.toString()));
        ws.once('error', reject);
      });
      expect(ws.protocol).toBe('mqtt');
      const [replica, text] = reply.split(':');
      expect(text).toBe('ping');
      seen.add(replica!);
      ws.close();
    }
    expect(seen.size).toBe(2);
  });

  it('waits an hour on an idle /mqtt connection (the browser pings every minute), five minutes elsewhere', () => {
    const conf = fs.readFileSync(NGINX_CONF, 'utf8');
    const mqtt = /location = \/mqtt \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(mqtt).toMatch(/proxy_read_timeout 1h;/);
    expect(mqtt).toMatch(/proxy_send_timeout 1h;/);
    expect(conf).toMatch(/^ {2}proxy_read_timeout 300s;/m);
  });

  it('finds a replica added later (`--scale api=3`) without a restart', async () => {
    dns.answer('api', REPLICA_ADDRESSES);
    // The resolver asks again once its answer is 5 s old (valid=5s).
    const counts = await eventually(
      () => spread(30),
      (c) => (c[REPLICA_ADDRESSES[2]!] ?? 0) > 0,
      { timeout: 20_000, interval: 500, what: 'the third replica answering through the proxy' },
    );
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('sends requests to the replicas left when one stops', async () => {
    await stopReplica(replicas[1]!);
    // Docker's DNS still names it for a moment: a refused connection goes to the next address.
    const counts = await spread(30);
    expect(counts[REPLICA_ADDRESSES[1]!]).toBeUndefined();
    expect((counts[REPLICA_ADDRESSES[0]!] ?? 0) + (counts[REPLICA_ADDRESSES[2]!] ?? 0)).toBe(30);
  });
});
