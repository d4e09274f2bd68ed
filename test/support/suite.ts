/**
 * The lifecycle every integration and e2e file repeats, in one place: the platform (and,
 * for e2e, Chromium) started in a beforeAll, closed in an afterAll, plus the logins and the
 * binary fetch with a token the files kept copying.
 *
 * Call `platformSuite()` at the top of the file, before the file's own beforeAll: jest runs
 * beforeAll hooks in the order they are declared, so the platform is up when the file's
 * setup runs. afterAll hooks also run in declaration order, so whatever must be closed
 * before the platform goes (agents, MQTT clients, extra platforms) goes in `beforeStop`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Browser } from 'playwright-core';
import type { Config } from '../../config/config';
import type { Platform } from '../../scripts/platform';
import { launchChromium, reportOpenPages } from './browser';
import { PASSWORD } from './fixtures';
import { apiClient, startTestPlatform } from './platform';

export type Api = ReturnType<typeof apiClient>;

/** Where the e2e tests leave their screenshots (created by a `web` suite). */
export const E2E_ARTIFACTS = path.resolve(__dirname, '..', '..', 'test-results', 'e2e');

export interface SuiteOptions {
  /** Config values over the test defaults (see startTestPlatform). */
  overrides?: Record<string, string>;
  /** false: no Temporal worker in the process (the default starts one). */
  worker?: boolean;
  /** Serve the web bundle and launch Chromium (e2e). */
  web?: boolean;
  /** Extra Chromium flags (only with `web`). */
  chromiumArgs?: string[];
  /** Runs first in the afterAll, before the browser, platform and database are closed. */
  beforeStop?: () => Promise<void> | void;
}

export interface PlatformSuite {
  readonly platform: Platform;
  readonly knex: Knex;
  readonly config: Config;
  readonly browser: Browser;
  /** The JSON client of the suite's platform; safe to take at the top of the file. */
  readonly api: Api;
  /** The absolute url of an api path, given with or without its '/api' prefix. */
  apiUrl(path: string): string;
}

export function platformSuite(opts: SuiteOptions = {}): PlatformSuite {
  let started: Awaited<ReturnType<typeof startTestPlatform>> | undefined;
  let browser: Browser | undefined;
  const up = () => {
    if (!started) throw new Error('the platform is not up: use the suite inside a test or a later beforeAll');
    return started;
  };

  beforeAll(async () => {
    if (opts.web) fs.mkdirSync(E2E_ARTIFACTS, { recursive: true });
    const overrides = opts.web ? { SERVE_WEB: 'true', ...opts.overrides } : opts.overrides;
    started = await startTestPlatform(overrides, opts.worker === false ? { worker: false } : {});
    if (opts.web) browser = await launchChromium(opts.chromiumArgs);
  });

  // A failed test's open pages, as they were (test/setup/e2e-environment.js marks the failure).
  afterEach(async () => {
    const failed = (globalThis as { __e2eFailure?: string | null }).__e2eFailure;
    if (failed && browser) await reportOpenPages(browser, failed, E2E_ARTIFACTS);
  });

  afterAll(async () => {
    await opts.beforeStop?.();
    await browser?.close();
    await started?.platform.stop();
    await started?.knex.destroy();
  });

  return {
    get platform() {
      return up().platform;
    },
    get knex() {
      return up().knex;
    },
    get config() {
      return up().config;
    },
    get browser() {
      if (!opts.web) throw new Error('no browser: platformSuite({ web: true })');
      if (!browser) throw new Error('the browser is not up: use it inside a test or a later beforeAll');
      return browser;
    },
    // Resolves the url at call time, so the file can hold `const api = suite.api` before start.
    api: (method, p, o) => apiClient(up().platform.url)(method, p, o),
    apiUrl: (p) => `${up().platform.url}${p.startsWith('/api') ? p : `/api${p}`}`,
  };
}

/** The access token of `username` (the fixtures' password unless told otherwise). */
export async function login(api: Api, username: string, password = PASSWORD): Promise<string> {
  const res = await api('POST', '/auth', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken as string;
}

/** One token per key: `loginTokens(api, { ...t.users, outsider: other.users.doctor! })`. */
export async function loginTokens(api: Api, users: Record<string, { username: string }>): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [key, user] of Object.entries(users)) tokens[key] = await login(api, user.username);
  return tokens;
}

/** GET `url` (absolute) with the token as `access_token`, the body as bytes. */
export async function fetchBytes(url: string, token?: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const res = await fetch(url, { headers: token ? { access_token: token } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

/**
 * The files' `act(who, method, path, body?, expectStatus = 200)`: the call with `tokens[who]`
 * (no body on GET), its body; throws with the answer on any other status.
 */
export function actAs(api: Api, tokens: Record<string, string>) {
  return async function act(who: string, method: string, path: string, body: unknown = {}, expectStatus = 200) {
    const res = await api(method, path, { token: tokens[who], body: method === 'GET' ? undefined : body });
    if (res.status !== expectStatus) throw new Error(`${method} ${path} by ${who}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
}
