/** The audit viewer's calls (api/audit/routes.ts). */
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { fetchBlob } from '../documents/api';

const AuditRow = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  studyId: z.string().nullable(),
  laudoId: z.string().nullable(),
  patientName: z.string().nullable(),
  patientId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof AuditRow>;
const AuditPage = z.object({ rows: z.array(AuditRow), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

const AuditUser = z.object({ id: z.string(), name: z.string(), username: z.string() });
export type AuditUser = z.infer<typeof AuditUser>;

/** The filters as the API takes them (ISO instants), absent ones left out. */
export interface AuditFilters {
  userId?: string;
  action?: string;
  patient?: string;
  studyId?: string;
  from?: string;
  to?: string;
}

export const auditKeys = {
  list: (accountId: string, f: AuditFilters) => ['audit', accountId, 'list', f] as const,
  users: (accountId: string) => ['audit', accountId, 'users'] as const,
};

function search(f: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function fetchAuditPage(f: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return apiRequest(`/audit${search(f, cursor ? { cursor } : {})}`, { schema: AuditPage, signal });
}

export async function fetchAuditUsers(signal?: AbortSignal): Promise<AuditUser[]> {
  return (await apiRequest('/audit/users', { schema: z.object({ users: z.array(AuditUser) }), signal })).users;
}

/** The filtered log as CSV, saved by the browser. */
export async function downloadAuditCsv(f: AuditFilters): Promise<void> {
  const blob = await fetchBlob(`/audit/export.csv${search(f)}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'auditoria.csv';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
