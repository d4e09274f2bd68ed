/**
 * The Connect agent's configuration: read once from the environment and validated by zod.
 * Every bad variable is listed at once. Nothing else in connect/ reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const ConnectConfigSchema = z.object({
  /** The platform's base URL; STOW-RS goes to `{PLATFORM_URL}/dicomweb/studies`. */
  PLATFORM_URL: z.string().url(),
  /** The clinic's connection key, sent as `Authorization: Bearer …`. */
  CONNECT_KEY: z.string().min(8),
  /** Called AE title modalities must use (DICOM AE: up to 16 characters). */
  AE_TITLE: z
    .string()
    .trim()
    .min(1)
    .max(16)
    .regex(/^[\x20-\x7e]+$/, 'printable ASCII only')
    .default('LAUDOS'),
  /** Accept any called AE title (some modalities cannot be configured). */
  AE_TITLE_CHECK: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
  DICOM_PORT: port.default(11112),
  /** Durable spool: queue/, tmp/ and rejected/ live under it. */
  SPOOL_DIR: z.string().default(path.resolve(process.cwd(), 'connect-spool')),
  /** Loopback port of the health/status endpoint (0 = any free port). */
  STATUS_PORT: port.default(11113),
  /** Instances per STOW-RS request. */
  BATCH_MAX_COUNT: z.coerce.number().int().min(1).max(1000).default(50),
  /** Bytes per STOW-RS request (a single larger instance is still sent, alone). */
  BATCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  /** While instances are arriving, wait up to this long for a batch to fill (0: send at once). */
  BATCH_LINGER_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  /** Exponential back-off: first delay, cap. */
  RETRY_BASE_MS: z.coerce.number().int().min(1).default(500),
  RETRY_MAX_MS: z.coerce.number().int().min(1).default(60_000),
  /**
   * Attempts for an instance the platform refused with a reason that may be transient
   * (e.g. out of resources) before it is moved to rejected/. Outages (network, 5xx, 429,
   * 401) never count: they are retried until the platform is back.
   */
  RETRY_MAX_INSTANCE_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** Per-request timeout of an upload. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** How often the agent asks for queued study downloads (also its heartbeat; 0 = never). */
  DOWNLOAD_POLL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /**
   * Study downloads are written only inside this folder (default SPOOL_DIR/downloads): the
   * folder of a request is picked on the platform, so any other is refused.
   */
  DOWNLOAD_ROOT: z
    .string()
    .refine((p) => path.isAbsolute(p) && !/^[\\/]{2}/.test(p), 'must be an absolute local folder (not UNC)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ConnectConfig = Omit<z.infer<typeof ConnectConfigSchema>, 'DOWNLOAD_ROOT'> & { DOWNLOAD_ROOT: string };

/** Parses an environment; throws one error naming every bad variable. */
export function parseConnectConfig(env: Record<string, string | undefined>): ConnectConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConnectConfigSchema.safeParse(clean);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid Connect configuration:\n${problems}`);
  }
  if (result.data.RETRY_MAX_MS < result.data.RETRY_BASE_MS) {
    throw new Error('Invalid Connect configuration:\n  RETRY_MAX_MS: must be ≥ RETRY_BASE_MS');
  }
  const { DOWNLOAD_ROOT, ...config } = result.data;
  return { ...config, DOWNLOAD_ROOT: path.resolve(DOWNLOAD_ROOT ?? path.join(config.SPOOL_DIR, 'downloads')) };
}
