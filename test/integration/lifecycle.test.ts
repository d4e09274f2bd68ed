/**
 * The report lifecycle over HTTP with different logged-in users, against the real Temporal
 * dev server, PostgreSQL and the broker: after each step the projection and the live MQTT
 * document are checked; conflicting concurrent actions let exactly one win.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { isNotOlder } from '../../domain/live/study-document';
import { eventually } from '../support/eventually';
import { encodeToneMp3 } from '../support/mp3';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { actAs, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const DOCTOR = DOCTOR_PERMISSIONS;

const suite = platformSuite({
  beforeStop: async () => {
    await watcher?.endAsync();
  },
});
const api = suite.api;
let t: Tenant;
let other: Tenant;
const tokens: Record<string, string> = {};
let watcher: MqttClient;
/** Latest live document per study, as the watcher received it. */
const live = new Map<string, any>();

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 16,
    users: {
      doctor: DOCTOR,
      colleague: DOCTOR,
      reviewer: [...DOCTOR, 'REPORTS_REVIEW'],
      reviewer2: [...DOCTOR, 'REPORTS_REVIEW'],
      typist: ['STUDIES_TRANSCRIBE_REPORTS'],
      nobody: ['STUDIES_RETRIEVE_REPORTS'],
    },
  });
  other = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR } });
  Object.assign(tokens, await loginTokens(api, { ...t.users, outsider: other.users.doctor! }));
  watcher = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.nobody!,
    reconnectPeriod: 0,
  });
  watcher.on('message', (_topic, payload) => {
    const doc = JSON.parse(payload.toString());
    if (isNotOlder(doc, live.get(doc.studyId))) live.set(doc.studyId, doc);
  });
  await watcher.subscribeAsync(`laudos/accounts/${t.accountId}/institutions/${t.institutionId}/studies/+`, { qos: 1 });
});

const study = (n: number) => t.studyIds[n]!;

const act = actAs(api, tokens);

/** Projection and live document both show `state` (and the live document's snapshot agrees). */
async function expectState(studyId: string, state: number, extra: Record<string, unknown> = {}) {
  const row = await suite
    .knex('studies as s')
    .join('laudos as l', 'l.id', 's.laudo_id')
    .where('s.id', studyId)
    .first('s.laudo_state', 'l.*');
  expect(row.laudo_state).toBe(state);
  expect(row.state).toBe(state);
  const doc = await eventually(
    () => live.get(studyId),
    (d) => d?.laudoId === row.id && d?.seq === row.seq,
    {
      what: `live document seq ${row.seq} of ${studyId}`,
    },
  );
  expect(doc.laudoState).toBe(state);
  expect(doc.report).toMatchObject({ state, ...extra });
  return row;
}

describe('review path', () => {
  it('start → save → request review → two reviewers race, one wins → finish review', async () => {
    const id = study(0);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await expectState(id, 1, { userId: t.users.doctor!.id });
    const saved = await act('doctor', 'POST', `/studies/${id}/reports/save`, {
      content: '<p>Pulmões limpos.</p>',
      finish: false,
    });
    expect(saved.report).toMatchObject({ state: 1, contentEmpty: false });
    await act('doctor', 'POST', `/studies/${id}/reports/requestReview`);
    await expectState(id, 11);
    // The author cannot review their own report.
    const own = await act('doctor', 'POST', `/studies/${id}/reports/associateReview`, {}, 403);
    expect(own.error.code).toBe('FORBIDDEN_ACCESS');
    const race = await Promise.all([
      api('POST', `/studies/${id}/reports/associateReview`, { token: tokens.reviewer, body: {} }),
      api('POST', `/studies/${id}/reports/associateReview`, { token: tokens.reviewer2, body: {} }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = race.find((r) => r.status === 409)!;
    expect(loser.body.error).toEqual({ code: 'REVIEW_CANNOT_START', description: 'Impossível iniciar a revisão' });
    const winner = race[0]!.status === 200 ? 'reviewer' : 'reviewer2';
    const row = await expectState(id, 12, { reviewUserId: t.users[winner]!.id, responsibleUserId: t.users[winner]!.id });
    // Only the responsible reviewer writes now; the author's draft is refused.
    await act('doctor', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' }, 403);
    await act(winner, 'PUT', `/studies/${id}/drafts`, { reviewContent: '<p>Revisão em andamento</p>' });
    await act(winner, 'POST', `/studies/${id}/reports/review`, { content: '<p>Pulmões limpos. Revisado.</p>' });
    await expectState(id, 2);
    const versions = (await act('nobody', 'GET', `/studies/${id}/reports`)).versions;
    expect(versions).toEqual([
      expect.objectContaining({
        version: 1,
        status: 'FINISHED',
        user: { name: t.users.doctor!.name },
        userReview: { name: t.users[winner]!.name },
      }),
    ]);
    const content = await act('doctor', 'GET', `/studies/${id}/reports/content`);
    expect(content).toMatchObject({ laudoContent: '<p>Pulmões limpos.</p>', reviewContent: '<p>Pulmões limpos. Revisado.</p>' });
    const audit = await suite.knex('audit_log').where({ laudo_id: row.id }).orderBy('id').pluck('action');
    expect(audit).toEqual(['laudo.start', 'laudo.save', 'laudo.requestReview', 'laudo.startReview', 'laudo.finishReview']);
  });
});

describe('second opinion', () => {
  it('request (not empty, not to oneself) → only the assigned doctor gives it → include', async () => {
    const id = study(1);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    const empty = await act(
      'doctor',
      'POST',
      `/studies/${id}/reports-opinion/request`,
      { laudoOpinionUserId: t.users.colleague!.id, description: 'Avaliar' },
      409,
    );
    expect(empty.error.description).toBe('Não é possível efetuar a operação pois o laudo está vazio');
    await act('doctor', 'POST', `/studies/${id}/reports-opinion/request`, {
      laudoOpinionUserId: t.users.colleague!.id,
      description: 'Avaliar nódulo no lobo superior',
      laudoContent: '<p>Nódulo de 8 mm.</p>',
    });
    await expectState(id, 4, { opinionUserId: t.users.colleague!.id });
    const again = await act(
      'doctor',
      'POST',
      `/studies/${id}/reports-opinion/request`,
      { laudoOpinionUserId: t.users.reviewer!.id, description: 'Outra' },
      409,
    );
    expect(again.error.description).toBe('Você já solicitou uma segunda opinião!');
    await act('reviewer', 'PUT', `/studies/${id}/reports-opinion`, { status: 1, description: 'Concordo' }, 409);
    const noConclusion = await act(
      'colleague',
      'PUT',
      `/studies/${id}/reports-opinion`,
      { description: 'Concordo plenamente' },
      400,
    );
    expect(noConclusion.error.description).toBe('Escolha uma conclusão');
    const short = await act('colleague', 'PUT', `/studies/${id}/reports-opinion`, { status: 2, description: 'ok' }, 400);
    expect(short.error.description).toBe('Necessário no mínimo 3 caracteres');
    await act('colleague', 'PUT', `/studies/${id}/reports-opinion`, { status: 2, description: 'Sugiro correlação com TC' });
    await expectState(id, 5, { opinionStatus: 2 });
    await act('doctor', 'POST', `/studies/${id}/reports-opinion/accept`);
    await expectState(id, 1, { hasOpinionSignature: true });
    const { opinions } = await act('doctor', 'GET', `/studies/${id}/reports-opinion`);
    expect(opinions).toEqual([
      expect.objectContaining({
        status: 2,
        conclusion: 'Discordar, gera impacto clínico',
        description: 'Sugiro correlação com TC',
        outcome: 'accepted',
      }),
    ]);
  });

  it('cancel by the author, then request again and ignore', async () => {
    const id = study(2);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports-opinion/request`, {
      laudoOpinionUserId: t.users.colleague!.id,
      description: 'Avaliar',
      laudoContent: '<p>Texto</p>',
    });
    await act('colleague', 'POST', `/studies/${id}/reports-opinion/cancelSecondOpinion`, {}, 409);
    await act('doctor', 'POST', `/studies/${id}/reports-opinion/cancelSecondOpinion`);
    await expectState(id, 1);
    await act('doctor', 'POST', `/studies/${id}/reports-opinion/request`, {
      laudoOpinionUserId: t.users.colleague!.id,
      description: 'De novo',
    });
    await act('colleague', 'PUT', `/studies/${id}/reports-opinion`, { status: 1, description: 'Concordo' });
    await act('doctor', 'POST', `/studies/${id}/reports-opinion/refusing`);
    await expectState(id, 1, { hasOpinionSignature: false });
    const outcomes = await suite
      .knex('laudo_opinions as o')
      .join('studies as s', 's.laudo_id', 'o.laudo_id')
      .where('s.id', id)
      .orderBy('o.created_at')
      .pluck('o.outcome');
    expect(outcomes).toEqual(['cancelled', 'ignored']);
  });
});

describe('narration', () => {
  it('narrate (audio stored) → typist types → typed review → finish', async () => {
    const id = study(3);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    const audio = encodeToneMp3(0.5);
    const narrated = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
      method: 'POST',
      headers: { access_token: tokens.doctor!, 'content-type': 'audio/mpeg' },
      body: audio,
    });
    expect(narrated.status).toBe(200);
    await expectState(id, 22);
    const back = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
      headers: { access_token: tokens.typist! },
    });
    expect(Buffer.from(await back.arrayBuffer())).toEqual(audio);
    const wrongType = await fetch(`${suite.platform.url}/api/studies/${id}/narratedReport`, {
      method: 'POST',
      headers: { access_token: tokens.doctor!, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(wrongType.status).toBe(400);
    await act('typist', 'POST', `/studies/${id}/reports/associateReportTranscription`);
    await expectState(id, 23, { transcriptionistUserId: t.users.typist!.id });
    // The typist may give the audio back (cancelReportTranscription), then take it again.
    await act('doctor', 'POST', `/studies/${id}/reports/cancelReportTranscription`, {}, 403);
    await act('typist', 'POST', `/studies/${id}/reports/cancelReportTranscription`);
    await expectState(id, 22, { transcriptionistUserId: null });
    await act('typist', 'POST', `/studies/${id}/reports/associateReportTranscription`);
    await expectState(id, 23, { transcriptionistUserId: t.users.typist!.id });
    await act('doctor', 'POST', `/studies/${id}/reports/finishReportTranscription`, { content: '<p>x</p>' }, 403);
    await act('typist', 'POST', `/studies/${id}/reports/finishReportTranscription`, {
      content: '<p>Texto digitado do áudio.</p>',
    });
    await expectState(id, 24, { responsibleUserId: t.users.doctor!.id });
    // Not the narrating doctor: the state is right, the person is not (the dialog's title is
    // 'Impossível iniciar revisão de laudo digitado'; the description says why).
    const typedReview = await act('colleague', 'POST', `/studies/${id}/reports/associateTypingReview`, {}, 409);
    expect(typedReview.error).toEqual({
      code: 'REPORT_HELD_BY_OTHER_USER',
      description: 'Este laudo está com outro usuário: somente o responsável por ele pode fazer esta operação',
    });
    await act('doctor', 'POST', `/studies/${id}/reports/associateTypingReview`);
    await expectState(id, 25);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Texto digitado e revisado.</p>' });
    await expectState(id, 2);
    const [v] = (await act('doctor', 'GET', `/studies/${id}/reports`)).versions;
    expect(v.laudoAudio).toEqual({ userNameAudio: t.users.doctor!.name });
  });
});

describe('reopen', () => {
  it('needs a reason; archives the version as cancelled with it; the new version starts from its text', async () => {
    const id = study(4);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Primeira versão.</p>' });
    await expectState(id, 2);
    const noReason = await act('doctor', 'POST', `/studies/${id}/reports/reopen`, {}, 400);
    expect(noReason.error.code).toBe('REOPEN_REASON_REQUIRED');
    const other = await act('doctor', 'POST', `/studies/${id}/reports/reopen`, { motive: 'OTHER' }, 400);
    expect(other.error.code).toBe('MIN_3_CHARS');
    await act('typist', 'POST', `/studies/${id}/reports/reopen`, { motive: 'GRAMMAR_ERROR' }, 403);
    const reopened = await act('colleague', 'POST', `/studies/${id}/reports/reopen`, {
      motive: 'OTHER',
      open: 'Lateralidade trocada',
    });
    expect(reopened.report).toMatchObject({ state: 1, version: 2, userId: t.users.colleague!.id });
    await expectState(id, 1, { version: 2 });
    const versions = (await act('doctor', 'GET', `/studies/${id}/reports`)).versions;
    expect(versions.map((v: any) => [v.version, v.status])).toEqual([
      [2, 'IN_PROGRESS'],
      [1, 'CANCELLED'],
    ]);
    expect(versions[1].justification).toEqual({ motive: 'OTHER', text: 'Lateralidade trocada' });
    expect((await act('colleague', 'GET', `/studies/${id}/reports/content`)).laudoContent).toBe('<p>Primeira versão.</p>');
    // Archived versions forbid returning to not started.
    await act('colleague', 'POST', `/studies/${id}/reports/returnReportToNotStarted`, {}, 409);
  });
});

describe('association', () => {
  it('associates studies of the same patient and modality, then disassociates this study and all', async () => {
    const [a, b, c] = [study(5), study(6), study(7)];
    await act('doctor', 'POST', `/studies/${a}/reports/start`);
    const joined = await act('doctor', 'POST', `/studies/${a}/reports/associate`, { studiesIdsAssociation: [b, c] });
    expect(joined.report.studyIds).toEqual([a, b, c]);
    const laudoA = (await suite.knex('studies').where({ id: a }).first('laudo_id')).laudo_id;
    expect(await suite.knex('studies').whereIn('id', [a, b, c]).pluck('laudo_id')).toEqual([laudoA, laudoA, laudoA]);
    await expectState(b, 1);
    // Another tenant's study never joins.
    await act('doctor', 'POST', `/studies/${a}/reports/associate`, { studiesIdsAssociation: [other.studyIds[0]] }, 409);
    // 'This study' from b: b gets a new report, not started.
    await act('doctor', 'POST', `/studies/${b}/reports/disassociateMultipleReports`, { all: false });
    await expectState(b, 0);
    expect((await suite.knex('studies').where({ id: b }).first('laudo_id')).laudo_id).not.toBe(laudoA);
    await act('doctor', 'POST', `/studies/${a}/reports/disassociateMultipleReports`, { all: true });
    await expectState(c, 0);
    expect((await suite.knex('laudos').where({ id: laudoA }).first('snapshot')).snapshot.studyIds).toEqual([a]);
  });
});

describe('doctor lists for the dialogs', () => {
  it('lists who may take the report (without its doctor) and who may give an opinion (without the caller)', async () => {
    const id = study(1); // started by the doctor in the opinion test or here
    const res = await act('doctor', 'GET', `/studies/${id}/doctors?purpose=changeDoctor`);
    const names = res.doctors.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining([t.users.colleague!.name, t.users.reviewer!.name]));
    expect(names).not.toContain(t.users.typist!.name);
    const opinion = await act('doctor', 'GET', `/studies/${id}/doctors?purpose=opinion`);
    const ids = opinion.doctors.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(t.users.doctor!.id);
    expect(ids).toContain(t.users.colleague!.id);
    await act('outsider', 'GET', `/studies/${id}/doctors`, undefined, 404);
  });
});

describe('the right state, the wrong person', () => {
  it("says the report is someone else's (in each language), not that it does not exist", async () => {
    const id = study(13);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Primeira versão.</p>' });
    // The colleague reopens: the report is theirs now; the first doctor's save is refused as such.
    await act('colleague', 'POST', `/studies/${id}/reports/reopen`, { motive: 'GRAMMAR_ERROR' });
    const said: Record<string, unknown> = {};
    for (const lang of ['pt-BR', 'en', 'es']) {
      const res = await api('POST', `/studies/${id}/reports/save`, {
        token: tokens.doctor,
        body: { content: '<p>Minha versão.</p>', finish: false },
        headers: { 'accept-language': lang },
      });
      said[lang] = { status: res.status, ...res.body.error };
    }
    expect(said).toEqual({
      'pt-BR': {
        status: 409,
        code: 'REPORT_HELD_BY_OTHER_USER',
        description: 'Este laudo está com outro usuário: somente o responsável por ele pode fazer esta operação',
      },
      en: {
        status: 409,
        code: 'REPORT_HELD_BY_OTHER_USER',
        description: 'This report is with another user: only the user responsible for it can do this',
      },
      es: {
        status: 409,
        code: 'REPORT_HELD_BY_OTHER_USER',
        description: 'Este informe está con otro usuario: solo su responsable puede realizar esta operación',
      },
    });
    // A report that is finished is another matter: the state is wrong, and the message says that.
    await act('colleague', 'POST', `/studies/${id}/reports/save`, { content: '<p>Segunda versão.</p>' });
    const finished = await act('colleague', 'POST', `/studies/${id}/reports/save`, { content: '<p>x</p>', finish: false }, 409);
    expect(finished.error.code).toBe('REPORT_NOT_UPDATABLE');
  });

  it('the author cannot review their report; only the doctor asked gives the second opinion', async () => {
    const id = study(14);
    await act('reviewer', 'POST', `/studies/${id}/reports/start`);
    await act('reviewer', 'POST', `/studies/${id}/reports/requestReview`, { content: '<p>Texto</p>' });
    const own = await act('reviewer', 'POST', `/studies/${id}/reports/associateReview`, {}, 409);
    expect(own.error).toEqual({ code: 'REVIEW_OF_OWN_REPORT', description: 'O autor do laudo não pode revisá-lo' });
    await act('reviewer', 'POST', `/studies/${id}/reports/cancelReview`);
    await act('reviewer', 'POST', `/studies/${id}/reports-opinion/request`, {
      laudoOpinionUserId: t.users.colleague!.id,
      description: 'Avaliar',
    });
    const notAsked = await act('doctor', 'PUT', `/studies/${id}/reports-opinion`, { status: 1, description: 'Concordo' }, 409);
    expect(notAsked.error).toEqual({
      code: 'OPINION_FOR_OTHER_DOCTOR',
      description: 'A segunda opinião foi solicitada a outro médico',
    });
  });
});

describe('idempotency', () => {
  it('answers a retried request (same Idempotency-Key) with the report, once, even after a new version', async () => {
    const id = study(11);
    const send = (path: string, key: string, body: unknown = {}) =>
      api('POST', path, { token: tokens.doctor, body, headers: { 'idempotency-key': key } });
    const first = await send(`/studies/${id}/reports/start`, 'start-key-0001');
    const again = await send(`/studies/${id}/reports/start`, 'start-key-0001');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.report).toMatchObject({ state: 1, version: 1 });
    await send(`/studies/${id}/reports/save`, 'finish-key-0001', { content: '<p>Texto.</p>' });
    const reopen = await send(`/studies/${id}/reports/reopen`, 'reopen-key-0001', { motive: 'GRAMMAR_ERROR' });
    const reopenAgain = await send(`/studies/${id}/reports/reopen`, 'reopen-key-0001', { motive: 'GRAMMAR_ERROR' });
    expect([reopen.status, reopenAgain.status]).toEqual([200, 200]);
    expect(reopenAgain.body.report).toMatchObject({ state: 1, version: 2 });
    const laudoId = reopen.body.report.laudoId;
    const actions = await suite.knex('audit_log').where({ laudo_id: laudoId }).orderBy('id').pluck('action');
    expect(actions).toEqual(['laudo.start', 'laudo.finish', 'laudo.reopen']);
    // A new key is a new request, refused by the rules.
    expect((await send(`/studies/${id}/reports/start`, 'start-key-0002')).status).toBe(409);
  });
});

describe('other actions', () => {
  it('return to not started, change doctor, model switch, sign refused honestly, platform states', async () => {
    const id = study(8);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/returnReportToNotStarted`);
    await expectState(id, 0, { userId: null });
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    const noDoctor = await act('doctor', 'POST', `/studies/${id}/reports/changeDoctor`, {}, 400);
    expect(noDoctor.error.description).toBe('Nenhum médico selecionado!');
    await act('doctor', 'POST', `/studies/${id}/reports/changeDoctor`, { performingPhysician: t.users.typist!.id }, 409);
    await act('doctor', 'POST', `/studies/${id}/reports/changeDoctor`, { performingPhysician: t.users.colleague!.id });
    await expectState(id, 1, { userId: t.users.colleague!.id, doctorName: t.users.colleague!.name });
    // CT studies cannot take OIT (CR/DR/DX) nor SISMAMA; an unknown model changes nothing.
    const oit = await act('colleague', 'POST', `/studies/${id}/reports/start?change=true`, { structuredType: 'OIT' }, 403);
    expect(oit.error.code).toBe('FORBIDDEN_ACCESS');
    await act('colleague', 'POST', `/studies/${id}/reports/start?change=true`, { structuredType: 'XYZ' });
    await act('colleague', 'POST', `/studies/${id}/reports/save`, { content: '<p>Concluído.</p>' });
    const sign = await act('colleague', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: 'secret' }, 400);
    expect(sign.error.description).toBe('Não há certificado A1 cadastrado para o Médico');
    // A personalKeyId naming no stored certificate is no certificate.
    await suite.knex('users').where({ id: t.users.colleague!.id }).update({ personal_key_id: 'key-1' });
    const dangling = await act('colleague', 'POST', `/studies/${id}/reports/sign`, { personalKeyPassword: 'secret' }, 400);
    expect(dangling.error.code).toBe('NO_A1_CERTIFICATE');
    await expectState(id, 2);

    const auto = study(9);
    await act('doctor', 'POST', `/studies/${auto}/reports/autoConclude`, {}, 403);
    await suite
      .knex('user_accounts')
      .where({ user_id: t.users.colleague!.id, account_id: t.accountId })
      .update({ is_admin: true });
    await act('colleague', 'POST', `/studies/${auto}/reports/autoConclude`);
    await expectState(auto, 20);
    await act('colleague', 'POST', `/studies/${study(10)}/reports/external`);
    await expectState(study(10), 21);
  });

  it("refuses another tenant's report actions with 404 and drafts from anyone but the editor", async () => {
    const id = study(12);
    await act('outsider', 'POST', `/studies/${id}/reports/start`, {}, 404);
    await act('outsider', 'GET', `/studies/${id}/reports`, undefined, 404);
    await act('outsider', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' }, 404);
    await act('doctor', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' }, 409); // not started
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('colleague', 'PUT', `/studies/${id}/drafts`, { content: '<p>x</p>' }, 409);
    await act('doctor', 'PUT', `/studies/${id}/drafts`, { content: '<p>Rascunho</p>' });
    expect((await act('doctor', 'GET', `/studies/${id}/drafts`)).draft).toMatchObject({ content: '<p>Rascunho</p>' });
    expect(await suite.knex('audit_log').whereRaw('detail::text like ?', ['%Rascunho%']).first()).toBeUndefined();
  });

  it('counts draft revisions: a save on a stale revision is refused, the live document tells the revision', async () => {
    const id = study(15);
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    const first = await act('doctor', 'PUT', `/studies/${id}/drafts`, { content: '<p>aba A</p>', revision: 0, writer: 'tab-a' });
    expect(first.draft).toMatchObject({ revision: 1, writer: 'tab-a' });
    const stale = await api('PUT', `/studies/${id}/drafts`, {
      token: tokens.doctor,
      body: { content: '<p>aba B</p>', revision: 0, writer: 'tab-b' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: { code: 'DRAFT_CONFLICT', description: 'O rascunho foi alterado em outra aba ou janela' },
    });
    expect((await act('doctor', 'GET', `/studies/${id}/drafts`)).draft).toMatchObject({ content: '<p>aba A</p>', revision: 1 });
    await eventually(
      () => live.get(id),
      (d) => d?.draftRevision === 1 && d?.draftWriter === 'tab-a',
      { what: 'draft revision 1 in the live document' },
    );

    // Two saves on the same revision at once: exactly one wins.
    const racing = await Promise.all(
      ['x', 'y'].map((w) =>
        api('PUT', `/studies/${id}/drafts`, { token: tokens.doctor, body: { content: `<p>${w}</p>`, revision: 1, writer: w } }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = racing.find((r) => r.status === 200)!.body.draft;
    expect(winner.revision).toBe(2);
    // Without a revision (older clients) the save still goes through, counted.
    expect((await act('doctor', 'PUT', `/studies/${id}/drafts`, { content: '<p>sem revisão</p>' })).draft.revision).toBe(3);
  });
});
