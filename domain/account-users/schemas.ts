/**
 * Users by account (issue 14): the administrator's list query, the user's data an administrator
 * edits, the roles per institution and the invite. Types come from these schemas.
 */
import { z } from 'zod';
import { Email } from '../people/email';
import { Cpf, ProfessionalCouncil } from '../people/professional-id';
import { InvitationView } from '../auth/registration-answers';

/** Spec 3 §2: Resident, Mid-level, Senior (the middle one is 'semi-senior' in Spanish). */
export const SENIORITIES = ['resident', 'mid', 'senior'] as const;
export type Seniority = (typeof SENIORITIES)[number];

/** What the list filters by: 'invited' lists the pending invitations instead of users. */
export const USER_STATUSES = ['active', 'blocked', 'locked', 'passwordChange', 'invited'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Spec 3 §5: search text has at least 3 characters. */
export const SEARCH_MIN = 3;

const uuid = z.string().uuid();

export const AccountUserListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    roleId: uuid.optional(),
    institutionId: uuid.optional(),
    status: z.enum(USER_STATUSES).optional(),
    cursor: z.string().max(400).optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type AccountUserListQuery = z.infer<typeof AccountUserListQuery>;

/** The same filters for the export (every matching row, no page). */
export const AccountUserExportQuery = AccountUserListQuery.omit({ cursor: true, pageSize: true });
export type AccountUserExportQuery = z.infer<typeof AccountUserExportQuery>;

export const RoleAssignment = z.object({ institutionId: uuid, roleId: uuid }).strict();
export type RoleAssignment = z.infer<typeof RoleAssignment>;
/** The whole set of the user's roles in the account (it replaces the previous one). */
export const RolesBody = z.array(RoleAssignment).max(1000);

/** The administrator's edit of a user: each field optional; null clears. */
export const AccountUserUpdateBody = z
  .object({
    seniority: z.enum(SENIORITIES).nullable().optional(),
    cpf: Cpf.nullable().optional(),
    council: ProfessionalCouncil.nullable().optional(),
    barredFromPersonalFilters: z.boolean().optional(),
  })
  .strict();
export type AccountUserUpdateBody = z.infer<typeof AccountUserUpdateBody>;

export const AccountUserInviteBody = z
  .object({ email: Email, name: z.string().trim().max(200).optional(), professional: z.boolean().default(false) })
  .strict();
export type AccountUserInviteBody = z.infer<typeof AccountUserInviteBody>;

/** A row of the account's user list (GET /accounts/:accountId/users). */
export const AccountUserRow = z.object({
  /** null for a pending invitation (status 'invited'). */
  id: z.string().nullable(),
  invitationId: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  cpf: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  isAdmin: z.boolean(),
  seniority: z.enum(SENIORITIES).nullable(),
  /** 'Institution — Role' pairs. */
  roles: z.array(z.object({ institutionId: z.string(), institutionName: z.string(), roleId: z.string(), roleName: z.string() })),
});
export type AccountUserRow = z.infer<typeof AccountUserRow>;
/** One page of the list and the cursor of the next (null at the end). */
export const AccountUserPage = z.object({ users: z.array(AccountUserRow), nextCursor: z.string().nullable() });
/** One user with what the drawer shows (GET, PATCH /accounts/:accountId/users/:userId, PUT …/roles). */
export const AccountUserDetail = AccountUserRow.extend({
  council: z.object({ type: z.string(), number: z.string(), uf: z.string() }).nullable(),
  twoFactorType: z.string().nullable(),
  signatureUpdatedAt: z.string().nullable(),
  failedLogins: z.number(),
  barredFromPersonalFilters: z.boolean(),
  openSessions: z.number(),
});
export type AccountUserDetail = z.infer<typeof AccountUserDetail>;
/** The institutions and roles a user's roles are picked from. */
export const AccountUserOptions = z.object({
  institutions: z.array(z.object({ id: z.string(), name: z.string() })),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** An invited address: a registered user is associated at once; anyone else gets an invitation. */
export const AccountUserInvited = z.discriminatedUnion('result', [
  z.object({ result: z.literal('associated'), userId: z.string() }),
  z.object({ result: z.literal('invited'), invitation: InvitationView }),
]);
