/**
 * The narrated-report upload (spec 2 §3, §9: audio/mpeg) against the real platform: an MP3 made
 * by the encoder the web app records with is accepted and the report goes to 22; a WAV or
 * garbage sent as audio/mpeg is refused with AUDIO_INVALID and the report stays a draft; the
 * recorder's resends of one upload (same Idempotency-Key) are answered as done, with one audio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { encodeToneMp3, silentWav } from '../support/mp3';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 4,
    users: {
      doctor: DOCTOR_PERMISSIONS,
      writer: DOCTOR_PERMISSIONS.filter((p) => p !== 'STUDIES_SAVE_NARRATED_REPORTS'),
    },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor! }));
});

function upload(studyId: string, who: string, body: Buffer, type = 'audio/mpeg', key?: string) {
  return fetch(`${suite.platform.url}/api/studies/${studyId}/narratedReport`, {
    method: 'POST',
    headers: { access_token: tokens[who]!, 'content-type': type, ...(key ? { 'idempotency-key': key } : {}) },
    body,
  });
}

const json = async (res: Response): Promise<any> => res.json();

async function state(studyId: string): Promise<number> {
  return (await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state;
}

async function start(studyId: string, who = 'doctor') {
  const res = await api('POST', `/studies/${studyId}/reports/start`, { token: tokens[who], body: {} });
  expect(res.status).toBe(200);
}

it('refuses a WAV, garbage and an empty body sent as audio/mpeg; the report stays a draft', async () => {
  const id = t.studyIds[0]!;
  await start(id);
  for (const body of [silentWav(), Buffer.from('ID3 not really an mp3 at all, just text'), Buffer.alloc(0)]) {
    const res = await upload(id, 'doctor', body);
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('AUDIO_INVALID');
  }
  const wrongType = await upload(id, 'doctor', encodeToneMp3(0.3), 'audio/wav');
  expect(wrongType.status).toBe(400);
  expect(await state(id)).toBe(1);
  const none = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
    headers: { access_token: tokens.doctor! },
  });
  expect(none.status).toBe(404);
});

it('accepts the encoder’s MP3: the report goes to 22 and the audio comes back as audio/mpeg', async () => {
  const id = t.studyIds[1]!;
  await start(id);
  const mp3 = encodeToneMp3(2);
  const res = await upload(id, 'doctor', mp3);
  expect(res.status).toBe(200);
  expect((await json(res)).report.state).toBe(22);
  expect(await state(id)).toBe(22);
  const back = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
    headers: { access_token: tokens.doctor! },
  });
  expect(back.headers.get('content-type')).toBe('audio/mpeg');
  expect(Buffer.from(await back.arrayBuffer()).equals(mp3)).toBe(true);
  // another tenant reaches neither the upload nor the audio
  const foreign = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
    headers: { access_token: tokens.outsider! },
  });
  expect([403, 404]).toContain(foreign.status);
});

it('needs STUDIES_SAVE_NARRATED_REPORTS, and another tenant cannot narrate', async () => {
  const id = t.studyIds[2]!;
  await start(id, 'writer');
  const denied = await upload(id, 'writer', encodeToneMp3(0.3));
  expect(denied.status).toBe(403);
  expect((await json(denied)).error.code).toBe('FORBIDDEN_ACCESS');
  const foreign = await upload(id, 'outsider', encodeToneMp3(0.3));
  expect([403, 404]).toContain(foreign.status);
  expect(await state(id)).toBe(1);
});

it('answers resends of one upload (same Idempotency-Key) as done, and keeps one audio', async () => {
  const id = t.studyIds[3]!;
  await start(id);
  const mp3 = encodeToneMp3(1);
  const key = 'narrate-resend-0001';
  // The recorder resends an answer lost to a 503 while its first attempt may still be running.
  const both = await Promise.all([upload(id, 'doctor', mp3, 'audio/mpeg', key), upload(id, 'doctor', mp3, 'audio/mpeg', key)]);
  for (const res of both) {
    expect(res.status).toBe(200);
    expect((await json(res)).report.state).toBe(22);
  }
  // After it went through, the same intent is answered with the report, not refused from 22.
  const again = await upload(id, 'doctor', mp3, 'audio/mpeg', key);
  expect(again.status).toBe(200);
  expect((await json(again)).report.state).toBe(22);
  // A new intent on the narrated report is still refused.
  const other = await upload(id, 'doctor', mp3, 'audio/mpeg', 'narrate-resend-0002');
  expect(other.status).not.toBe(200);
  const { laudo_id: laudoId } = await suite.knex('studies').where({ id }).first('laudo_id');
  const dir = path.join(suite.config.DATA_DIR, 'objects', 'accounts', t.accountId, 'laudos', laudoId, 'audio');
  expect(fs.readdirSync(dir)).toHaveLength(1);
  const back = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
    headers: { access_token: tokens.doctor! },
  });
  expect(Buffer.from(await back.arrayBuffer()).equals(mp3)).toBe(true);
});
