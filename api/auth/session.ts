import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import { accessVersionSql, listVersionSql } from '../../db/list-version';
import { prepared } from '../../db/prepared';
import { AppError } from '../../domain/errors';
import type { Access, SessionUser } from '../access/access';
import { accessAtVersion } from '../access/kept-access';
import { hashToken } from '../../services/tokens';
import { findImageTokenSession } from './image-tokens';
import type { SecondFactorStep } from '../../domain/auth/two-factor';
import { pendingSecondFactorSql } from './two-factor/pending';
import { SESSION_EXPIRED_SQL } from './session-expiry';

export interface SessionState {
  sessionId: string;
  user: SessionUser;
  currentAccountId: string | null;
  /** Set when the caller came with an image token (read-only, see image-tokens.ts). */
  viaImageToken?: boolean;
  /** The second factor still due (two-factor/gate.ts): such a session reaches only its routes. */
  pendingSecondFactor?: SecondFactorStep | null;
  /**
   * The current account's list version (migration 20261129050000), read with the session so the
   * worklist's answer cache (api/studies/list-cache.ts) costs no round trip of its own; null
   * before the account's first write.
   */
  listVersion?: string | null;
  /**
   * The current account's access version (migration 20261202010000): what the caller's kept
   * access is checked against (api/access/kept-access.ts); null before the account's first
   * change of access.
   */
  accessVersion?: string | null;
}

/** The lookup of one token's session (by the hash stored for it). */
function lookupBuilder(knex: Knex, tokenHash: string): Knex.QueryBuilder {
  return knex('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.token_hash', tokenHash)
    .whereNull('s.revoked_at')
    .whereNull('u.deleted_at')
    .where('u.blocked_by_admin', false)
    .first(
      's.id as sessionId',
      's.current_account_id as currentAccountId',
      'u.id as userId',
      'u.name',
      'u.super_role as superRole',
      knex.raw(`${SESSION_EXPIRED_SQL} as expired`),
      knex.raw(`s.last_seen_at <= now() - interval '1 minute' as "seenLongAgo"`),
      knex.raw(`(?) as "pendingSecondFactor"`, [pendingSecondFactorSql(knex)]),
      knex.raw(`${listVersionSql('s.current_account_id')} as "listVersion"`),
      knex.raw(`${accessVersionSql('s.current_account_id')} as "accessVersion"`),
    );
}

interface LookupRow {
  sessionId: string;
  currentAccountId: string | null;
  userId: string;
  name: string;
  superRole: boolean;
  expired: boolean;
  seenLongAgo: boolean;
  pendingSecondFactor: SecondFactorStep | null;
  listVersion: string | null;
  accessVersion: string | null;
}

/**
 * The lookup runs on every request, and knex compiling its builder cost a tenth of the api's
 * CPU on a kept worklist answer (issue 20): its text is compiled once per knex instance and
 * only the token's hash is bound anew.
 */
const compiledLookups = new WeakMap<Knex, { sql: string; bindings: readonly Knex.Value[]; at: number }>();
function lookupQuery(knex: Knex, tokenHash: string): Knex.Raw {
  let compiled = compiledLookups.get(knex);
  if (!compiled) {
    const marker = `token-hash-${randomUUID()}`;
    const { sql, bindings } = lookupBuilder(knex, marker).toSQL();
    // Rebound as raw SQL: every '?' must be a binding (a literal one would take the wrong value).
    if (sql.split('?').length - 1 !== bindings.length) throw new Error('session lookup: a literal ? in its SQL');
    compiled = { sql, bindings, at: bindings.indexOf(marker) };
    compiledLookups.set(knex, compiled);
  }
  const bindings = [...compiled.bindings];
  bindings[compiled.at] = tokenHash;
  return knex.raw(compiled.sql, bindings);
}

/**
 * Resolves an access token to its session, live or expired (unknown, revoked, blocked-by-admin
 * and deleted users' sessions give null): an expired one answers EXPIRED_TOKEN, the rest
 * INVALID_SESSION. A lockout after wrong passwords (users.blocked) stops new logins only: live
 * sessions go on, or anyone guessing a username could sign its owner out (ADR 011).
 */
export async function lookupSession(
  knex: Knex,
  token: string,
): Promise<{ session: SessionState; expired: boolean; seenLongAgo: boolean } | null> {
  if (!token || token.length > 200) return null;
  const result = (await prepared(lookupQuery(knex, hashToken(token)), 'session')) as { rows: LookupRow[] };
  const row = result.rows[0];
  if (!row) return null;
  return {
    expired: Boolean(row.expired),
    seenLongAgo: Boolean(row.seenLongAgo),
    session: {
      sessionId: row.sessionId,
      currentAccountId: row.currentAccountId,
      user: { id: row.userId, name: row.name, superRole: row.superRole },
      pendingSecondFactor: row.pendingSecondFactor ?? null,
      listVersion: row.listVersion ?? null,
      accessVersion: row.accessVersion ?? null,
    },
  };
}

/**
 * Marks the session as seen now (what idle expiry counts from). Written at most once a minute
 * per session, so a busy client costs one small update a minute, not one per request.
 */
async function touchSession(knex: Knex, sessionId: string): Promise<void> {
  await knex('sessions')
    .where({ id: sessionId })
    .whereRaw(`last_seen_at <= now() - interval '1 minute'`)
    .update({ last_seen_at: knex.fn.now() });
}

/** The live, fully signed-in session of an access token, or null (unknown, expired, revoked, second factor due). */
export async function findSession(knex: Knex, token: string): Promise<SessionState | null> {
  const found = await lookupSession(knex, token);
  return found && !found.expired && !found.session.pendingSecondFactor ? found.session : null;
}

/** The mark requireSession leaves on its middleware. */
export const SESSION_REQUIRED = Symbol('session required');

/**
 * Requires a valid `access_token` header; sets ctx.state.session. `imageTokens`: the route
 * is one of the viewer's reads, which also take an image token (the embedded frame's).
 * `allowExpired`: the route is the expiry report itself. `secondFactor`: the route is one of
 * two-factor's (or logout), which a session whose second factor is still due may reach.
 */
export const requireSession = (
  knex: Knex,
  opts: { imageTokens?: boolean; allowExpired?: boolean; secondFactor?: boolean } = {},
): Middleware => {
  const middleware: Middleware = async (ctx, next) => {
    const token = ctx.get('access_token');
    // Every router mounted under /api brings its own requireSession, and several of them match
    // one path: the token is looked up once per request, not once per router (issue 20).
    const memo = ctx.state.sessionLookup as { token: string; found: Awaited<ReturnType<typeof lookupSession>> } | undefined;
    const found = memo?.token === token ? memo.found : await lookupSession(knex, token);
    ctx.state.sessionLookup = { token, found };
    if (found && (!found.expired || opts.allowExpired)) {
      ctx.state.session = found.session;
      if (!found.expired && found.seenLongAgo && !memo) await touchSession(knex, found.session.sessionId);
    } else if (found) throw new AppError('EXPIRED_TOKEN');
    else {
      const viaImage = opts.imageTokens && ctx.method === 'GET' ? await findImageTokenSession(knex, token) : null;
      if (!viaImage) throw new AppError('INVALID_SESSION');
      ctx.state.session = viaImage;
    }
    if ((ctx.state.session as SessionState).pendingSecondFactor && !opts.secondFactor) throw new AppError('TWO_FACTOR_PENDING');
    await next();
  };
  // Marked so the OpenAPI document (api/openapi) reads which routes need a session from the routers themselves.
  return Object.assign(middleware, { [SESSION_REQUIRED]: true });
};

export function sessionOf(ctx: Context): SessionState {
  return ctx.state.session as SessionState;
}

/** The caller's access to its current account (FORBIDDEN_ACCESS without one). */
export async function currentAccess(ctx: Context, knex: Knex): Promise<Access> {
  const session = sessionOf(ctx);
  if (!session.currentAccountId) throw new AppError('FORBIDDEN_ACCESS');
  ctx.state.access ??= await accessAtVersion(knex, session.user, session.currentAccountId, session.accessVersion);
  return ctx.state.access as Access;
}
