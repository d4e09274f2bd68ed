/**
 * Who calls DICOMweb: a user session or a Connect agent's key, as `Authorization: Bearer
 * <token>` or the app's `access_token` header; or an image token (image-tokens.ts), which
 * is all a URL may carry (`?token=`: an <img> or the embedded viewer cannot set headers) and
 * only reads. Reads are scoped like every other query.
 */
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';
import { AppError } from '../../domain/errors';
import { accessAtVersion } from '../access/kept-access';
import { findImageTokenSession, isImageToken } from '../auth/image-tokens';
import { type SessionState, lookupSession } from '../auth/session';
import type { TagMapping } from '../../domain/connect/connect-admin';
import { connectOfKey } from '../../services/connects/connects';

export interface DicomwebCaller {
  accountId: string;
  /** Institutions whose studies the caller reaches. */
  institutionIds: string[];
  /** Studies opened to the caller one by one (access grants): read whatever their institution. */
  grantedStudyIds: string[];
  /** Where an upload lands, or why it cannot (see uploadInstitution). */
  userId: string | null;
  /** A Connect key's: its default connection and that connection's DICOM tag mapping. */
  connect: { id: string; institutionId: string; connectionId: string | null; tagMapping: TagMapping[] } | null;
  /** Institutions where the caller may upload (a Connect: its own). */
  uploadInstitutionIds: string[];
}

/** The token of a header, and the one of the URL (an image token, or nothing valid). */
export function tokensOf(ctx: Context): { header: string; url: string } {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  const q = ctx.query.token;
  return { header: bearer ?? ctx.get('access_token'), url: typeof q === 'string' ? q : '' };
}

const READS = new Set(['GET', 'HEAD']);

const UPLOAD: Permission = 'STUDIES_UPLOAD_DICOM';

export async function resolveCaller(
  knex: Knex,
  tokens: { header: string; url: string },
  method: string,
): Promise<DicomwebCaller | null> {
  const read = READS.has(method);
  // A URL never carries a session token or a Connect key: only an image token, for reading.
  if (!tokens.header) return tokens.url && read ? callerOfSession(knex, await findImageTokenSession(knex, tokens.url)) : null;
  const token = tokens.header;
  if (token.length > 200) return null;
  if (isImageToken(token)) return read ? callerOfSession(knex, await findImageTokenSession(knex, token)) : null;
  const found = await lookupSession(knex, token);
  if (found?.expired) throw new AppError('EXPIRED_TOKEN');
  if (found?.session.pendingSecondFactor) throw new AppError('TWO_FACTOR_PENDING');
  if (found) return callerOfSession(knex, found.session);
  const connect = await connectOfKey(knex, token);
  if (!connect) return null;
  return {
    accountId: connect.account_id,
    institutionIds: [connect.institution_id],
    grantedStudyIds: [],
    userId: null,
    connect: {
      id: connect.id,
      institutionId: connect.institution_id,
      connectionId: connect.connection_id,
      tagMapping: connect.tag_mapping ?? [],
    },
    uploadInstitutionIds: [connect.institution_id],
  };
}

async function callerOfSession(knex: Knex, session: SessionState | null): Promise<DicomwebCaller | null> {
  if (!session) return null;
  if (!session.currentAccountId) throw new AppError('FORBIDDEN_ACCESS');
  const access = await accessAtVersion(knex, session.user, session.currentAccountId, session.accessVersion);
  return {
    accountId: access.accountId,
    institutionIds: [...access.institutions.keys()],
    grantedStudyIds: [...access.studyGrants],
    userId: access.userId,
    connect: null,
    // An image token only reads.
    uploadInstitutionIds: session.viaImageToken
      ? []
      : [...access.institutions].filter(([, perms]) => access.superRole || perms.has(UPLOAD)).map(([id]) => id),
  };
}

/** Requires a caller; sets ctx.state.caller. 401 INVALID_SESSION otherwise. */
export const requireDicomwebCaller =
  (knex: Knex): Middleware =>
  async (ctx, next) => {
    const caller = await resolveCaller(knex, tokensOf(ctx), ctx.method);
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
