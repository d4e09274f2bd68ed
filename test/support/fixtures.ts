/**
 * A fresh tenant per test: account, institutions, roles, users and studies with unique
 * names, so test files never share state.
 */
import { randomUUID } from 'node:crypto';
import { randomCpf } from '../../documents/testing/test-pki';
import type { Knex } from 'knex';
import type { Permission } from '../../domain/auth/permissions';
import { hashPassword } from '../../services/auth/passwords';

export const PASSWORD = 'Test@12345';

/** What a reporting doctor holds in the tests (everything but review and typing). */
export const DOCTOR_PERMISSIONS: Permission[] = [
  'STUDIES_SAVE_REPORTS',
  'STUDIES_REOPEN_REPORTS',
  'STUDIES_CREATE_LAUDO_OPINION',
  'STUDIES_INSERT_LAUDO_OPINION',
  'STUDIES_SAVE_NARRATED_REPORTS',
  'REPORT_RETURN_NOT_STARTED',
  'STUDIES_CREATE_ASSOCIATE_REPORTS',
];
let passwordHash: Promise<string> | undefined;

export interface Tenant {
  accountId: string;
  institutionId: string;
  /** Each user has a CPF of their own, for their test A1 (`makeTestPki({ cpf })`). */
  users: Record<string, { id: string; username: string; name: string; cpf: string }>;
  studyIds: string[];
}

export async function createTenant(
  knex: Knex,
  opts: { studies?: number; users?: Record<string, Permission[]>; isForHuman?: boolean } = {},
): Promise<Tenant> {
  passwordHash ??= hashPassword(PASSWORD);
  const tag = randomUUID().slice(0, 8);
  const [account] = await knex('accounts')
    .insert({ name: `Conta ${tag}`, is_for_human: opts.isForHuman ?? true })
    .returning('id');
  const [institution] = await knex('institutions')
    .insert({ account_id: account.id, name: `Instituição ${tag}` })
    .returning('id');
  const users: Tenant['users'] = {};
  const wanted = opts.users ?? { doctor: ['STUDIES_SAVE_REPORTS'], typist: ['STUDIES_TRANSCRIBE_REPORTS'] };
  for (const [key, permissions] of Object.entries(wanted)) {
    const username = `${key}.${tag}`;
    const name = `${key} ${tag}`;
    const cpf = randomCpf();
    const [user] = await knex('users')
      .insert({ name, username, email: `${username}@test.laudos`, password_hash: await passwordHash, cpf })
      .returning('id');
    const [role] = await knex('roles')
      .insert({ account_id: account.id, name: `role-${key}`, permissions })
      .returning('id');
    await knex('user_accounts').insert({ user_id: user.id, account_id: account.id });
    await knex('user_institution_roles').insert({
      account_id: account.id,
      user_id: user.id,
      institution_id: institution.id,
      role_id: role.id,
    });
    users[key] = { id: user.id, username, name, cpf };
  }
  const [patient] = await knex('patients')
    .insert({ account_id: account.id, patient_id: `PID-${tag}`, name: `Paciente ${tag}` })
    .returning('id');
  const studyIds: string[] = [];
  for (let n = 0; n < (opts.studies ?? 3); n++) {
    const [laudo] = await knex('laudos').insert({ account_id: account.id, institution_id: institution.id }).returning('id');
    const [study] = await knex('studies')
      .insert({
        account_id: account.id,
        institution_id: institution.id,
        patient_ref: patient.id,
        study_instance_uid: `1.2.826.0.1.3680043.10.1453.${Date.now()}.${n}.${Math.floor(Math.random() * 1e6)}`,
        accession_number: `ACC-${tag}-${n}`,
        modalities: ['CT'],
        exam_type: 'TC de crânio',
        exam_date: new Date(Date.UTC(2026, 10, 1 + n, 10)),
        laudo_id: laudo.id,
      })
      .returning('id');
    studyIds.push(study.id);
  }
  return { accountId: account.id, institutionId: institution.id, users, studyIds };
}

/** Merges `values` into the account's config (settings kept as the spec writes them, mostly strings). */
export async function setAccountConfig(knex: Knex, accountId: string, values: Record<string, unknown>): Promise<void> {
  await knex('accounts')
    .where({ id: accountId })
    .update({ config: knex.raw(`coalesce(config, '{}'::jsonb) || ?::jsonb`, [JSON.stringify(values)]) });
}

/**
 * Puts a user's role (`role-<key>` of createTenant) on a shift schedule covering the whole week:
 * it grants the same, but its access now follows the clock (never kept between requests).
 */
export async function putOnAllWeekShift(knex: Knex, tenant: Tenant, userKey = 'doctor'): Promise<void> {
  const allWeek = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const [schedule] = await knex('shift_schedules')
    .insert({ account_id: tenant.accountId, name: 'Sempre', periods: JSON.stringify(allWeek) })
    .returning('id');
  await knex('roles')
    .where({ account_id: tenant.accountId, name: `role-${userKey}` })
    .update({ schedule_id: schedule.id });
}

/** A scheduled exam (worklist, no institution) of the tenant's patient, with its report in 0. */
export async function createScheduledExam(knex: Knex, tenant: Tenant, modality = 'US'): Promise<string> {
  const patient = await knex('patients').where({ account_id: tenant.accountId }).first('id');
  const [laudo] = await knex('laudos').insert({ account_id: tenant.accountId, institution_id: null }).returning('id');
  const [exam] = await knex('studies')
    .insert({
      account_id: tenant.accountId,
      institution_id: null,
      patient_ref: patient.id,
      study_instance_uid: `2.25.${Date.now()}${Math.floor(Math.random() * 1e9)}`,
      accession_number: `AG-${randomUUID().slice(0, 8)}`,
      modalities: [modality],
      exam_type: 'US de abdome total',
      scheduled_at: new Date(Date.UTC(2026, 10, 25, 9)),
      laudo_id: laudo.id,
    })
    .returning('id');
  return exam.id;
}
