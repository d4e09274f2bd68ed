/**
 * autocannon in a child process (its CPU is not the api's), with the api process's CPU over
 * the same interval: the platform runs inside the bench's own process.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const AUTOCANNON = path.resolve(__dirname, '..', 'node_modules', '.bin', 'autocannon');
const run = promisify(execFile);

/** What the bench reads of autocannon's JSON result. */
export interface Cannon {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}

export async function cannon(
  url: string,
  opts: { connections: number; seconds: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<{ result: Cannon; cpu: number }> {
  const args = ['-j', '-c', String(opts.connections), '-d', String(opts.seconds), '-m', opts.method ?? 'GET'];
  for (const [name, value] of Object.entries(opts.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (opts.body !== undefined) args.push('-H', 'content-type=application/json', '-b', JSON.stringify(opts.body));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const { stdout } = await run(AUTOCANNON, [...args, url], { maxBuffer: 64 * 1024 * 1024 });
  const used = process.cpuUsage(cpu0);
  const wallMs = performance.now() - t0;
  // Share of the whole machine (all cores) the api process used.
  const cpu = ((used.user + used.system) / 1000 / wallMs / os.cpus().length) * 100;
  return { result: JSON.parse(stdout) as Cannon, cpu };
}

/** "200: 1234, 429: 5" */
export const statusCodes = (r: Cannon) =>
  Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}: ${s.count}`)
    .join(', ');
