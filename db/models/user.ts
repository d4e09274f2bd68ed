import { BaseModel } from './base';

export class User extends BaseModel {
  static override tableName = 'users';
  id!: string;
  name!: string;
  username!: string;
  email!: string;
  passwordHash!: string;
  superRole!: boolean;
  isBillingUser!: boolean;
  useTwoFactor!: boolean;
  blocked!: boolean;
  blockedByAdmin!: boolean;
  /** Set when an administrator deleted the user (kept for the reports and audit trail they left). */
  deletedAt!: Date | null;
  failedLogins!: number;
  personalKeyId!: string | null;
  /** Null until a signed-up user opens the verification link (login is refused until then). */
  emailVerifiedAt!: Date | null;
  config!: Record<string, string>;
}

export class UserAccount extends BaseModel {
  static override tableName = 'user_accounts';
  id!: string;
  userId!: string;
  accountId!: string;
  isAdmin!: boolean;
}

export class Role extends BaseModel {
  static override tableName = 'roles';
  id!: string;
  accountId!: string;
  name!: string;
  permissions!: string[];
}

export class UserInstitutionRole extends BaseModel {
  static override tableName = 'user_institution_roles';
  id!: string;
  accountId!: string;
  userId!: string;
  institutionId!: string;
  roleId!: string;
}

export class Session extends BaseModel {
  static override tableName = 'sessions';
  id!: string;
  userId!: string;
  tokenHash!: string;
  currentAccountId!: string | null;
  expiresAt!: Date;
  revokedAt!: Date | null;
  /** Idle limit the session was opened with (null: none); counted from lastSeenAt. */
  idleMinutes!: number | null;
  lastSeenAt!: Date;
  ip!: string | null;
  userAgent!: string | null;
}
