/**
 * Tokens in URLs (issue 12): a session token is never taken from a URL; what an <img> or the
 * viewer frame's address carries is an image token — short-lived, read-only, accepted by the
 * DICOMweb and viewer reads only, bound to its session and account, dead with the session.
 */
import { makeStudy } from '../support/dicom-files';
import { ingestStudy, stow } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.2', IMAGE_TOKEN_MINUTES: '5' } });
const api = suite.api;
let t: Tenant;
let session: string;
let studyId: string;
const study = makeStudy({ series: 1, perSeries: 2, modalities: ['CT'], patientName: 'Souza^Rita' });
const seriesPath = () => `/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}`;
const renderedPath = () => `${seriesPath()}/instances/${study.sopUids[0]}/rendered`;

const imageToken = async (token = session) => {
  const res = await api('POST', '/auth/imageToken', { token });
  expect(res.status).toBe(200);
  return res.body as { token: string; expiresInSeconds: number };
};
const getUrl = (path: string, headers: Record<string, string> = {}) => fetch(`${suite.platform.url}${path}`, { headers });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 0,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM', 'STUDIES_CREATE_ATTACHMENTS'] },
  });
  session = await login(api, t.users.doctor!.username);
  studyId = await ingestStudy(suite.platform.url, suite.knex, session, study);
});

it('refuses a session token in ?token= on every DICOMweb read', async () => {
  for (const path of [`${renderedPath()}`, `${seriesPath()}/thumbnail`, `${seriesPath()}/metadata`, '/dicomweb/studies']) {
    const res = await getUrl(`${path}?token=${encodeURIComponent(session)}`);
    expect([path, res.status]).toEqual([path, 401]);
    expect(await codeOf(res)).toBe('INVALID_SESSION');
  }
  // The same session in a header still reads.
  expect((await getUrl(renderedPath(), { access_token: session })).status).toBe(200);
});

it('reads images, metadata and the viewer data with an image token, and lives IMAGE_TOKEN_MINUTES', async () => {
  const { token, expiresInSeconds } = await imageToken();
  expect(token).toMatch(/^img_/);
  expect(expiresInSeconds).toBe(300);
  const rendered = await getUrl(`${renderedPath()}?token=${token}`);
  expect(rendered.status).toBe(200);
  expect(rendered.headers.get('content-type')).toBe('image/jpeg');
  expect((await getUrl(`${seriesPath()}/thumbnail?token=${token}`)).status).toBe(200);
  expect((await getUrl(`${seriesPath()}/metadata`, { authorization: `Bearer ${token}` })).status).toBe(200);
  // The frame's reads (spec 3 §2: the frame is given a token).
  expect((await api('GET', `/studies/${studyId}/viewer?viewerType=general`, { token })).status).toBe(200);
  expect((await api('GET', `/studies/${studyId}/series-preview`, { token })).body).toHaveLength(1);
  // Only the hash is kept.
  const row = await suite.knex('image_tokens').orderBy('created_at', 'desc').first();
  expect(row.token_hash).not.toContain(token.slice(4));
  const lifeMs = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
  expect(Math.abs(lifeMs - 300_000)).toBeLessThan(2000);
});

it('cannot call any other api route, write, or upload', async () => {
  const { token } = await imageToken();
  for (const [method, path] of [
    ['GET', '/auth'],
    ['GET', '/studies'],
    ['GET', `/studies/${studyId}`],
    ['GET', `/studies/${studyId}/tags`],
    ['GET', `/studies/patient?studyId=${studyId}`],
    ['POST', '/auth/imageToken'],
    ['POST', `/studies/${studyId}/key-image`],
    ['POST', `/studies/${studyId}/reports/start`],
    ['GET', '/users/config'],
  ] as const) {
    const res = await api(method, path, { token, body: method === 'POST' ? {} : undefined });
    expect([method, path, res.status, res.body?.error?.code]).toEqual([method, path, 401, 'INVALID_SESSION']);
  }
  // Nor in a DICOMweb write, in a header or in the URL.
  const bearer = await stow(suite.platform.url, token, study.files.slice(0, 1));
  expect(bearer.status).toBe(401);
  const viaUrl = await fetch(`${suite.platform.url}/dicomweb/studies?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/related; type="application/dicom"; boundary=x' },
    body: '--x--',
  });
  expect(viaUrl.status).toBe(401);
});

it('refuses an expired image token', async () => {
  const { token } = await imageToken();
  expect((await getUrl(`${renderedPath()}?token=${token}`)).status).toBe(200);
  await suite
    .knex('image_tokens')
    .update({ expires_at: new Date(Date.now() - 1000) })
    .whereRaw('true');
  const res = await getUrl(`${renderedPath()}?token=${token}`);
  expect(res.status).toBe(401);
  expect(await codeOf(res)).toBe('INVALID_SESSION');
  expect((await api('GET', `/studies/${studyId}/series-preview`, { token })).status).toBe(401);
  // A new one reads again.
  expect((await getUrl(`${renderedPath()}?token=${(await imageToken()).token}`)).status).toBe(200);
});

it('dies with its session: logout, account change, session expiry', async () => {
  const own = await login(api, t.users.doctor!.username);
  const { token } = await imageToken(own);
  expect((await getUrl(`${renderedPath()}?token=${token}`)).status).toBe(200);
  await api('POST', '/auth/logout', { token: own });
  expect((await getUrl(`${renderedPath()}?token=${token}`)).status).toBe(401);

  // Bound to the account current when it was made.
  const other = await createTenant(suite.knex, { studies: 0, users: {} });
  await suite.knex('user_accounts').insert({ user_id: t.users.doctor!.id, account_id: other.accountId });
  const switching = await login(api, t.users.doctor!.username);
  await api('POST', '/auth/changeAccount', { token: switching, body: { accountId: t.accountId } });
  const bound = (await imageToken(switching)).token;
  expect((await getUrl(`${renderedPath()}?token=${bound}`)).status).toBe(200);
  await api('POST', '/auth/changeAccount', { token: switching, body: { accountId: other.accountId } });
  expect((await getUrl(`${renderedPath()}?token=${bound}`)).status).toBe(401);
  await suite.knex('user_accounts').where({ user_id: t.users.doctor!.id, account_id: other.accountId }).delete();

  const expiring = await login(api, t.users.doctor!.username);
  const hers = (await imageToken(expiring)).token;
  const sessionRow = await suite
    .knex('image_tokens as i')
    .join('sessions as s', 's.id', 'i.session_id')
    .where('i.token_hash', suite.knex.raw('encode(sha256(?::bytea), ?)', [hers, 'hex']))
    .first('s.id');
  await suite
    .knex('sessions')
    .where({ id: sessionRow.id })
    .update({ expires_at: new Date(Date.now() - 1000) });
  expect((await getUrl(`${renderedPath()}?token=${hers}`)).status).toBe(401);
});

it('is not given without a session, nor to an expired one', async () => {
  expect((await api('POST', '/auth/imageToken', {})).status).toBe(401);
  const expiring = await login(api, t.users.doctor!.username);
  await suite
    .knex('sessions')
    .where({ user_id: t.users.doctor!.id })
    .update({ expires_at: new Date(Date.now() - 1000) });
  const res = await api('POST', '/auth/imageToken', { token: expiring });
  expect([res.status, res.body.error.code]).toEqual([401, 'EXPIRED_TOKEN']);
});
