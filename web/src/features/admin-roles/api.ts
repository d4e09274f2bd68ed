/** Roles, shift schedules, medical groups, specialties and access grants of the current account. */
import { z } from 'zod';
import { apiRequest } from '../../lib/api';

export const Role = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  appliesToAllInstitutions: z.boolean(),
  scheduleId: z.string().nullable(),
  scheduleName: z.string().nullable(),
  predefined: z.string().nullable(),
  holders: z.number(),
});
export type Role = z.infer<typeof Role>;
export interface RoleInput {
  name: string;
  permissions: string[];
  appliesToAllInstitutions: boolean;
  scheduleId: string | null;
}

export const Period = z.object({ weekday: z.number(), start: z.string(), end: z.string() });
export type Period = z.infer<typeof Period>;
export const Schedule = z.object({ id: z.string(), name: z.string(), periods: z.array(Period), roles: z.number() });
export type Schedule = z.infer<typeof Schedule>;
const SchedulesAnswer = z.object({ timeZone: z.string(), schedules: z.array(Schedule), nextCursor: z.string().nullable() });
export type SchedulesPage = z.infer<typeof SchedulesAnswer>;

export const Named = z.object({ id: z.string(), name: z.string(), members: z.number() });
export type Named = z.infer<typeof Named>;
export type NamedKind = 'medicalGroups' | 'specialties';

export const Grant = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  studyId: z.string(),
  patientName: z.string(),
  accessionNumber: z.string().nullable(),
  examType: z.string().nullable(),
  councilUf: z.string().nullable(),
  councilNumber: z.string().nullable(),
  requesterLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type Grant = z.infer<typeof Grant>;
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

const RolesAnswer = z.object({ roles: z.array(Role), nextCursor: z.string().nullable() });
export const fetchRoles = (q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/roles?${pageQuery(q, cursor)}`, { schema: RolesAnswer, signal });
export const saveRole = (id: string | null, input: RoleInput) =>
  apiRequest(id ? `/roles/${id}` : '/roles', { method: id ? 'PUT' : 'POST', body: input });
export const deleteRole = (id: string) => apiRequest(`/roles/${id}`, { method: 'DELETE' });

export const fetchSchedules = (q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/schedules?${pageQuery(q, cursor)}`, { schema: SchedulesAnswer, signal });
/** Every schedule, page after page: the role editor's picker offers them all. */
export async function fetchAllSchedules(signal?: AbortSignal): Promise<Schedule[]> {
  const all: Schedule[] = [];
  let cursor: string | null = null;
  do {
    const page: SchedulesPage = await apiRequest(`/schedules?${pageQuery('', cursor, 200)}`, { schema: SchedulesAnswer, signal });
    all.push(...page.schedules);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
export const saveSchedule = (id: string | null, input: { name: string; periods: Period[] }) =>
  apiRequest(id ? `/schedules/${id}` : '/schedules', { method: id ? 'PUT' : 'POST', body: input });
export const deleteSchedule = (id: string) => apiRequest(`/schedules/${id}`, { method: 'DELETE' });
export const saveTimeZone = (timeZone: string) => apiRequest('/schedules/timeZone', { method: 'PUT', body: { timeZone } });

const NamedAnswer = z.object({ items: z.array(Named), nextCursor: z.string().nullable() });
export const fetchNamed = (kind: NamedKind, q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/${kind}?${pageQuery(q, cursor)}`, { schema: NamedAnswer, signal });
export const saveNamed = (kind: NamedKind, id: string | null, name: string) =>
  apiRequest(id ? `/${kind}/${id}` : `/${kind}`, { method: id ? 'PUT' : 'POST', body: { name } });
export const deleteNamed = (kind: NamedKind, id: string) => apiRequest(`/${kind}/${id}`, { method: 'DELETE' });

const GrantsAnswer = z.object({ grants: z.array(Grant), nextCursor: z.string().nullable() });
export const fetchGrants = (q: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest(`/accessGrants?${pageQuery(q, cursor)}`, { schema: GrantsAnswer, signal });
export const createGrant = (input: GrantInput) => apiRequest('/accessGrants', { method: 'POST', body: input });
export const revokeGrant = (id: string) => apiRequest(`/accessGrants/${id}`, { method: 'DELETE' });
