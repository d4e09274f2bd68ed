/** Roles, shift schedules, medical groups, specialties and access grants of the current account. */
import type { z } from 'zod';
import type { ShiftPeriod } from '../../../../domain/auth/shifts';
import {
  type GrantView,
  GrantsPage,
  type NamedView,
  NamedPage,
  RolesPage,
  type RoleView,
  SchedulesPage,
  type ScheduleView,
} from '../../../../domain/auth/roles-views';
import { apiRequest } from '../../lib/api';

export type Role = RoleView;
export interface RoleInput {
  name: string;
  permissions: string[];
  appliesToAllInstitutions: boolean;
  scheduleId: string | null;
}

export type Period = z.input<typeof ShiftPeriod>;
export type Schedule = ScheduleView;
export type SchedulesPage = z.output<typeof SchedulesPage>;
export type Named = NamedView;
export type NamedKind = 'medicalGroups' | 'specialties';
export type Grant = GrantView;
export interface GrantInput {
  username: string;
  accessionNumber: string;
  councilUf: string | null;
  councilNumber: string | null;
  requesterLogin: string | null;
}

export const rolesKey = ['admin', 'roles'] as const;
export const schedulesKey = ['admin', 'schedules'] as const;
export const namedKey = (kind: NamedKind) => ['admin', kind] as const;
export const grantsKey = ['admin', 'accessGrants'] as const;

/** `?q=&cursor=&pageSize=` of a keyset page (api/http/keyset.ts). */
const pageQuery = (q: string, cursor: string | null, pageSize = PAGE_SIZE) => {
  const params = new URLSearchParams({ pageSize: String(pageSize) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};
export const PAGE_SIZE = 25;

export const fetchRoles = (q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/roles?${pageQuery(q, cursor)}`, { schema: RolesPage, signal });
export const saveRole = (id: string | null, input: RoleInput) =>
  apiRequest(id ? `/roles/${id}` : '/roles', { method: id ? 'PUT' : 'POST', body: input });
export const deleteRole = (id: string) => apiRequest(`/roles/${id}`, { method: 'DELETE' });

export const fetchSchedules = (q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/schedules?${pageQuery(q, cursor)}`, { schema: SchedulesPage, signal });
/** Every schedule, page after page: the role editor's picker offers them all. */
export async function fetchAllSchedules(signal?: AbortSignal): Promise<Schedule[]> {
  const all: Schedule[] = [];
  let cursor: string | null = null;
  do {
    const page: SchedulesPage = await apiRequest(`/schedules?${pageQuery('', cursor, 200)}`, { schema: SchedulesPage, signal });
    all.push(...page.schedules);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
export const saveSchedule = (id: string | null, input: { name: string; periods: Period[] }) =>
  apiRequest(id ? `/schedules/${id}` : '/schedules', { method: id ? 'PUT' : 'POST', body: input });
export const deleteSchedule = (id: string) => apiRequest(`/schedules/${id}`, { method: 'DELETE' });
export const saveTimeZone = (timeZone: string) => apiRequest('/schedules/timeZone', { method: 'PUT', body: { timeZone } });

export const fetchNamed = (kind: NamedKind, q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/${kind}?${pageQuery(q, cursor)}`, { schema: NamedPage, signal });
export const saveNamed = (kind: NamedKind, id: string | null, name: string) =>
  apiRequest(id ? `/${kind}/${id}` : `/${kind}`, { method: id ? 'PUT' : 'POST', body: { name } });
export const deleteNamed = (kind: NamedKind, id: string) => apiRequest(`/${kind}/${id}`, { method: 'DELETE' });

export const fetchGrants = (q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/accessGrants?${pageQuery(q, cursor)}`, { schema: GrantsPage, signal });
export const createGrant = (input: GrantInput) => apiRequest('/accessGrants', { method: 'POST', body: input });
export const revokeGrant = (id: string) => apiRequest(`/accessGrants/${id}`, { method: 'DELETE' });
