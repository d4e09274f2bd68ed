/**
 * Who calls DICOMweb: a user session or a Connect agent's key. The token comes as
 * `Authorization: Bearer <token>`, the app's `access_token` header, or `?token=` (an <img>
 * or an embedded viewer cannot set headers). Reads are scoped like every other query.
 */
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { loadAccess } from '../access/access';
import { findSession } from '../auth/session';
import { hashToken } from '../../services/tokens';

export interface DicomwebCaller {
  accountId: string;
  /** Institutions whose studies the caller reaches. */
  institutionIds: string[];
  /** Where an upload lands, or why it cannot (see uploadInstitution). */
  userId: string | null;
  connect: { id: string; institutionId: string } | null;
  /** Institutions where the caller may upload (a Connect: its own). */
  uploadInstitutionIds: string[];
}

export function tokenOf(ctx: Context): string {
  const auth = ctx.get('authorization');
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  const q = ctx.query.token;
  return bearer ?? (ctx.get('access_token') || (typeof q === 'string' ? q : ''));
}

const UPLOAD: Permission = 'STUDIES_UPLOAD_DICOM';

export async function resolveCaller(knex: Knex, token: string): Promise<DicomwebCaller | null> {
  if (!token || token.length > 200) return null;
  const session = await findSession(knex, token);
  if (session) {
    if (!session.currentAccountId) throw new AppError('FORBIDDEN_ACCESS');
    const access = await loadAccess(knex, session.user, session.currentAccountId);
    return {
      accountId: access.accountId,
      institutionIds: [...access.institutions.keys()],
      userId: access.userId,
      connect: null,
      uploadInstitutionIds: [...access.institutions]
        .filter(([, perms]) => access.superRole || perms.has(UPLOAD))
        .map(([id]) => id),
    };
  }
  const connect = await knex('connects')
    .where({ key_hash: hashToken(token), active: true })
    .first('id', 'account_id', 'institution_id');
  if (!connect) return null;
  return {
    accountId: connect.account_id,
    institutionIds: [connect.institution_id],
    userId: null,
    connect: { id: connect.id, institutionId: connect.institution_id },
    uploadInstitutionIds: [connect.institution_id],
  };
}

/** Requires a caller; sets ctx.state.caller. 401 INVALID_SESSION otherwise. */
export const requireDicomwebCaller =
  (knex: Knex): Middleware =>
  async (ctx, next) => {
    const caller = await resolveCaller(knex, tokenOf(ctx));
    if (!caller) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new AppError('INVALID_SESSION');
    }
    ctx.state.caller = caller;
    await next();
  };

export function callerOf(ctx: Context): DicomwebCaller {
  return ctx.state.caller as DicomwebCaller;
}
