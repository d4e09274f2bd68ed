import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { type Config, parseConfig } from '../../config/config';
import { type Platform, startPlatform } from '../../scripts/platform';
import { testEnv } from '../setup/env';
import { testTrustAnchors } from '../../documents/testing/test-cas';

/** The whole platform (api + broker + worker) on a free port, against the test servers. */
export async function startTestPlatform(
  overrides: Record<string, string> = {},
  opts: { worker?: boolean } = {},
): Promise<{ platform: Platform; knex: Knex; config: Config }> {
  // The test PKI's roots: its ICP-like root as the ICP-Brasil roots, its partner root as another anchor.
  const anchors = testTrustAnchors();
  const config = parseConfig({
    ICP_BRASIL_ROOTS_DIR: anchors.icpBrasilDir,
    SIGNING_TRUST_ANCHORS_DIR: anchors.otherDir,
    DATABASE_URL: testEnv('databaseUrl'),
    TEMPORAL_ADDRESS: testEnv('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-test-')),
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    // No deadline Schedule per test platform (each would keep firing on the shared server).
    DEADLINE_SWEEP_SECONDS: '0',
    // Two files' platforms and browsers share two cores: a workflow task has taken 12 s there,
    // and an action past the 10 s bound answers 503. Tests of the bound set their own.
    REPORT_ACTION_TIMEOUT_SECONDS: '30',
    ...overrides,
  });
  const started = await startPlatform(config, opts);
  const platform = {
    ...started,
    async stop() {
      await started.stop();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
  const knex = knexFactory({ client: 'pg', connection: config.DATABASE_URL!, pool: { min: 0, max: 4 } });
  return { platform, knex, config };
}

/** A small JSON client for the api. */
export function apiClient(baseUrl: string) {
  return async function call<T = any>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(opts.token ? { access_token: opts.token } : {}), ...opts.headers },
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}
