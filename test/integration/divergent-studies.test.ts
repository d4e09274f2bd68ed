/**
 * Issue 16, divergent studies: found on ingest (one patient and accession number in two
 * studies; one StudyInstanceUID with two patients), listed for the institution, merged and
 * split behind a typed confirmation and STUDIES_DIVERGENT_ACTIONS. The required property:
 * merge then split keeps every instance exactly once, and each study its report and versions.
 */
import { makeInstance, makeStudy, newUid } from '../support/dicom-files';
import { ingestStudy, stow } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
const knex = () => suite.knex;
let t: Tenant;
let other: Tenant;
let tokens: Record<string, string> = {};

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method as 'GET', path, { token: tokens[who], ...(body === undefined ? {} : { body }) });

async function ok(who: string, method: string, path: string, body?: unknown) {
  const res = await as(who, method, path, method === 'GET' ? undefined : (body ?? {}));
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Each study's instances (SOPInstanceUIDs, sorted) as the database holds them. */
async function instancesOf(studyId: string): Promise<string[]> {
  const rows = await knex()('dicom_instances')
    .where({ study_id: studyId })
    .orderBy('sop_instance_uid')
    .select('sop_instance_uid');
  return rows.map((r: { sop_instance_uid: string }) => r.sop_instance_uid);
}

/** A study's report as the projection holds it: the laudo row and every version. */
async function reportOf(studyId: string) {
  const { laudo_id } = await knex()('studies').where({ id: studyId }).first('laudo_id');
  const laudo = await knex()('laudos').where({ id: laudo_id }).first('id', 'state', 'version', 'user_id', 'seq');
  const versions = await knex()('laudo_versions as v')
    .leftJoin('laudo_contents as c', 'c.id', 'v.content_id')
    .where('v.laudo_id', laudo_id)
    .orderBy('v.version')
    .select('v.id', 'v.version', 'v.state', 'v.cancelled', 'c.body');
  return { laudo, versions };
}

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      coordinator: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM', 'STUDIES_DIVERGENT_ACTIONS', 'STUDIES_DUPLICATE'],
      doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'],
    },
  });
  other = await createTenant(suite.knex, { studies: 0, users: { admin: [] } });
  await knex()('user_accounts').where({ user_id: other.users.admin!.id, account_id: other.accountId }).update({ is_admin: true });
  tokens = await loginTokens(api, { ...t.users, otherAdmin: other.users.admin! });
});

describe('one patient and accession number in two studies', () => {
  const first = makeStudy({ series: 2, perSeries: 2, patientId: 'PAC-1', patientName: 'Souza^Ana', accessionNumber: 'ACC-77' });
  const second = makeStudy({ series: 1, perSeries: 3, patientId: 'PAC-1', patientName: 'Souza^Ana', accessionNumber: 'ACC-77' });
  let a = '';
  let b = '';

  it('is found on ingest and listed as received', async () => {
    a = await ingestStudy(suite.platform.url, knex(), tokens.coordinator!, first);
    // Study A's report: version 1 finished, reopened (archived), version 2 finished.
    await ok('doctor', 'POST', `/studies/${a}/reports/start`);
    await ok('doctor', 'POST', `/studies/${a}/reports/save`, { content: '<p>Primeira versão.</p>' });
    await ok('doctor', 'POST', `/studies/${a}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
    await ok('doctor', 'POST', `/studies/${a}/reports/save`, { content: '<p>Segunda versão.</p>' });
    b = await ingestStudy(suite.platform.url, knex(), tokens.coordinator!, second);
    await ok('doctor', 'POST', `/studies/${b}/reports/start`);
    await ok('doctor', 'POST', `/studies/${b}/reports/save`, { content: '<p>Laudo do segundo estudo.</p>', finish: false });

    const list = await ok('coordinator', 'GET', '/divergent-studies?status=RECEIVED');
    expect(list.divergences).toHaveLength(1);
    expect(list.divergences[0]).toMatchObject({
      kind: 'ACCESSION',
      status: 'RECEIVED',
      study: { id: a, accessionNumber: 'ACC-77', patientId: 'PAC-1', instanceCount: 4 },
      otherStudy: { id: b, instanceCount: 3 },
      allowedActions: ['merge', 'split'],
    });
    // The doctor sees it but may not act; another account sees nothing.
    expect((await ok('doctor', 'GET', '/divergent-studies')).divergences[0].allowedActions).toEqual([]);
    expect((await ok('otherAdmin', 'GET', '/divergent-studies')).divergences).toEqual([]);
  });

  it('merge then split keeps every instance exactly once, with both reports and their versions', async () => {
    const [divergence] = (await ok('coordinator', 'GET', '/divergent-studies')).divergences;
    const before = { a: await instancesOf(a), b: await instancesOf(b), ra: await reportOf(a), rb: await reportOf(b) };
    expect(before.a).toHaveLength(4);
    expect(before.b).toHaveLength(3);
    expect(before.ra.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(before.ra.versions.map((v: { body: string }) => v.body).join()).toMatch(/Primeira versão.*Segunda versão/);
    expect(before.rb.versions).toHaveLength(1);

    // Refusals first: no permission, another account, no typed confirmation — nothing moves.
    const denied = await as('doctor', 'POST', `/divergent-studies/${divergence.id}/merge`, { confirmation: 'UNIR' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({ code: 'CANNOT_MANAGE_STUDY', description: 'Você não pode gerenciar este estudo.' });
    expect((await as('otherAdmin', 'POST', `/divergent-studies/${divergence.id}/merge`, { confirmation: 'UNIR' })).status).toBe(
      404,
    );
    const unconfirmed = await as('coordinator', 'POST', `/divergent-studies/${divergence.id}/merge`, { confirmation: 'sim' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toEqual({
      code: 'DIVERGENCE_CONFIRMATION_REQUIRED',
      description: 'Digite a palavra pedida para confirmar esta ação irreversível',
    });
    expect(await instancesOf(a)).toEqual(before.a);

    const merged = await ok('coordinator', 'POST', `/divergent-studies/${divergence.id}/merge`, { confirmation: 'UNIR' });
    expect(merged.divergence).toMatchObject({
      status: 'MERGED',
      allowedActions: ['split'],
      study: { instanceCount: 7, seriesCount: 3 },
    });
    expect(await instancesOf(a)).toEqual([...before.a, ...before.b].sort());
    expect(await instancesOf(b)).toEqual([]);
    // The absorbed study is out of the list and unreachable; the survivor shows every image.
    expect((await as('coordinator', 'GET', `/studies/${b}`)).status).toBe(404);
    const listed = (await ok('coordinator', 'GET', '/studies?pageSize=50')).studies.map((s: { id: string }) => s.id);
    expect(listed).toContain(a);
    expect(listed).not.toContain(b);
    // Merging again is refused.
    const again = await as('coordinator', 'POST', `/divergent-studies/${divergence.id}/merge`, { confirmation: 'UNIR' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('DIVERGENCE_ACTION_NOT_ALLOWED');

    const split = await ok('coordinator', 'POST', `/divergent-studies/${divergence.id}/split`, { confirmation: 'separar' });
    expect(split.divergence).toMatchObject({ status: 'SEPARATED', allowedActions: [], otherStudy: { id: b, instanceCount: 3 } });
    const after = { a: await instancesOf(a), b: await instancesOf(b), ra: await reportOf(a), rb: await reportOf(b) };
    expect(after.a).toEqual(before.a);
    expect(after.b).toEqual(before.b);
    // Every instance of the account exactly once.
    const all = await knex()('dicom_instances').where({ account_id: t.accountId }).select('sop_instance_uid');
    expect(all.map((r: { sop_instance_uid: string }) => r.sop_instance_uid).sort()).toEqual(
      [...first.sopUids, ...second.sopUids].sort(),
    );
    expect(after.ra).toEqual(before.ra);
    expect(after.rb).toEqual(before.rb);
    // Both studies are back with their reports, over the API too.
    const back = await ok('coordinator', 'GET', `/studies/${b}`);
    expect(back.study.report).toMatchObject({ state: before.rb.laudo.state });
    const counts = await knex()('studies').whereIn('id', [a, b]).select('id', 'instance_count', 'series_count');
    expect(Object.fromEntries(counts.map((c: any) => [c.id, [c.instance_count, c.series_count]]))).toEqual({
      [a]: [4, 2],
      [b]: [3, 1],
    });

    const final = await as('coordinator', 'POST', `/divergent-studies/${divergence.id}/split`, { confirmation: 'SEPARAR' });
    expect(final.status).toBe(409);
    const audited = await knex()('audit_log')
      .where({ account_id: t.accountId })
      .whereIn('action', ['study.merge', 'study.split'])
      .select('action', 'study_id');
    expect(audited).toHaveLength(4);
    expect(new Set(audited.map((r: { study_id: string }) => r.study_id))).toEqual(new Set([a, b]));
  });
});

describe('one StudyInstanceUID with two patients', () => {
  it('is found on ingest; a split gives the second patient a study of its own, with its own report', async () => {
    const study = makeStudy({ series: 1, perSeries: 2, patientId: 'PAC-2', patientName: 'Lima^Rui' });
    const id = await ingestStudy(suite.platform.url, knex(), tokens.coordinator!, study);
    const seriesUid = newUid();
    const foreign = [1, 2, 3].map((n) =>
      makeInstance({
        studyUid: study.studyUid,
        seriesUid,
        modality: 'CT',
        patientId: 'PAC-3',
        patientName: 'Costa^Eva',
        instanceNumber: n,
      }),
    );
    expect((await stow(suite.platform.url, tokens.coordinator!, foreign)).status).toBe(200);
    expect(await instancesOf(id)).toHaveLength(5);

    const list = await ok('coordinator', 'GET', '/divergent-studies?status=RECEIVED');
    const divergence = list.divergences.find((d: { study: { id: string } }) => d.study.id === id);
    expect(divergence).toMatchObject({
      kind: 'PATIENT',
      otherStudy: null,
      otherPatient: { patientId: 'PAC-3', name: 'Eva Costa' },
      allowedActions: ['merge', 'split'],
    });

    const split = await ok('coordinator', 'POST', `/divergent-studies/${divergence.id}/split`, { confirmation: 'SEPARAR' });
    expect(split.divergence).toMatchObject({
      status: 'SEPARATED',
      study: { id, patientId: 'PAC-2', instanceCount: 2 },
      otherStudy: { patientId: 'PAC-3', instanceCount: 3 },
    });
    const separated = split.divergence.otherStudy.id as string;
    expect(await instancesOf(id)).toEqual([...study.sopUids].sort());
    expect(await instancesOf(separated)).toHaveLength(3);
    const view = await ok('coordinator', 'GET', `/studies/${separated}`);
    expect(view.study).toMatchObject({ patientId: 'PAC-3', report: { state: 0 } });
    expect(view.study.laudoId).not.toBe((await ok('coordinator', 'GET', `/studies/${id}`)).study.laudoId);
  });
});

describe('duplicating a study', () => {
  it('makes a study of its own with the same images (rows copied, bytes shared) and a report of its own', async () => {
    const study = makeStudy({ series: 2, perSeries: 2, patientId: 'PAC-4', patientName: 'Dias^Ivo', accessionNumber: 'ACC-D' });
    const id = await ingestStudy(suite.platform.url, knex(), tokens.coordinator!, study);
    await ok('doctor', 'POST', `/studies/${id}/reports/start`);

    const denied = await as('doctor', 'POST', `/studies/${id}/duplicate`, {});
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({ code: 'CANNOT_MANAGE_STUDY', description: 'Você não pode gerenciar este estudo.' });
    expect((await as('otherAdmin', 'POST', `/studies/${id}/duplicate`, {})).status).toBe(404);

    const res = await as('coordinator', 'POST', `/studies/${id}/duplicate`, {});
    expect(res.status).toBe(201);
    const copy = res.body.study;
    expect(copy).toMatchObject({ patientId: 'PAC-4', accessionNumber: 'ACC-D', laudoState: 0 });
    expect(copy.id).not.toBe(id);
    expect(copy.laudoId).not.toBe((await ok('coordinator', 'GET', `/studies/${id}`)).study.laudoId);
    // Same instances, same stored objects; the source keeps its own rows and report.
    expect(await instancesOf(copy.id)).toEqual([...study.sopUids].sort());
    expect(await instancesOf(id)).toEqual([...study.sopUids].sort());
    const keys = async (sid: string) =>
      (await knex()('dicom_instances').where({ study_id: sid }).orderBy('sop_instance_uid').pluck('object_key')) as string[];
    expect(await keys(copy.id)).toEqual(await keys(id));
    expect((await ok('coordinator', 'GET', `/studies/${id}`)).study.laudoState).toBe(1);
    const preview = await ok('coordinator', 'GET', `/studies/${copy.id}/series-preview`);
    expect(JSON.stringify(preview)).toContain(study.seriesUids[0]);

    // Ingest stays idempotent on the originals: the same instance again writes nothing.
    const again = await stow(suite.platform.url, tokens.coordinator!, [study.files[0]!]);
    expect(again.status).toBe(200);
    expect(await instancesOf(id)).toHaveLength(4);
    expect(await instancesOf(copy.id)).toHaveLength(4);
    const audited = await knex()('audit_log').where({ action: 'study.duplicate' }).whereIn('study_id', [id, copy.id]);
    expect(audited).toHaveLength(2);
  });
});
