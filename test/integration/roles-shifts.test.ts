/**
 * Issue 14, roles and access: roles CRUD scoped to the account, 'apply to all institutions'
 * reaching an institution created later, shift schedules enforced in the account's time zone
 * (403 outside, access inside), the schedules' validation messages, medical groups and
 * specialties with memberships, access grants that open exactly the granted studies, and 404
 * for another account's rows.
 */
import { DEFAULT_ROLE_NAMES } from '../../domain/auth/default-roles';
import { wallClock } from '../../domain/auth/shifts';
import { seedDefaultRoles } from '../../services/roles/default-roles';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite();
const api = suite.api;
const knex = () => suite.knex;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

/** A second institution of `t` with one study, created after the roles. */
async function newInstitutionWithStudy(tenant: Tenant): Promise<{ institutionId: string; studyId: string }> {
  const [inst] = await knex()('institutions')
    .insert({ account_id: tenant.accountId, name: `Nova ${Date.now()}` })
    .returning('id');
  const patient = await knex()('patients').where({ account_id: tenant.accountId }).first('id');
  const [laudo] = await knex()('laudos').insert({ account_id: tenant.accountId, institution_id: inst.id }).returning('id');
  const [study] = await knex()('studies')
    .insert({
      account_id: tenant.accountId,
      institution_id: inst.id,
      patient_ref: patient.id,
      study_instance_uid: `1.2.826.0.1.3680043.10.1453.${Date.now()}.99`,
      modalities: ['MR'],
      laudo_id: laudo.id,
    })
    .returning('id');
  return { institutionId: inst.id, studyId: study.id };
}

/** An IANA fixed-offset zone where it is now between 08:00 and 16:59, so shift periods can sit safely around now. */
function middayZone(): string {
  for (let h = -12; h <= 14; h++) {
    const zone = h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`;
    const hour = Number(wallClock(new Date(), zone).time.slice(0, 2));
    if (hour >= 8 && hour <= 16) return zone;
  }
  throw new Error('no zone at midday');
}

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 3,
    users: {
      admin: [],
      doctor: ['STUDIES_SAVE_REPORTS'],
      manager: ['ROLES_MANAGE', 'STUDIES_SAVE_REPORTS'],
      shift: [],
      reader: [],
    },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { admin: [] } });
  for (const tenant of [t, other]) {
    await knex()('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  }
  // The reader is a member of the account with no role: grants alone will open studies to it.
  await knex()('user_institution_roles').where({ user_id: t.users.reader!.id }).delete();
  await knex()('user_institution_roles').where({ user_id: t.users.shift!.id }).delete();
  await seedDefaultRoles(suite.knex, t.accountId);
  Object.assign(
    tokens,
    await loginTokens(api, {
      admin: t.users.admin!,
      doctor: t.users.doctor!,
      manager: t.users.manager!,
      shift: t.users.shift!,
      reader: t.users.reader!,
      outsider: other.users.admin!,
    }),
  );
});

describe('roles', () => {
  it('lists the default roles and creates, edits and deletes roles of the current account only', async () => {
    const listed = await as('admin', 'GET', '/roles');
    expect(listed.status).toBe(200);
    const names = (listed.body.roles as { name: string }[]).map((r) => r.name);
    for (const n of DEFAULT_ROLE_NAMES) expect(names).toContain(n);

    const created = await as('admin', 'POST', '/roles', {
      name: 'Laudador noturno',
      permissions: ['STUDIES_SAVE_REPORTS', 'REPORTS_REVIEW'],
    });
    expect(created.status).toBe(201);
    expect(created.body.role).toMatchObject({
      name: 'Laudador noturno',
      appliesToAllInstitutions: false,
      scheduleId: null,
      holders: 0,
    });
    const id = created.body.role.id as string;

    const dup = await as('admin', 'POST', '/roles', { name: 'Laudador noturno', permissions: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.error.description).toBe('Este nome já está em uso.');
    expect((await as('admin', 'POST', '/roles', { name: 'X', permissions: ['NOT_A_PERMISSION'] })).status).toBe(400);

    const edited = await as('admin', 'PUT', `/roles/${id}`, { name: 'Laudador', permissions: ['STUDIES_SAVE_REPORTS'] });
    expect(edited.body.role).toMatchObject({ name: 'Laudador', permissions: ['STUDIES_SAVE_REPORTS'] });

    // Another account sees nothing of it and cannot touch it; a member without ROLES_MANAGE gets the spec's message.
    const before = await knex()('roles').where({ id }).first();
    expect((await as('outsider', 'PUT', `/roles/${id}`, { name: 'Tomado', permissions: [] })).status).toBe(404);
    expect((await as('outsider', 'DELETE', `/roles/${id}`)).status).toBe(404);
    expect((await as('outsider', 'GET', '/roles')).body.roles.map((r: { id: string }) => r.id)).not.toContain(id);
    const denied = await as('doctor', 'PUT', `/roles/${id}`, { name: 'Tomado', permissions: [] });
    expect(denied.status).toBe(403);
    expect(denied.body.error.description).toBe('Você não pode gerenciar as permissões de usuário.');
    expect((await as('doctor', 'GET', '/roles')).status).toBe(403);
    expect(await knex()('roles').where({ id }).first()).toEqual(before);

    // ROLES_MANAGE without being an administrator: may not hand out what it does not hold.
    expect((await as('manager', 'POST', '/roles', { name: 'Escalada', permissions: ['USERS_MANAGE'] })).status).toBe(403);
    expect((await as('manager', 'POST', '/roles', { name: 'Só laudo', permissions: ['STUDIES_SAVE_REPORTS'] })).status).toBe(201);

    expect((await as('admin', 'DELETE', `/roles/${id}`)).status).toBe(204);
    expect(await knex()('roles').where({ id }).first()).toBeUndefined();
  });

  it("'apply to all institutions' reaches an institution created after the role, and only while set", async () => {
    const created = await as('admin', 'POST', '/roles', {
      name: 'Todas as unidades',
      permissions: ['STUDIES_RETRIEVE_REPORTS'],
      appliesToAllInstitutions: true,
    });
    const roleId = created.body.role.id as string;
    const [userRow] = await knex()('users')
      .insert({
        name: 'Todas',
        username: `todas.${Date.now()}`,
        email: `todas.${Date.now()}@test.laudos`,
        password_hash: (await knex()('users').where({ id: t.users.doctor!.id }).first('password_hash')).password_hash,
      })
      .returning(['id', 'username']);
    await knex()('user_accounts').insert({ user_id: userRow.id, account_id: t.accountId });
    await knex()('user_institution_roles').insert({
      account_id: t.accountId,
      user_id: userRow.id,
      institution_id: t.institutionId,
      role_id: roleId,
    });
    Object.assign(tokens, await loginTokens(api, { everywhere: userRow }));

    const later = await newInstitutionWithStudy(t);
    expect((await as('everywhere', 'GET', `/studies/${later.studyId}`)).status).toBe(200);
    expect((await as('doctor', 'GET', `/studies/${later.studyId}`)).status).toBe(404);
    // It also makes its holder one of the doctors the later institution's report may go to.
    await as('admin', 'PUT', `/roles/${roleId}`, {
      name: 'Todas as unidades',
      permissions: ['STUDIES_RETRIEVE_REPORTS', 'STUDIES_SAVE_REPORTS'],
      appliesToAllInstitutions: true,
    });
    const doctors = await as('admin', 'GET', `/studies/${later.studyId}/doctors?purpose=changeDoctor`);
    expect(doctors.body.doctors.map((d: { id: string }) => d.id)).toContain(userRow.id);

    await as('admin', 'PUT', `/roles/${roleId}`, {
      name: 'Todas as unidades',
      permissions: ['STUDIES_RETRIEVE_REPORTS'],
      appliesToAllInstitutions: false,
    });
    expect((await as('everywhere', 'GET', `/studies/${later.studyId}`)).status).toBe(404);
    expect((await as('everywhere', 'GET', `/studies/${t.studyIds[0]}`)).status).toBe(200);
  });
});

describe('shift schedules', () => {
  it('answers the validation messages and refuses an unknown time zone', async () => {
    const none = await as('admin', 'POST', '/schedules', { name: 'Vazia', periods: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.description).toBe('Informe pelo menos um período.');
    const backwards = await as('admin', 'POST', '/schedules', {
      name: 'Ao contrário',
      periods: [{ weekday: 1, start: '18:00', end: '08:00' }],
    });
    expect(backwards.body.error).toMatchObject({
      code: 'SHIFT_PERIOD_END_BEFORE_START',
      description: 'O fim do período deve ser depois do início.',
    });
    const zone = await as('admin', 'PUT', '/schedules/timeZone', { timeZone: 'America/Atlantida' });
    expect(zone.body.error.code).toBe('TIME_ZONE_INVALID');
    expect(
      (await as('doctor', 'POST', '/schedules', { name: 'N', periods: [{ weekday: 1, start: '08:00', end: '09:00' }] })).body
        .error.description,
    ).toBe('Você não pode gerenciar escalas.');
    expect(await knex()('shift_schedules').where({ account_id: t.accountId }).count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('a role with a shift grants nothing outside its periods (account time zone) and everything inside', async () => {
    const timeZone = middayZone();
    expect((await as('admin', 'PUT', '/schedules/timeZone', { timeZone })).body).toEqual({ timeZone });
    const { weekday } = wallClock(new Date(), timeZone);
    const inside = await as('admin', 'POST', '/schedules', {
      name: 'Agora',
      periods: [{ weekday, start: '00:00', end: '23:59' }],
    });
    // Early morning of today, and all of tomorrow: both away from now (08:00–16:59 there).
    const outside = await as('admin', 'POST', '/schedules', {
      name: 'Madrugada',
      periods: [
        { weekday, start: '00:00', end: '06:00' },
        { weekday: (weekday + 1) % 7, start: '00:00', end: '23:59' },
      ],
    });
    expect(outside.status).toBe(201);

    const role = await as('admin', 'POST', '/roles', {
      name: 'Plantonista',
      permissions: ['ROLES_MANAGE', 'STUDIES_RETRIEVE_REPORTS'],
      scheduleId: outside.body.schedule.id,
    });
    expect(role.body.role.scheduleName).toBe('Madrugada');
    await knex()('user_institution_roles').insert({
      account_id: t.accountId,
      user_id: t.users.shift!.id,
      institution_id: t.institutionId,
      role_id: role.body.role.id,
    });

    // Outside the shift: no permission (403) and no study.
    expect((await as('shift', 'GET', '/roles')).status).toBe(403);
    expect((await as('shift', 'GET', `/studies/${t.studyIds[0]}`)).status).toBe(404);
    expect((await as('shift', 'GET', '/studies')).body.total).toBe(0);

    await as('admin', 'PUT', `/roles/${role.body.role.id}`, {
      name: 'Plantonista',
      permissions: ['ROLES_MANAGE', 'STUDIES_RETRIEVE_REPORTS'],
      scheduleId: inside.body.schedule.id,
    });
    expect((await as('shift', 'GET', '/roles')).status).toBe(200);
    expect((await as('shift', 'GET', `/studies/${t.studyIds[0]}`)).status).toBe(200);

    // A schedule in use cannot be deleted (that would widen the role to all hours).
    const del = await as('admin', 'DELETE', `/schedules/${inside.body.schedule.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('SCHEDULE_IN_USE');
    expect((await as('outsider', 'DELETE', `/schedules/${outside.body.schedule.id}`)).status).toBe(404);
    expect((await as('admin', 'DELETE', `/schedules/${outside.body.schedule.id}`)).status).toBe(204);
  });
});

describe('doctors for a report', () => {
  it('a doctor off shift is not offered and cannot be given the report; inside the shift they are', async () => {
    const timeZone = middayZone();
    await as('admin', 'PUT', '/schedules/timeZone', { timeZone });
    const { weekday } = wallClock(new Date(), timeZone);
    const tomorrow = await as('admin', 'POST', '/schedules', {
      name: 'Amanhã',
      periods: [{ weekday: (weekday + 1) % 7, start: '00:00', end: '23:59' }],
    });
    const today = await as('admin', 'POST', '/schedules', { name: 'Hoje', periods: [{ weekday, start: '00:00', end: '23:59' }] });
    const role = await as('admin', 'POST', '/roles', {
      name: 'Médico de amanhã',
      permissions: ['STUDIES_SAVE_REPORTS'],
      scheduleId: tomorrow.body.schedule.id,
    });
    await knex()('user_institution_roles').insert({
      account_id: t.accountId,
      user_id: t.users.shift!.id,
      institution_id: t.institutionId,
      role_id: role.body.role.id,
    });
    const study = t.studyIds[2]!;
    const offered = async () =>
      ((await as('admin', 'GET', `/studies/${study}/doctors?purpose=changeDoctor`)).body.doctors as { id: string }[]).map(
        (d) => d.id,
      );
    expect(await offered()).toContain(t.users.doctor!.id);
    expect(await offered()).not.toContain(t.users.shift!.id);
    const refused = await as('admin', 'POST', `/studies/${study}/reports/changeDoctor`, { performingPhysician: t.users.shift!.id });
    expect(refused.body.error.code).toBe('CHANGE_DOCTOR_FAILED');

    await as('admin', 'PUT', `/roles/${role.body.role.id}`, {
      name: 'Médico de amanhã',
      permissions: ['STUDIES_SAVE_REPORTS'],
      scheduleId: today.body.schedule.id,
    });
    expect(await offered()).toContain(t.users.shift!.id);
    await knex()('user_institution_roles').where({ role_id: role.body.role.id }).delete();
  });
});

describe('medical groups and specialties', () => {
  it('are managed per account, and users of the account are members', async () => {
    for (const route of ['/medicalGroups', '/specialties']) {
      const a = await as('admin', 'POST', route, { name: 'Neuro' });
      expect(a.status).toBe(201);
      expect((await as('admin', 'POST', route, { name: 'Neuro' })).status).toBe(409);
      const foreign = await as('outsider', 'POST', route, { name: 'Neuro' });
      expect(foreign.status).toBe(201);
      expect((await as('doctor', 'POST', route, { name: 'Outra' })).status).toBe(403);

      const segment = route === '/medicalGroups' ? 'groups' : 'specialties';
      const path = `/accounts/${t.accountId}/users/${t.users.doctor!.id}/${segment}`;
      expect((await as('admin', 'PUT', path, { ids: [a.body.item.id] })).body).toEqual({ ids: [a.body.item.id] });
      expect((await as('admin', 'GET', path)).body).toEqual({ ids: [a.body.item.id] });
      // Another account's group, another account's user, another account in the path: 404, nothing changed.
      expect((await as('admin', 'PUT', path, { ids: [foreign.body.item.id] })).status).toBe(404);
      expect(
        (await as('admin', 'PUT', `/accounts/${t.accountId}/users/${other.users.admin!.id}/${segment}`, { ids: [] })).status,
      ).toBe(404);
      expect((await as('outsider', 'PUT', path, { ids: [] })).status).toBe(404);
      expect((await as('admin', 'GET', path)).body).toEqual({ ids: [a.body.item.id] });
      expect((await as('admin', 'GET', route)).body.items).toEqual([{ id: a.body.item.id, name: 'Neuro', members: 1 }]);
      expect((await as('outsider', 'DELETE', `${route}/${a.body.item.id}`)).status).toBe(404);
      expect((await as('admin', 'DELETE', `${route}/${a.body.item.id}`)).status).toBe(204);
      expect((await as('admin', 'GET', path)).body).toEqual({ ids: [] });
    }
  });
});

describe('access grants', () => {
  it('open exactly the granted studies to a provider: list, open, report read; 404 for the others', async () => {
    expect((await as('reader', 'GET', '/studies')).body.total).toBe(0);
    const grant = await as('admin', 'POST', '/accessGrants', {
      userId: t.users.reader!.id,
      studyId: t.studyIds[1],
      councilUf: 'SP',
      councilNumber: '123456',
      requesterLogin: 'hospital.central',
    });
    expect(grant.status).toBe(201);
    expect(grant.body.grant).toMatchObject({
      userId: t.users.reader!.id,
      studyId: t.studyIds[1],
      councilUf: 'SP',
      requesterLogin: 'hospital.central',
    });
    expect((await as('admin', 'POST', '/accessGrants', { userId: t.users.reader!.id, studyId: t.studyIds[1] })).status).toBe(409);
    // Who lacks the permission, and another account (its own study, a user it does not have).
    expect(
      (await as('doctor', 'POST', '/accessGrants', { userId: t.users.reader!.id, studyId: t.studyIds[2] })).body.error
        .description,
    ).toBe('Você não tem permissão para criar acessos.');
    expect(
      (await as('outsider', 'POST', '/accessGrants', { userId: t.users.reader!.id, studyId: other.studyIds[0] })).status,
    ).toBe(404);
    expect((await as('admin', 'POST', '/accessGrants', { userId: t.users.reader!.id, studyId: other.studyIds[0] })).status).toBe(
      404,
    );

    const list = await as('reader', 'GET', '/studies');
    expect(list.body.total).toBe(1);
    expect(list.body.studies.map((s: { id: string }) => s.id)).toEqual([t.studyIds[1]]);
    expect((await as('reader', 'GET', `/studies/${t.studyIds[1]}`)).status).toBe(200);
    expect((await as('reader', 'GET', `/studies/${t.studyIds[1]}/reports/content`)).status).toBe(200);
    for (const id of [t.studyIds[0], t.studyIds[2], other.studyIds[0]]) {
      expect((await as('reader', 'GET', `/studies/${id}`)).status).toBe(404);
      expect((await as('reader', 'GET', `/studies/${id}/reports/content`)).status).toBe(404);
    }
    // Reading is all a grant gives: starting the report is refused.
    expect((await as('reader', 'POST', `/studies/${t.studyIds[1]}/reports/start`, {})).status).toBe(403);

    const listed = await as('admin', 'GET', '/accessGrants?q=hospital');
    expect(listed.body.grants).toHaveLength(1);
    expect((await as('outsider', 'DELETE', `/accessGrants/${grant.body.grant.id}`)).status).toBe(404);
    expect((await as('admin', 'DELETE', `/accessGrants/${grant.body.grant.id}`)).status).toBe(204);
    expect((await as('reader', 'GET', `/studies/${t.studyIds[1]}`)).status).toBe(404);

    // The screen names the grantee by login and the study by accession number.
    const study2 = await knex()('studies').where({ id: t.studyIds[2] }).first('accession_number');
    const byLogin = await as('admin', 'POST', '/accessGrants', {
      username: t.users.reader!.username,
      accessionNumber: study2.accession_number,
    });
    expect(byLogin.status).toBe(201);
    expect((await as('reader', 'GET', '/studies')).body.studies.map((s: { id: string }) => s.id)).toEqual([t.studyIds[2]]);
    expect(
      (
        await as('admin', 'POST', '/accessGrants', {
          username: other.users.admin!.username,
          accessionNumber: study2.accession_number,
        })
      ).status,
    ).toBe(404);
  });
});
