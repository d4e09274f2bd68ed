/**
 * The permission matrix's "no row changed": a checksum of every row of the test's tenants in the
 * tables the routes write (each table scoped to the tenants by the first column that ties it
 * to them), taken before and after each call.
 */
import type { Knex } from 'knex';
import type { Tenant } from './fixtures';

/** A checksum of every row of the two tenants in the tables the administration writes. */
export async function tenantChecksum(
  knex: Knex,
  tenants: Tenant[],
  tableColumns: Record<string, Set<string>>,
): Promise<Record<string, string>> {
  const accounts = tenants.map((t) => t.accountId);
  const users = tenants.flatMap((t) => Object.values(t.users)).map((u) => u.id);
  const studies = await knex('studies').whereIn('account_id', accounts).pluck('id');
  const laudos = await knex('laudos').whereIn('account_id', accounts).pluck('id');
  const out: Record<string, string> = {};
  for (const [table, cols] of Object.entries(tableColumns)) {
    // Each table scoped to the two tenants by the first column that ties it to them.
    const [scope, ids] =
      table === 'accounts'
        ? ['id', accounts]
        : table === 'users'
          ? ['id', users]
          : cols.has('account_id')
            ? ['account_id', accounts]
            : cols.has('study_id')
              ? ['study_id', studies]
              : cols.has('laudo_id')
                ? ['laudo_id', laudos]
                : cols.has('user_id')
                  ? ['user_id', users]
                  : cols.has('to_user_id')
                    ? ['to_user_id', users]
                    : [undefined, []];
    if (!scope) throw new Error(`no tenant column in ${table}`);
    // Requests touch a session's activity clock: not a change of state.
    const row = table === 'sessions' ? `(to_jsonb(t) - 'last_seen_at' - 'expires_at')::text` : 't::text';
    const res = await knex.raw(
      `select count(*)::int as n, md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as sum from ${table} t where ${scope} = any(?)`,
      [ids],
    );
    out[table] = `${res.rows[0].n}:${res.rows[0].sum}`;
  }
  return out;
}

/** The tables the routes write, checksummed before and after each call. */
export const MATRIX_TABLES = [
  'accounts',
  'institutions',
  'users',
  'user_accounts',
  'roles',
  'user_institution_roles',
  'shift_schedules',
  'medical_groups',
  'specialties',
  'user_medical_groups',
  'user_specialties',
  'study_access_grants',
  'invitations',
  'sessions',
  'audit_log',
  'mail_outbox',
  'password_reset_tokens',
  'two_factor_recovery_codes',
  'institution_logos',
  'studies',
  'laudos',
  'laudo_versions',
  'study_drafts',
  'study_critical_findings',
  'study_labels',
  'study_key_images',
  'laudo_opinions',
  'laudo_documents',
  'laudo_image_selections',
  'laudo_external_images',
  'laudo_image_upload_tokens',
  'structured_report_values',
  'study_comments',
  'phrases',
  'labels',
  'masks',
  'study_attachments',
  'download_links',
  'modalities',
  'exams',
  'routines',
  'routine_rules',
];

/** The columns of each of MATRIX_TABLES (which tie it to a tenant); a missing table fails. */
export async function matrixTableColumns(knex: Knex): Promise<Record<string, Set<string>>> {
  const out: Record<string, Set<string>> = {};
  for (const table of MATRIX_TABLES) {
    const cols: string[] = await knex('information_schema.columns')
      .where({ table_name: table, table_schema: 'public' })
      .pluck('column_name');
    if (cols.length === 0) throw new Error(`no table ${table}`);
    out[table] = new Set(cols);
  }
  return out;
}
