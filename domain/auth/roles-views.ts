/** What the roles, shift schedules, medical groups, specialties and access-grant endpoints answer (issue 14). */
import { z } from 'zod';
import { ShiftPeriod } from './shifts';

/** A keyset page's cursor of the next page, null on the last (api/http/keyset.ts). */
const nextCursor = z.string().nullable();

export const RoleView = z.object({
  id: z.string(),
  name: z.string(),
  // Strings, not the catalogue's enum: a role keeps a permission the catalogue has since dropped.
  permissions: z.array(z.string()),
  appliesToAllInstitutions: z.boolean(),
  scheduleId: z.string().nullable(),
  scheduleName: z.string().nullable(),
  predefined: z.string().nullable(),
  /** How many users hold the role. */
  holders: z.number(),
});
export type RoleView = z.output<typeof RoleView>;
export const RolesPage = z.object({ roles: z.array(RoleView), nextCursor });
export const RoleAnswer = z.object({ role: RoleView });

export const ScheduleView = z.object({ id: z.string(), name: z.string(), periods: z.array(ShiftPeriod), roles: z.number() });
export type ScheduleView = z.output<typeof ScheduleView>;
export const SchedulesPage = z.object({ timeZone: z.string(), schedules: z.array(ScheduleView), nextCursor });
export const ScheduleAnswer = z.object({ schedule: ScheduleView });
export const TimeZoneAnswer = z.object({ timeZone: z.string() });

/** A medical group or a specialty, with how many users it has. */
export const NamedView = z.object({ id: z.string(), name: z.string(), members: z.number() });
export type NamedView = z.output<typeof NamedView>;
export const NamedPage = z.object({ items: z.array(NamedView), nextCursor });
export const NamedAnswer = z.object({ item: NamedView });
/** The groups (or specialties) a user is in. */
export const MemberIds = z.object({ ids: z.array(z.string()) });

export const GrantView = z.object({
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
export type GrantView = z.output<typeof GrantView>;
export const GrantsPage = z.object({ grants: z.array(GrantView), nextCursor });
export const GrantAnswer = z.object({ grant: GrantView });
