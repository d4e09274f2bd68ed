/**
 * A study download delivered by the clinic's Connect agent (spec 2 §2, §4, §7): where the
 * agent writes it (fullPath, on the clinic machine), the request's life, and when an agent
 * counts as reachable (its download poll is its heartbeat).
 */
import { z } from 'zod';
import { accountSetting } from '../accounts/settings';

/** Room for the subfolders and file names under it within Windows' 260-character paths. */
export const MAX_FULL_PATH = 200;

/**
 * An absolute folder on the clinic machine: POSIX (`/srv/exames`) or Windows (`C:\Exames`,
 * `D:/x`); no `..` segment, no control characters, no UNC (`//host/share`, `\\host\share`:
 * Windows would reach for the share and hand it the clinic user's SMB credentials).
 */
export const FullPath = z
  .string()
  .trim()
  .min(1)
  .max(MAX_FULL_PATH)
  .refine((p) => !/\p{Cc}/u.test(p), 'control characters')
  .refine((p) => !/^[\\/]{2}/.test(p), 'no UNC path')
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'must be absolute')
  .refine((p) => !p.split(/[\\/]/).includes('..'), 'no .. segment');

export const CONNECT_DOWNLOAD_STATUSES = ['queued', 'ready', 'delivering', 'done', 'failed'] as const;
export type ConnectDownloadStatus = (typeof CONNECT_DOWNLOAD_STATUSES)[number];

/** The agent polls every 10 s by default; three missed polls and it is not reachable. */
export const CONNECT_REACHABLE_MS = 45_000;

export function isConnectReachable(lastSeenAt: Date | string | null, now = Date.now()): boolean {
  return lastSeenAt != null && now - new Date(lastSeenAt).getTime() <= CONNECT_REACHABLE_MS;
}

/** Account setting allowDownloadConnect (spec 2 §3). */
export function allowsDownloadConnect(config: Record<string, unknown> | null | undefined): boolean {
  return accountSetting(config, 'allowDownloadConnect');
}

/** What the agent reports after writing (or failing to write) a download. */
export const ConnectDownloadResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), files: z.number().int().min(0).max(10_000_000) }),
  z.object({ ok: z.literal(false), error: z.string().trim().min(1).max(500) }),
]);
export type ConnectDownloadResult = z.infer<typeof ConnectDownloadResult>;

/** The connect/check answer (spec 3 §7 'connect/check'): why not, when not. */
export const ConnectCheck = z.object({
  available: z.boolean(),
  reason: z.enum(['SETTING_OFF', 'NO_CONNECT', 'UNREACHABLE']).optional(),
  connect: z.object({ id: z.string(), name: z.string(), lastSeenAt: z.string().nullable() }).optional(),
});
export type ConnectCheck = z.infer<typeof ConnectCheck>;

/** One download request of a study, as `GET /medicalRecords/connectDownloads` lists it. */
export const ConnectDownloadRequest = z.object({
  id: z.string(),
  status: z.enum(CONNECT_DOWNLOAD_STATUSES),
  /** Null unless the caller requested it or administers the account. */
  fullPath: z.string().nullable(),
  files: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectDownloadRequest = z.infer<typeof ConnectDownloadRequest>;

/** What the agent's poll answers: the requests it should fetch, and where to write each. */
export const AgentDownload = z.object({ id: z.string(), fullPath: z.string() });
export type AgentDownload = z.infer<typeof AgentDownload>;
