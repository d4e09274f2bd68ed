/** The audit viewer's calls (api/audit/routes.ts). */
import { AuditPage, type AuditRow, type AuditUser, AuditUsers } from '../../../../domain/audit/query';
import { apiRequest } from '../../lib/api';
import { fetchBlob } from '../documents/api';

export type { AuditPage, AuditRow, AuditUser };

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
  return (await apiRequest('/audit/users', { schema: AuditUsers, signal })).users;
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
