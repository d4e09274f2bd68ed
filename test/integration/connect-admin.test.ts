/**
 * Issue 16, Connect management: an account administrator creates a Connect with its DICOM
 * settings (the institution needs a valid AeTitle unless the Connect has its own), gets its
 * key once (only the hash is stored), rotates and revokes keys — a revoked key no longer
 * uploads (STOW-RS) nor polls — and manages connections with their DICOM tag mapping (the
 * default one cannot be deleted). The status shows the last contact and the last study.
 * Another account's ids answer 404; a member without administration, 403.
 */
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
let t: Tenant;
let other: Tenant;
let tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

const settings = (institutionId: string) => ({
  name: 'Recepção',
  institutionId,
  active: true,
  aeTitle: '',
  storePort: 11112,
  worklistPort: 11113,
  queryRetrievePort: 11114,
  importFolder: 'C:\\Laudos\\import',
  downloadFolder: 'C:\\Laudos\\download',
  uploadIntervalSeconds: 5,
  pollIntervalSeconds: 20,
  retentionDays: 15,
});

const poll = (key: string) =>
  fetch(`${suite.platform.url}/api/connect-agent/downloads`, { headers: { authorization: `Bearer ${key}` } }).then(
    (r) => r.status,
  );

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { admin: [], plain: ['STUDIES_SAVE_REPORTS'] } });
  other = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  for (const tenant of [t, other]) {
    await suite
      .knex('user_accounts')
      .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
      .update({ is_admin: true });
  }
  tokens = await loginTokens(api, { ...t.users, otherAdmin: other.users.admin! });
});

it("refuses an institution without a valid AeTitle with the spec's message, then creates the Connect once it has one", async () => {
  const refused = await as('admin', 'POST', '/connects', settings(t.institutionId));
  expect(refused.status).toBe(400);
  expect(refused.body.error).toEqual({
    code: 'INSTITUTION_WITHOUT_AE_TITLE',
    description: 'A instituição não possui um AeTitle válido.',
  });
  const bad = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), aeTitle: 'A\\B' });
  expect(bad.body.error.code).toBe('CONNECT_AE_TITLE_INVALID');
  const interval = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), aeTitle: 'X', pollIntervalSeconds: 0 });
  expect(interval.body.error).toEqual({
    code: 'CONNECT_INTERVAL_INVALID',
    description: 'Os intervalos são em segundos, de 1 a 86400.',
  });

  await suite.knex('institutions').where({ id: t.institutionId }).update({ ae_title: 'CLINICA' });
  const created = await as('admin', 'POST', '/connects', settings(t.institutionId));
  expect(created.status).toBe(201);
  expect(created.body.key).toMatch(/^lcn_/);
  expect(created.body.connect).toMatchObject({
    name: 'Recepção',
    aeTitle: null,
    storePort: 11112,
    worklistPort: 11113,
    queryRetrievePort: 11114,
    importFolder: 'C:\\Laudos\\import',
    uploadIntervalSeconds: 5,
    pollIntervalSeconds: 20,
    retentionDays: 15,
    lastSeenAt: null,
    lastStudyAt: null,
    connections: [{ name: 'Padrão', isDefault: true, tagMapping: [] }],
  });
  expect(created.body.connect.keys).toEqual([
    expect.objectContaining({ hint: (created.body.key as string).slice(-4), revokedAt: null }),
  ]);
  // The key is never stored nor answered again.
  const stored = JSON.stringify(await suite.knex('connect_keys').where({ connect_id: created.body.connect.id }));
  expect(stored).not.toContain(created.body.key);
  expect(JSON.stringify((await as('admin', 'GET', `/connects/${created.body.connect.id}`)).body)).not.toContain(created.body.key);
  expect(await suite.knex('audit_log').where({ action: 'connect.create', account_id: t.accountId }).count({ n: '*' })).toEqual([
    { n: '1' },
  ]);
});

it('a key uploads and polls; rotating revokes the old key at once, revoking stops the new one; the status follows', async () => {
  const created = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), name: 'Sala 2', aeTitle: 'sala2' });
  expect(created.body.connect.aeTitle).toBe('SALA2');
  const id = created.body.connect.id as string;
  const first = created.body.key as string;
  const study = makeStudy({ series: 1, perSeries: 1 });
  expect((await stow(suite.platform.url, first, study.files)).status).toBe(200);
  expect(await poll(first)).toBe(200);
  const status = (await as('admin', 'GET', `/connects/${id}`)).body.connect;
  expect(status.lastSeenAt).not.toBeNull();
  expect(status.lastStudyAt).not.toBeNull();
  expect((await suite.knex('studies').where({ study_instance_uid: study.studyUid }).first('connect_id')).connect_id).toBe(id);

  const rotated = await as('admin', 'POST', `/connects/${id}/keys/${status.keys[0].id}/rotate`);
  expect(rotated.status).toBe(201);
  const second = rotated.body.key as string;
  expect(second).not.toBe(first);
  expect(await poll(first)).toBe(401);
  expect((await stow(suite.platform.url, first, makeStudy({ series: 1, perSeries: 1 }).files)).status).toBe(401);
  expect(await poll(second)).toBe(200);
  // A revoked key cannot be rotated again.
  expect((await as('admin', 'POST', `/connects/${id}/keys/${status.keys[0].id}/rotate`)).status).toBe(404);

  const extra = await as('admin', 'POST', `/connects/${id}/keys`);
  expect(extra.status).toBe(201);
  expect((await as('admin', 'DELETE', `/connects/${id}/keys/${rotated.body.keyInfo.id}`)).status).toBe(204);
  expect(await poll(second)).toBe(401);
  expect(await poll(extra.body.key)).toBe(200);
  const keys = (await as('admin', 'GET', `/connects/${id}`)).body.connect.keys;
  expect(keys.map((k: any) => k.revokedAt === null)).toEqual([false, false, true]);

  // The agent reads its settings with its key (never the keys).
  const config = await fetch(`${suite.platform.url}/api/connect-agent/config`, {
    headers: { authorization: `Bearer ${extra.body.key}` },
  });
  const agentView = ((await config.json()) as { connect: Record<string, unknown> }).connect;
  expect(agentView).toMatchObject({
    id,
    aeTitle: 'SALA2',
    effectiveAeTitle: 'SALA2',
    storePort: 11112,
    pollIntervalSeconds: 20,
    retentionDays: 15,
  });
  expect(agentView.keys).toBeUndefined();

  // An inactive Connect's keys stop too.
  await as('admin', 'PUT', `/connects/${id}`, { ...settings(t.institutionId), name: 'Sala 2', aeTitle: 'SALA2', active: false });
  expect(await poll(extra.body.key)).toBe(401);
});

it('connections: tag mapping validated, one default, the default cannot be deleted', async () => {
  const created = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), name: 'Sala 3' });
  const id = created.body.connect.id as string;
  const def = created.body.connect.connections[0];
  const badTag = await as('admin', 'POST', `/connects/${id}/connections`, {
    name: 'PACS',
    tagMapping: [{ tag: '0010,ZZ20', field: 'patientId' }],
  });
  expect(badTag.body.error).toEqual({
    code: 'CONNECTION_TAG_INVALID',
    description: 'Tag DICOM inválida: use o formato GGGG,EEEE e um campo da lista.',
  });
  const pacs = await as('admin', 'POST', `/connects/${id}/connections`, {
    name: 'PACS',
    tagMapping: [{ tag: '0010,1000', field: 'patientId' }],
  });
  expect(pacs.status).toBe(201);
  expect(pacs.body.connection).toMatchObject({
    name: 'PACS',
    isDefault: false,
    tagMapping: [{ tag: '0010,1000', field: 'patientId' }],
  });
  expect((await as('admin', 'POST', `/connects/${id}/connections`, { name: 'PACS' })).body.error.code).toBe(
    'CONNECT_NAME_IN_USE',
  );

  const refused = await as('admin', 'DELETE', `/connects/${id}/connections/${def.id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toEqual({
    code: 'DEFAULT_CONNECTION_DELETE',
    description: 'A conexão padrão não pode ser excluída.',
  });

  // Making PACS the default moves the flag; then the old default can go.
  await as('admin', 'PUT', `/connects/${id}/connections/${pacs.body.connection.id}`, {
    name: 'PACS',
    isDefault: true,
    tagMapping: [],
  });
  const after = (await as('admin', 'GET', `/connects/${id}`)).body.connect.connections;
  expect(after.map((c: any) => [c.name, c.isDefault])).toEqual([
    ['PACS', true],
    ['Padrão', false],
  ]);
  expect((await as('admin', 'DELETE', `/connects/${id}/connections/${def.id}`)).status).toBe(204);
  expect((await as('admin', 'DELETE', `/connects/${id}`)).status).toBe(204);
  expect(await suite.knex('connect_connections').where({ connect_id: id })).toEqual([]);
});

it("a study sent with a key comes through the Connect's default connection, whose tag mapping ingest applies", async () => {
  const created = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), name: 'Sala 5' });
  const id = created.body.connect.id as string;
  const def = created.body.connect.connections[0];
  // This modality writes the RIS patient ID in OtherPatientIDs and the clinic's name in the
  // patient comments; an empty source tag leaves the file's own value.
  const mapped = await as('admin', 'PUT', `/connects/${id}/connections/${def.id}`, {
    name: 'Padrão',
    isDefault: true,
    tagMapping: [
      { tag: '0010,1000', field: 'patientId' },
      { tag: '0010,4000', field: 'institutionName' },
      { tag: '0010,2160', field: 'patientName' },
    ],
  });
  expect(mapped.status).toBe(200);
  const study = makeStudy({
    series: 1,
    perSeries: 2,
    patientId: 'MOD-0042',
    patientName: 'Souza^Carla',
    extra: { OtherPatientIDs: 'RIS-778', PatientComments: 'Clínica Sul' },
  });
  expect((await stow(suite.platform.url, created.body.key, study.files)).status).toBe(200);

  const row = await suite
    .knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .where({ 's.study_instance_uid': study.studyUid })
    .first('p.patient_id', 'p.name', 's.connection_id', 's.connect_id');
  expect(row).toEqual({ patient_id: 'RIS-778', name: 'Carla Souza', connection_id: def.id, connect_id: id });
  const metadata = (await suite.knex('dicom_instances').where({ sop_instance_uid: study.sopUids[0] }).first('metadata')).metadata;
  expect(metadata['00100020']).toEqual({ vr: 'LO', Value: ['RIS-778'] });
  expect(metadata['00080080']).toEqual({ vr: 'LO', Value: ['Clínica Sul'] });
  expect(metadata['00100010'].Value[0].Alphabetic).toBe('Souza^Carla'); // (0010,2160) is empty: kept

  // Without a mapping (another Connect), the file's own values.
  const plain = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), name: 'Sala 6' });
  const other = makeStudy({ series: 1, perSeries: 1, patientId: 'MOD-0043', extra: { OtherPatientIDs: 'RIS-779' } });
  expect((await stow(suite.platform.url, plain.body.key, other.files)).status).toBe(200);
  const plainRow = await suite
    .knex('studies as s')
    .join('patients as p', 'p.id', 's.patient_ref')
    .where({ 's.study_instance_uid': other.studyUid })
    .first('p.patient_id');
  expect(plainRow.patient_id).toBe('MOD-0043');
});

it("another account's ids are 404, a member without administration 403", async () => {
  const created = await as('admin', 'POST', '/connects', { ...settings(t.institutionId), name: 'Sala 4' });
  const c = created.body.connect;
  for (const [method, path] of [
    ['GET', `/connects/${c.id}`],
    ['PUT', `/connects/${c.id}`],
    ['DELETE', `/connects/${c.id}`],
    ['POST', `/connects/${c.id}/keys`],
    ['POST', `/connects/${c.id}/keys/${c.keys[0].id}/rotate`],
    ['DELETE', `/connects/${c.id}/keys/${c.keys[0].id}`],
    ['POST', `/connects/${c.id}/connections`],
    ['DELETE', `/connects/${c.id}/connections/${c.connections[0].id}`],
  ] as const) {
    const body = method === 'PUT' ? settings(other.institutionId) : method === 'POST' ? { name: 'X' } : undefined;
    expect([path, (await as('otherAdmin', method, path, body)).status]).toEqual([path, 404]);
    const member = await as('plain', method, path, body);
    expect([path, member.status, member.body.error.code]).toEqual([path, 403, 'CANNOT_MANAGE_CONNECTS']);
  }
  // Another account's institution is not one to put a Connect in.
  expect((await as('admin', 'POST', '/connects', { ...settings(other.institutionId), aeTitle: 'X' })).status).toBe(404);
  expect((await as('otherAdmin', 'GET', '/connects')).body.connects).toEqual([]);
  expect(await suite.knex('connects').where({ id: c.id }).first('name')).toEqual({ name: 'Sala 4' });
});
