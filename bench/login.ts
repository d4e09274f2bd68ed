/**
 * Sign-in under load (issue 13). Prints figures only (never part of `npm test`).
 *
 * 1. Login throughput at the argon2id parameters in use (services/auth/passwords.ts): the hash
 *    alone in-process, then successful logins over HTTP under autocannon, the rate limit out of
 *    the way (LOGIN_RATE_PER_MINUTE very high).
 * 2. The rate limit holding: a flood of wrong passwords from one address at the default
 *    LOGIN_RATE_PER_MINUTE. Refused requests never reach argon2 (the user's failure counter
 *    shows how many did), and the api process's CPU stays far from saturation.
 *
 * autocannon runs as a child process, so the CPU figures are the platform's alone.
 *
 *   npm run bench:login           BENCH_SECONDS=20 BENCH_CONNECTIONS=50 npm run bench:login
 */
import os from 'node:os';
import { parseConfig } from '../config/config';
import { hashPassword, verifyPassword } from '../services/auth/passwords';
import { startPlatform } from '../scripts/platform';
import { PASSWORD, createTenant, setAccountConfig } from '../test/support/fixtures';
import { cannon, statusCodes as codes } from './autocannon';
import { recordFigures } from './report-table';
import { startBenchPlatform } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<void> {
  const bench = await startBenchPlatform('laudos_bench_login', { LOGIN_RATE_PER_MINUTE: '100000000' });
  const { platform, knex } = bench;
  const cores = os.cpus().length;
  try {
    console.log(`\nSign-in bench (${bench.dbLabel}; ${cores} cores; ${SECONDS} s per run; autocannon in a child process)`);

    // The hash alone, in this process.
    const hash = await hashPassword(PASSWORD);
    const params = hash.split('$')[3];
    const t1 = performance.now();
    for (let i = 0; i < 10; i++) await verifyPassword(hash, PASSWORD);
    const oneMs = (performance.now() - t1) / 10;
    // libuv's pool (4 threads by default) runs them side by side, as concurrent logins do.
    const t0 = performance.now();
    const N = 40;
    await Promise.all(Array.from({ length: N }, () => verifyPassword(hash, PASSWORD)));
    const parallelMs = performance.now() - t0;
    console.log(
      `  argon2id (${params}): one verify ${oneMs.toFixed(1)} ms; ${N} in parallel ${(N / (parallelMs / 1000)).toFixed(1)} verifies/s`,
    );

    // 1. Successful logins over HTTP, limits out of the way.
    const t = await createTenant(knex, { studies: 0, users: { bench: [] } });
    const user = t.users.bench!;
    const login = await cannon(`${platform.url}/api/auth`, {
      method: 'POST',
      body: { username: user.username, password: PASSWORD },
      connections: 8,
      seconds: SECONDS,
    });
    console.log(
      `  logins (right password, 8 connections): ${login.result.requests.average.toFixed(1)} req/s, ` +
        `p50 ${login.result.latency.p50} ms, p99 ${login.result.latency.p99} ms [${codes(login.result)}]; api CPU ${login.cpu.toFixed(0)} % of the machine`,
    );
    recordFigures([
      { figure: 'argon2id, one verify', measured: oneMs, unit: ' ms' },
      { figure: 'logins/s, right password, 8 connections', measured: login.result.requests.average, unit: '/s' },
      { figure: 'login p99, 8 connections', measured: login.result.latency.p99, unit: ' ms' },
    ]);
  } catch (err) {
    await bench.stop().catch(() => undefined);
    throw err;
  }

  // 2. A second api on the same database, at the default limit, flooded from one address.
  const limit = parseConfig({ NODE_ENV: 'development' }).LOGIN_RATE_PER_MINUTE;
  const limited = await startPlatform({ ...bench.config, PORT: 0, LOGIN_RATE_PER_MINUTE: limit }, { worker: false });
  try {
    const t = await createTenant(knex, { studies: 0, users: { victim: [] } });
    await setAccountConfig(knex, t.accountId, { LOGIN_ATTEMPTS: '50' });
    const victim = t.users.victim!;
    const flood = await cannon(`${limited.url}/api/auth`, {
      method: 'POST',
      body: { username: victim.username, password: 'Wrong@12345' },
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    const hashed = (await knex('users').where({ id: victim.id }).first('failed_logins')).failed_logins as number;
    const total = flood.result.requests.total;
    const refused = flood.result.statusCodeStats?.['429']?.count ?? 0;
    console.log(
      `  flood of wrong passwords (${CONNECTIONS} connections, one address, LOGIN_RATE_PER_MINUTE ${limit}): ` +
        `${total} requests, ${flood.result.requests.average.toFixed(0)} req/s [${codes(flood.result)}]`,
    );
    console.log(
      `    refused before hashing: ${refused} (${((refused / Math.max(1, total)) * 100).toFixed(2)} %); argon2 verifications: ${hashed}; ` +
        `api CPU ${flood.cpu.toFixed(0)} % of the machine (saturated would be 100 %)`,
    );
    recordFigures([
      { figure: 'wrong-password flood: refused before hashing', measured: (refused / Math.max(1, total)) * 100, unit: ' %' },
      { figure: 'wrong-password flood: api CPU of the machine', measured: flood.cpu, unit: ' %' },
    ]);
  } finally {
    await limited.stop().catch(() => undefined);
    await bench.stop().catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
