/**
 * The account's users as the administrator's list shows them (issue 14): searched by name,
 * username, e-mail or CPF, filtered by role, institution and status, read in keyset pages
 * ordered by name (constant cost however deep, like the study list). Status 'invited' lists the
 * account's pending invitations instead (people who are no user of it yet).
 */
import type { Knex } from 'knex';
import {
  type AccountUserExportQuery,
  type AccountUserDetail,
  type AccountUserRow,
  SEARCH_MIN,
  type Seniority,
  type UserStatus,
} from '../../domain/account-users/schemas';
import { AppError } from '../../domain/errors';
import { decodeCursor, encodeCursor } from '../../domain/paging/cursor';

const STATUS_SQL = `CASE WHEN u.blocked_by_admin THEN 'blocked' WHEN u.blocked THEN 'locked'
  WHEN u.password_change_required THEN 'passwordChange' ELSE 'active' END`;

// The user's roles in this account's institutions, read in the same query (no per-row call).
const ROLES_SQL = `coalesce((SELECT json_agg(json_build_object('institutionId', i.id, 'institutionName', i.name,
    'roleId', r.id, 'roleName', r.name) ORDER BY i.name, r.name)
  FROM user_institution_roles uir JOIN institutions i ON i.id = uir.institution_id
  JOIN roles r ON r.id = uir.role_id
  WHERE uir.user_id = u.id AND uir.account_id = ua.account_id), '[]'::json) AS roles`;

const likeOf = (v: string) => `%${v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search text, checked (spec 3 §5: at least 3 characters); undefined when none. */
function searchText(q: string | undefined): string | undefined {
  if (!q) return undefined;
  if (q.length < SEARCH_MIN) throw new AppError('SEARCH_TOO_SHORT');
  return q;
}

type Row = Omit<AccountUserRow, 'invitationId'> & { sortName: string };

/** Users of the account matching the filters, ordered by name then id. */
function usersQuery(knex: Knex, accountId: string, f: AccountUserExportQuery): Knex.QueryBuilder {
  const q = searchText(f.q);
  const qb = knex('user_accounts as ua')
    .join('users as u', 'u.id', 'ua.user_id')
    .where('ua.account_id', accountId)
    .whereNull('u.deleted_at');
  if (q) {
    const like = likeOf(q);
    const digits = q.replace(/[.\-\s]/g, '');
    void qb.where((w) => {
      void w
        .whereRaw('lower(u.name) like ?', [like])
        .orWhereRaw('lower(u.username) like ?', [like])
        .orWhereRaw('lower(u.email) like ?', [like]);
      if (/^\d{3,11}$/.test(digits)) void w.orWhere('u.cpf', 'like', `%${digits}%`);
    });
  }
  if (f.roleId || f.institutionId) {
    void qb.whereExists(function () {
      void this.from('user_institution_roles as f').whereRaw('f.user_id = u.id').where('f.account_id', accountId);
      if (f.roleId) void this.where('f.role_id', f.roleId);
      if (f.institutionId) void this.where('f.institution_id', f.institutionId);
    });
  }
  if (f.status) void qb.whereRaw(`(${STATUS_SQL}) = ?`, [f.status]);
  return qb
    .select(
      'u.id',
      'u.name',
      'u.username',
      'u.email',
      'u.cpf',
      'ua.is_admin as isAdmin',
      'u.seniority',
      knex.raw(`(${STATUS_SQL}) AS status`),
      knex.raw('lower(u.name) AS "sortName"'),
      knex.raw(ROLES_SQL),
    )
    .orderByRaw('lower(u.name), u.id');
}

/** Pending invitations of the account, as rows of the list (ordered by e-mail then id). */
function invitationsQuery(knex: Knex, accountId: string, f: AccountUserExportQuery): Knex.QueryBuilder {
  const q = searchText(f.q);
  const qb = knex('invitations as i')
    .where('i.account_id', accountId)
    .whereNull('i.accepted_at')
    .whereNull('i.revoked_at')
    .where('i.expires_at', '>', knex.fn.now());
  // An invitation holds no role yet: a role or institution filter matches none.
  if (f.roleId || f.institutionId) void qb.whereRaw('false');
  if (q) {
    const like = likeOf(q);
    void qb.where(
      (w) => void w.whereRaw('lower(i.email) like ?', [like]).orWhereRaw("lower(coalesce(i.name, '')) like ?", [like]),
    );
  }
  return qb
    .select('i.id as invitationId', knex.raw(`coalesce(i.name, '') AS name`), 'i.email', knex.raw('lower(i.email) AS "sortName"'))
    .orderByRaw('lower(i.email), i.id');
}

const presentUser = (r: Row): AccountUserRow => ({
  id: r.id,
  invitationId: null,
  name: r.name,
  username: r.username,
  email: r.email,
  cpf: r.cpf,
  status: r.status as UserStatus,
  isAdmin: r.isAdmin,
  seniority: (r.seniority as Seniority | null) ?? null,
  roles: r.roles,
});

const presentInvitation = (r: { invitationId: string; name: string; email: string }): AccountUserRow => ({
  id: null,
  invitationId: r.invitationId,
  name: r.name,
  username: null,
  email: r.email,
  cpf: null,
  status: 'invited',
  isAdmin: false,
  seniority: null,
  roles: [],
});

/** One page of the list and the cursor of the next (null at the end). */
export async function listAccountUsers(
  knex: Knex,
  accountId: string,
  query: AccountUserExportQuery & { cursor?: string; pageSize: number },
): Promise<{ users: AccountUserRow[]; nextCursor: string | null }> {
  const invited = query.status === 'invited';
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const base = invited ? invitationsQuery(knex, accountId, query) : usersQuery(knex, accountId, query);
  const [nameSql, idSql] = invited ? ['lower(i.email)', 'i.id'] : ['lower(u.name)', 'u.id'];
  if (after) void base.whereRaw(`(${nameSql}, ${idSql}) > (?, ?::uuid)`, [after.k, after.id]);
  const rows = (await base.limit(query.pageSize + 1)) as (Row & { invitationId: string })[];
  const shown = rows.slice(0, query.pageSize);
  const last = shown.at(-1);
  return {
    users: shown.map((r) => (invited ? presentInvitation(r) : presentUser(r))),
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor(last.sortName, invited ? last.invitationId! : last.id!) : null,
  };
}

/** Every row matching the filters, in order, a batch at a time (the export streams them). */
export async function* allAccountUsers(
  knex: Knex,
  accountId: string,
  query: AccountUserExportQuery,
): AsyncGenerator<AccountUserRow> {
  let cursor: string | undefined;
  do {
    const page = await listAccountUsers(knex, accountId, { ...query, cursor, pageSize: 500 });
    yield* page.users;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** One user of the account with what the drawer shows; NOT_FOUND when the account does not hold them. */
export async function accountUserDetail(knex: Knex, accountId: string, userId: string): Promise<AccountUserDetail> {
  const row = (await usersQuery(knex, accountId, {})
    .where('u.id', userId)
    .first()
    .select(
      'u.council_type',
      'u.council_number',
      'u.council_uf',
      'u.two_factor_type as twoFactorType',
      'u.signature_updated_at as signatureUpdatedAt',
      'u.failed_logins as failedLogins',
      'ua.barred_personal_filters as barredFromPersonalFilters',
    )) as
    | (Row & {
        council_type: string | null;
        council_number: string | null;
        council_uf: string | null;
        twoFactorType: string | null;
        signatureUpdatedAt: Date | null;
        failedLogins: number;
        barredFromPersonalFilters: boolean;
      })
    | undefined;
  if (!row) throw new AppError('NOT_FOUND');
  const sessions = await knex('sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .where('expires_at', '>', knex.fn.now())
    .count({ count: '*' });
  return {
    ...presentUser(row),
    // The database sets the three together (users_council_whole).
    council:
      row.council_type && row.council_number && row.council_uf
        ? { type: row.council_type, number: row.council_number, uf: row.council_uf }
        : null,
    twoFactorType: row.twoFactorType,
    signatureUpdatedAt: row.signatureUpdatedAt ? row.signatureUpdatedAt.toISOString() : null,
    failedLogins: row.failedLogins,
    barredFromPersonalFilters: row.barredFromPersonalFilters,
    openSessions: Number(sessions[0]?.count ?? 0),
  };
}
