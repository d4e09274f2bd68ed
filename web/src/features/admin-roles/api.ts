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
const SchedulesAnswer = z.object({ timeZone: z.string(), schedules: z.array(Schedule) });

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

export const fetchRoles = (signal?: AbortSignal) =>
  apiRequest('/roles', { schema: z.object({ roles: z.array(Role) }), signal }).then((a) => a.roles);
export const saveRole = (id: string | null, input: RoleInput) =>
  apiRequest(id ? `/roles/${id}` : '/roles', { method: id ? 'PUT' : 'POST', body: input });
export const deleteRole = (id: string) => apiRequest(`/roles/${id}`, { method: 'DELETE' });

export const fetchSchedules = (signal?: AbortSignal) => apiRequest('/schedules', { schema: SchedulesAnswer, signal });
export const saveSchedule = (id: string | null, input: { name: string; periods: Period[] }) =>
  apiRequest(id ? `/schedules/${id}` : '/schedules', { method: id ? 'PUT' : 'POST', body: input });
export const deleteSchedule = (id: string) => apiRequest(`/schedules/${id}`, { method: 'DELETE' });
export const saveTimeZone = (timeZone: string) => apiRequest('/schedules/timeZone', { method: 'PUT', body: { timeZone } });

export const fetchNamed = (kind: NamedKind, signal?: AbortSignal) =>
  apiRequest(`/${kind}`, { schema: z.object({ items: z.array(Named) }), signal }).then((a) => a.items);
export const saveNamed = (kind: NamedKind, id: string | null, name: string) =>
  apiRequest(id ? `/${kind}/${id}` : `/${kind}`, { method: id ? 'PUT' : 'POST', body: { name } });
export const deleteNamed = (kind: NamedKind, id: string) => apiRequest(`/${kind}/${id}`, { method: 'DELETE' });

export const fetchGrants = (q: string, signal?: AbortSignal) =>
  apiRequest(`/accessGrants${q.trim().length >= 3 ? `?q=${encodeURIComponent(q.trim())}` : ''}`, {
    schema: z.object({ grants: z.array(Grant) }),
    signal,
  }).then((a) => a.grants);
export const createGrant = (input: GrantInput) => apiRequest('/accessGrants', { method: 'POST', body: input });
export const revokeGrant = (id: string) => apiRequest(`/accessGrants/${id}`, { method: 'DELETE' });
