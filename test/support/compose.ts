/** `docker-compose config` of the repository's docker-compose.yml, parsed (Compose v1, no engine). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findDockerCompose } from '../../scripts/tools';

export const COMPOSE_FILE = path.resolve(__dirname, '..', '..', 'docker-compose.yml');

export interface ComposeService {
  image?: string;
  build?: { context: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  /** Long form, as `config` prints it (`3000:80` → published 3000, target 80). */
  ports?: { published?: number | string; target: number; host_ip?: string }[];
  /** `host:container[:mode]`, the host path made absolute. */
  volumes?: string[];
}
export interface ComposeConfig {
  services: Record<string, ComposeService>;
}

// js-yaml 3 comes with jest (no types): Compose v1 prints YAML only (no --format json).
const yaml = require('js-yaml') as { safeLoad(text: string): unknown };

/** Runs `docker-compose config` with exactly `env` (plus PATH): the status, the parsed file or the error text. */
export function composeConfig(env: Record<string, string>): { status: number; config?: ComposeConfig; stderr: string } {
  const r = spawnSync(findDockerCompose(), ['-f', COMPOSE_FILE, 'config'], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    encoding: 'utf8',
  });
  const status = r.status ?? 1;
  return { status, stderr: r.stderr, config: status === 0 ? (yaml.safeLoad(r.stdout) as ComposeConfig) : undefined };
}
