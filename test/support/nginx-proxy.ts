/**
 * deploy/nginx.conf (compose's `proxy` service) run by Debian's nginx on loopback. Only the listen
 * address, the resolver's address (a loopback DNS server standing in for Docker's) and the api's
 * port are rewritten: everything the proxy does with a request is the file as shipped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/temporal-dev';
import { findNginx } from '../../scripts/tools';
import { eventually } from './eventually';

export const NGINX_CONF = path.resolve(__dirname, '..', '..', 'deploy', 'nginx.conf');

export interface NginxProxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The access log (the file's /dev/stdout). */
  readonly accessLog: string;
  stop(): Promise<void>;
}

/** nginx with a pid file and prefix of its own; `-e stderr` before the config names its log. */
export function nginxArgs(dir: string, conf: string, extra = ''): string[] {
  return ['-e', 'stderr', '-p', dir, '-c', conf, '-g', `pid ${path.join(dir, 'nginx.pid')};${extra}`];
}

function replaceOnce(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx.conf should hold "${from}" once, holds it ${count} times`);
  return text.replace(from, to);
}

/** Starts the proxy resolving `api` through the DNS server on `dnsPort`; ready once `/api/health` answers 200. */
export async function startNginxProxy(opts: { dnsPort: number; apiPort: number }): Promise<NginxProxy> {
  const bin = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-nginx-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let conf = fs.readFileSync(NGINX_CONF, 'utf8');
  conf = replaceOnce(conf, 'resolver 127.0.0.11 ', `resolver 127.0.0.1:${opts.dnsPort} `);
  conf = replaceOnce(conf, 'listen 80;', `listen 127.0.0.1:${port};`);
  conf = replaceOnce(conf, 'http://api:3000;', `http://api:${opts.apiPort};`);
  const copy = path.join(dir, 'nginx.conf');
  fs.writeFileSync(copy, conf);
  // The access log goes to /dev/stdout, which nginx opens by name: a file here (a socket, as
  // node's pipes are, cannot be opened so; Docker's log pipe can).
  const accessLog = path.join(dir, 'access.log');
  const stdout = fs.openSync(accessLog, 'a');
  let errors = '';
  // Its own process group: a stop that has to SIGKILL takes the workers too.
  const child: ChildProcess = spawn(bin, nginxArgs(dir, copy, ' daemon off;'), {
    stdio: ['ignore', stdout, 'pipe'],
    detached: true,
  });
  fs.closeSync(stdout);
  child.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const late = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(late);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually(
      () =>
        child.exitCode === null
          ? fetch(`${url}/api/health`).then(
              (r) => r.status,
              () => 0,
            )
          : Promise.reject(new Error(`nginx exited (${child.exitCode}):\n${errors}`)),
      (status) => status === 200,
      { timeout: 30_000, interval: 100, what: `nginx answering on ${url}` },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, accessLog, stop };
}
