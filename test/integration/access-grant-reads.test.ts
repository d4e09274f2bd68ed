/**
 * Issue 14's access grants open a study for reading to a provider or referring physician with
 * no role in its institution: the viewer's study, its images (DICOMweb metadata and frames,
 * with the session or an image token), its attachments and its report's PDF. Another study of
 * the same institution stays 404, and the grant writes nothing (no upload, no report action).
 */
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy, stow } from '../support/dicomweb';
import { seedAttachmentTypes } from '../../migrations/seed/attachments-demo';
import { fetchBytes, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
let t: Tenant;
const tokens: Record<string, string> = {};
const granted = makeStudy({ series: 1, perSeries: 2, patientId: 'P-GRANT-1', patientName: 'Souza^Rita' });
const hidden = makeStudy({ series: 1, perSeries: 1, patientId: 'P-GRANT-2', patientName: 'Dias^Caio' });
const ids: Record<'granted' | 'hidden', string> = { granted: '', hidden: '' };
const attachmentIds: Record<'granted' | 'hidden', string> = { granted: '', hidden: '' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const as = (who: string, method: string, path: string, body?: unknown) =>
  api(method, path, { token: tokens[who], ...(body === undefined ? {} : { body }) });
const dicomweb = (path: string, token: string) => fetchBytes(`${suite.platform.url}/dicomweb${path}`, token);

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: {
      admin: [],
      doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM', 'STUDIES_CREATE_ATTACHMENTS'],
      provider: [],
    },
  });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  // The provider is a member of the account with no role: the grant alone opens a study to it.
  await suite.knex('user_institution_roles').where({ user_id: t.users.provider!.id }).delete();
  await seedAttachmentTypes(suite.knex, t.accountId);
  Object.assign(tokens, await loginTokens(api, t.users));
  ids.granted = await ingestStudy(suite.platform.url, suite.knex, tokens.doctor!, granted);
  ids.hidden = await ingestStudy(suite.platform.url, suite.knex, tokens.doctor!, hidden);

  const types = (await as('doctor', 'GET', '/studies/listAttachmentsExtensions')).body.attachmentsExtensions;
  for (const key of ['granted', 'hidden'] as const) {
    const res = await as('doctor', 'POST', '/studies/attachments', {
      studyId: ids[key],
      attachmentExtensionsId: types[0].id,
      attachment: { name: `pedido-${key}.pdf`, mimetype: 'application/pdf', size: PDF.length, data: PDF.toString('base64') },
    });
    expect(res.status).toBe(201);
    attachmentIds[key] = res.body.attachments[0].id;
    // A concluded report, so its PDF exists.
    expect((await as('doctor', 'POST', `/studies/${ids[key]}/reports/start`, {})).status).toBe(200);
    expect((await as('doctor', 'POST', `/studies/${ids[key]}/reports/save`, { content: `<p>Laudo ${key}.</p>` })).status).toBe(
      200,
    );
  }
  const grant = await as('admin', 'POST', '/accessGrants', { userId: t.users.provider!.id, studyId: ids.granted });
  expect(grant.status).toBe(201);
});

it('reads the granted study in the viewer, its images and metadata', async () => {
  const viewer = await as('provider', 'GET', `/studies/${ids.granted}/viewer`);
  expect(viewer.status).toBe(200);
  expect(viewer.body.study).toMatchObject({ id: ids.granted, studyInstanceUid: granted.studyUid, canSaveReports: false });

  const series = `/studies/${granted.studyUid}/series/${granted.seriesUids[0]}`;
  const meta = await dicomweb(`${series}/metadata`, tokens.provider!);
  expect(meta.status).toBe(200);
  expect(JSON.parse(meta.bytes.toString('utf8'))).toHaveLength(2);
  const frame = await dicomweb(`${series}/instances/${granted.sopUids[0]}/frames/1`, tokens.provider!);
  expect(frame.status).toBe(200);
  expect(frame.type).toMatch(/^multipart\/related/);

  // The viewer frame reads with an image token, not the session.
  const imageToken = (await as('provider', 'POST', '/auth/imageToken', {})).body.token as string;
  expect(imageToken).toBeTruthy();
  const byToken = await fetchBytes(
    `${suite.platform.url}/dicomweb${series}/instances/${granted.sopUids[1]}/frames/1?token=${encodeURIComponent(imageToken)}`,
  );
  expect(byToken.status).toBe(200);
});

it('downloads the granted study’s attachments and reads its report PDF', async () => {
  const listed = await as('provider', 'GET', `/studies/attachments?studyId=${ids.granted}`);
  expect(listed.status).toBe(200);
  expect(listed.body.attachments.map((a: { id: string }) => a.id)).toEqual([attachmentIds.granted]);
  const link = await as(
    'provider',
    'GET',
    `/studies/attachments/download?attachmentId=${attachmentIds.granted}&studyId=${ids.granted}`,
  );
  expect(link.status).toBe(200);
  const file = await fetchBytes(`${suite.platform.url}${link.body.downloadUrl}`);
  expect(file.bytes.equals(PDF)).toBe(true);

  const pdf = await fetchBytes(suite.apiUrl(`/studies/${ids.granted}/reports/download?version=1`), tokens.provider);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

it('gets 404 for a study of the same institution that was not granted', async () => {
  expect((await as('provider', 'GET', `/studies/${ids.hidden}/viewer`)).status).toBe(404);
  const series = `/studies/${hidden.studyUid}/series/${hidden.seriesUids[0]}`;
  expect((await dicomweb(`${series}/metadata`, tokens.provider!)).status).toBe(404);
  expect((await dicomweb(`${series}/instances/${hidden.sopUids[0]}/frames/1`, tokens.provider!)).status).toBe(404);
  expect((await as('provider', 'GET', `/studies/attachments?studyId=${ids.hidden}`)).status).toBe(404);
  expect(
    (await as('provider', 'GET', `/studies/attachments/download?attachmentId=${attachmentIds.hidden}&studyId=${ids.hidden}`))
      .status,
  ).toBe(404);
  expect((await fetchBytes(suite.apiUrl(`/studies/${ids.hidden}/reports/download?version=1`), tokens.provider)).status).toBe(404);
  // Nor does naming the hidden study's attachment through the granted study open it.
  expect(
    (await as('provider', 'GET', `/studies/attachments/download?attachmentId=${attachmentIds.hidden}&studyId=${ids.granted}`))
      .status,
  ).toBe(404);
});

it('reads only: no upload, no attachment, no report action on the granted study', async () => {
  const before = await suite.knex('studies').where({ id: ids.granted }).first('instance_count', 'laudo_state');
  const again = makeStudy({ series: 1, perSeries: 1, patientId: 'P-GRANT-1', patientName: 'Souza^Rita' });
  const upload = await stow(suite.platform.url, tokens.provider!, again.files, { path: `/studies/${granted.studyUid}` });
  expect(upload.status).toBeGreaterThanOrEqual(400);
  const types = (await as('doctor', 'GET', '/studies/listAttachmentsExtensions')).body.attachmentsExtensions;
  const attach = await as('provider', 'POST', '/studies/attachments', {
    studyId: ids.granted,
    attachmentExtensionsId: types[0].id,
    attachment: { name: 'x.pdf', mimetype: 'application/pdf', size: PDF.length, data: PDF.toString('base64') },
  });
  expect(attach.body.error.code).toBe('ATTACHMENT_FORBIDDEN');
  expect(
    (await as('provider', 'DELETE', `/studies/attachments?attachmentId=${attachmentIds.granted}&studyId=${ids.granted}`)).body
      .error.code,
  ).toBe('ATTACHMENT_FORBIDDEN');
  expect((await as('provider', 'POST', `/studies/${ids.granted}/reports/reopen`, {})).status).toBe(403);
  expect(await suite.knex('studies').where({ id: ids.granted }).first('instance_count', 'laudo_state')).toEqual(before);
  expect(await suite.knex('study_attachments').where({ study_id: ids.granted }).count({ n: '*' })).toEqual([{ n: '1' }]);
});
