/**
 * The settings an administrator gives a Connect on the platform (issue 16: AE Title, Store
 * port, poll interval, download folder), read by the agent at start with its key from
 * `GET {PLATFORM_URL}/api/connect-agent/config`. A variable set in the agent's environment
 * wins (the clinic's machine may need its own port); the platform's value fills what the
 * environment leaves unset; an unreachable platform leaves the environment and defaults — the
 * agent must receive studies even while the platform is down.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type ConnectConfig, parseConnectConfig } from './config';

const AgentSettings = z.object({
  connect: z.object({
    effectiveAeTitle: z.string().nullable(),
    storePort: z.number().int().nullable(),
    pollIntervalSeconds: z.number().positive(),
    downloadFolder: z.string().nullable(),
  }),
});
export type AgentSettings = z.infer<typeof AgentSettings>;

/** The platform's settings as environment variables of connect/config.ts. */
export function settingsAsEnv({ connect: c }: AgentSettings): Record<string, string> {
  const env: Record<string, string> = { DOWNLOAD_POLL_MS: String(Math.min(300_000, Math.round(c.pollIntervalSeconds * 1000))) };
  if (c.effectiveAeTitle) env.AE_TITLE = c.effectiveAeTitle;
  if (c.storePort !== null) env.DICOM_PORT = String(c.storePort);
  // A folder of another machine's kind (e.g. C:\ on this Linux agent) is not this agent's.
  if (c.downloadFolder && path.isAbsolute(c.downloadFolder)) env.DOWNLOAD_ROOT = c.downloadFolder;
  return env;
}

/** The agent's configuration: its environment over the platform's settings over the defaults. */
export async function resolveConnectConfig(
  env: Record<string, string | undefined>,
  logger: Pick<Logger, 'info' | 'warn'>,
  timeoutMs = 5000,
): Promise<ConnectConfig> {
  const local = parseConnectConfig(env);
  const url = new URL('api/connect-agent/config', local.PLATFORM_URL.endsWith('/') ? local.PLATFORM_URL : `${local.PLATFORM_URL}/`);
  let remote: Record<string, string> = {};
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${local.CONNECT_KEY}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    remote = settingsAsEnv(AgentSettings.parse(await res.json()));
    logger.info({ settings: remote }, 'settings from the platform');
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'platform settings unavailable: using the environment and defaults');
  }
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  try {
    return parseConnectConfig({ ...remote, ...set });
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'platform settings refused: using the environment and defaults');
    return local;
  }
}
