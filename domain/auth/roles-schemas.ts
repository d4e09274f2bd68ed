/** Bodies of the roles, medical groups, specialties and access-grant endpoints (issue 14). */
import { z } from 'zod';
import { UFS } from '../people/professional-id';
import { PERMISSIONS, type Permission } from './permissions';

const permission = z.string().refine((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p));

export const RoleBody = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z
    .array(permission)
    .max(PERMISSIONS.length * 2)
    .transform((ps) => [...new Set(ps)] as Permission[]),
  appliesToAllInstitutions: z.boolean().default(false),
  scheduleId: z.string().uuid().nullable().default(null),
});
export type RoleBody = z.infer<typeof RoleBody>;

export const NamedBody = z.object({ name: z.string().trim().min(1).max(100) });

export const MembershipBody = z.object({ ids: z.array(z.string().uuid()).max(200) });

export const TimeZoneBody = z.object({ timeZone: z.string().trim().min(1).max(64) });

/**
 * A study opened to a provider or referring physician (state, CRM, requesting service's login).
 * The grantee is named by id or by username, the study by id or by accession number (the
 * screen types them; both are resolved inside the current account).
 */
export const AccessGrantBody = z
  .object({
    userId: z.string().uuid().optional(),
    username: z.string().trim().min(3).max(254).optional(),
    studyId: z.string().uuid().optional(),
    accessionNumber: z.string().trim().min(1).max(64).optional(),
    councilUf: z.enum(UFS).nullable().default(null),
    councilNumber: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/)
      .nullable()
      .default(null),
    requesterLogin: z.string().trim().min(1).max(100).nullable().default(null),
  })
  .refine((b) => Boolean(b.userId) !== Boolean(b.username) && Boolean(b.studyId) !== Boolean(b.accessionNumber));
export type AccessGrantBody = z.infer<typeof AccessGrantBody>;
export const COUNCIL_UFS = UFS;
