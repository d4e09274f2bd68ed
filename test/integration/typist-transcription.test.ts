/**
 * The typist's calls against the real platform (issue 17, spec 1 §4 states 22–25, decision
 * 023): the typist takes a narrated report, keeps a server draft while typing (only that
 * typist: not the narrating doctor, not another typist, not another tenant), reads the audio,
 * finishes into 'typed report'; the narrating doctor starts the typed review and finishes.
 */
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { encodeToneMp3 } from '../support/mp3';
import { loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite();
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 1,
    users: {
      doctor: DOCTOR_PERMISSIONS,
      typist: ['STUDIES_TRANSCRIBE_REPORTS'],
      typist2: ['STUDIES_TRANSCRIBE_REPORTS'],
    },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { typist: ['STUDIES_TRANSCRIBE_REPORTS'] } });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.typist! }));
});

const call = (who: string, method: string, path: string, body: unknown = {}) =>
  api(method, path, { token: tokens[who], body: method === 'GET' ? undefined : body });
const state = async (studyId: string): Promise<number> =>
  (await suite.knex('studies').where({ id: studyId }).first('laudo_state')).laudo_state;

it('typist: start, server draft while typing (only that typist), audio, finish; the doctor reviews the typed report', async () => {
  const id = t.studyIds[0]!;
  expect((await call('doctor', 'POST', `/studies/${id}/reports/start`)).status).toBe(200);
  const mp3 = encodeToneMp3(1);
  const sent = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
    method: 'POST',
    headers: { access_token: tokens.doctor!, 'content-type': 'audio/mpeg' },
    body: mp3,
  });
  expect(sent.status).toBe(200);
  expect(await state(id)).toBe(22);

  // No draft before the typist holds it.
  const early = await call('typist', 'PUT', `/studies/${id}/drafts`, { content: '<p>a</p>' });
  expect([early.status, early.body.error.code]).toEqual([409, 'REPORT_NOT_UPDATABLE']);

  const started = await call('typist', 'POST', `/studies/${id}/reports/associateReportTranscription`);
  expect(started.status).toBe(200);
  expect(started.body.report).toMatchObject({ state: 23, transcriptionistUserId: t.users.typist!.id });
  expect(started.body.report.allowedActions).toEqual(expect.arrayContaining(['saveDraft', 'finishTyping', 'cancelTyping']));
  // A second typist cannot take it.
  const taken = await call('typist2', 'POST', `/studies/${id}/reports/associateReportTranscription`);
  expect([taken.status, taken.body.error.code]).toEqual([409, 'TRANSCRIPTION_CANNOT_START']);

  // The typist reads the narration.
  const audio = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
    headers: { access_token: tokens.typist! },
  });
  expect(audio.status).toBe(200);
  expect(Buffer.from(await audio.arrayBuffer()).equals(mp3)).toBe(true);

  // The draft of the transcription: the typist's, nobody else's.
  const saved = await call('typist', 'PUT', `/studies/${id}/drafts`, { content: '<p>Fígado normal.</p>', revision: 0 });
  expect(saved.status).toBe(200);
  expect((await call('typist', 'GET', `/studies/${id}/drafts`)).body.draft.content).toBe('<p>Fígado normal.</p>');
  const byDoctor = await call('doctor', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' });
  expect(byDoctor.status).toBe(403);
  expect(byDoctor.body.error.code).toBe('FORBIDDEN_ACCESS');
  const byTypist2 = await call('typist2', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' });
  expect([byTypist2.status, byTypist2.body.error.code]).toEqual([409, 'REPORT_HELD_BY_OTHER_USER']);
  expect([403, 404]).toContain((await call('outsider', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' })).status);
  expect((await call('typist', 'GET', `/studies/${id}/drafts`)).body.draft.content).toBe('<p>Fígado normal.</p>');

  // Only that typist finishes; the report goes back to the narrating doctor as 'typed report'.
  expect(
    (await call('typist2', 'POST', `/studies/${id}/reports/finishReportTranscription`, { content: '<p>y</p>' })).status,
  ).toBe(409);
  const finished = await call('typist', 'POST', `/studies/${id}/reports/finishReportTranscription`, {
    content: '<p>Fígado normal. Vesícula normal.</p>',
  });
  expect(finished.status).toBe(200);
  expect(finished.body.report).toMatchObject({ state: 24, responsibleUserId: t.users.doctor!.id });
  expect(finished.body.report.allowedActions).not.toContain('saveDraft');
  const late = await call('typist', 'PUT', `/studies/${id}/drafts`, { content: '<p>late</p>' });
  expect([late.status, late.body.error.code]).toEqual([409, 'REPORT_NOT_UPDATABLE']);

  const review = await call('doctor', 'POST', `/studies/${id}/reports/associateTypingReview`);
  expect(review.status).toBe(200);
  expect(review.body.report.state).toBe(25);
  const content = await call('doctor', 'GET', `/studies/${id}/reports/content`);
  expect(content.body.laudoContent).toBe('<p>Fígado normal. Vesícula normal.</p>');
  const done = await call('doctor', 'POST', `/studies/${id}/reports/save`, {
    content: '<p>Fígado normal. Vesícula normal. Conclusão.</p>',
  });
  expect(done.status).toBe(200);
  expect(done.body.report.state).toBe(2);
});
