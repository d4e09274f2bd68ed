/**
 * A large account for the list benches, generated inside PostgreSQL (one INSERT … SELECT
 * generate_series per chunk, as bench/study-list.ts does): extra institutions the tenant's
 * users all reach, patients with plausible names (so a name search matches some and not
 * others), and N studies with their laudos spread over institutions, modalities, states and
 * about six years of exam dates.
 */
import type { Knex } from 'knex';
import type { Tenant } from '../test/support/fixtures';

/** 20 first names × 30 × 30 surnames: a full "first last last" name is 1 patient in 18,000. */
export const FIRST_NAMES = [
  ...['Maria', 'José', 'Ana', 'João', 'Francisca', 'Antônio', 'Adriana', 'Carlos', 'Juliana', 'Paulo'],
  ...['Márcia', 'Pedro', 'Aline', 'Lucas', 'Sandra', 'Rafael', 'Patrícia', 'Marcos', 'Cláudia', 'Bruno'],
];
export const SURNAMES = [
  ...['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes'],
  ...['Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa'],
  ...['Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas'],
];
export const MODALITIES = ['CT', 'MR', 'CR', 'US'];
/** Study n's exam date: 2020-01-01 + n × this; 1 M studies reach late 2025. */
export const EXAM_STEP_MINUTES = 3;

export interface SeededStudies {
  institutionIds: string[];
  /** Wall time of the seed, ms. */
  ms: number;
}

export async function seedStudies(
  knex: Knex,
  t: Tenant,
  opts: { studies: number; institutions: number; patients: number; progress?: (done: number) => void },
): Promise<SeededStudies> {
  const started = performance.now();
  const extra = (await knex.raw(
    `INSERT INTO institutions (account_id, name) SELECT ?, 'Instituição bench ' || i FROM generate_series(2, ?) i RETURNING id`,
    [t.accountId, opts.institutions],
  )) as { rows: { id: string }[] };
  const institutionIds = [t.institutionId, ...extra.rows.map((r) => r.id)];
  // Every user of the tenant reaches every institution, with the role it has in the first.
  await knex.raw(
    `INSERT INTO user_institution_roles (account_id, user_id, institution_id, role_id)
     SELECT r.account_id, r.user_id, i.id, r.role_id
     FROM user_institution_roles r CROSS JOIN unnest(?::uuid[]) AS i(id)
     WHERE r.account_id = ? AND r.institution_id = ?`,
    [institutionIds.slice(1), t.accountId, t.institutionId],
  );
  await knex.raw(
    `INSERT INTO patients (account_id, patient_id, name)
     SELECT ?, 'P' || k,
            (?::text[])[1 + k % 20] || ' ' || (?::text[])[1 + (k / 20) % 30] || ' ' || (?::text[])[1 + (k / 600) % 30]
     FROM generate_series(0, ? - 1) k`,
    [t.accountId, FIRST_NAMES, SURNAMES, SURNAMES, opts.patients],
  );
  const CHUNK = 100_000;
  for (let from = 1; from <= opts.studies; from += CHUNK) {
    const to = Math.min(opts.studies, from + CHUNK - 1);
    // The laudo carries the institution and state; each study takes them from its own laudo
    // (RETURNING gives no n, so the row number is only used for what may be arbitrary).
    await knex.raw(
      `WITH l AS (
         INSERT INTO laudos (account_id, institution_id, state)
         SELECT ?, (?::uuid[])[1 + (hashint4(n) & 2147483647) % ?], n % 3 FROM generate_series(?::int, ?::int) n
         RETURNING id, institution_id, state
       ), numbered AS (SELECT l.*, ?::int - 1 + row_number() OVER () AS n FROM l)
       INSERT INTO studies (account_id, institution_id, patient_ref, study_instance_uid, accession_number, modalities,
                            exam_type, exam_date, laudo_id, laudo_state)
       SELECT ?, x.institution_id, p.id, '2.25.' || x.n, 'B' || x.n, ARRAY[(?::text[])[1 + x.n % 4]],
              'Exame ' || (?::text[])[1 + x.n % 4], timestamp '2020-01-01' + x.n * interval '${EXAM_STEP_MINUTES} minutes',
              x.id, x.state
       FROM numbered x JOIN patients p ON p.account_id = ? AND p.patient_id = 'P' || ((hashint4(x.n::int + 7) & 2147483647) % ?)`,
      [
        t.accountId,
        institutionIds,
        institutionIds.length,
        from,
        to,
        from,
        t.accountId,
        MODALITIES,
        MODALITIES,
        t.accountId,
        opts.patients,
      ],
    );
    opts.progress?.(to);
  }
  // VACUUM as well: a database that has run a while has been vacuumed by autovacuum, which
  // sets the visibility map that index-only scans need (a bulk insert leaves it empty).
  for (const table of ['studies', 'laudos', 'patients', 'user_institution_roles']) await knex.raw(`VACUUM ANALYZE ${table}`);
  return { institutionIds, ms: performance.now() - started };
}
