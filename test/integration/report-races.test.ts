/**
 * One truth under concurrent actions on one report (issue 12): rounds of 20 conflicting
 * requests sent at once against the real platform (Temporal dev server, PostgreSQL, broker),
 * one round after the other. After every round:
 *
 * - the answers: the round's winners answer 2xx, everyone else 409 with the spec's message,
 *   never 5xx;
 * - the workflow's `state` query, the laudos row, the studies row, the study list item
 *   (GET /studies) and the retained MQTT document (a fresh subscription, as the web gets it
 *   on opening the list) all name the same state, executor and transition number;
 * - the audit log holds exactly the round's winning requests (matched by Idempotency-Key,
 *   which the Update id carries), by the winner's user; a winner sent again with its key is
 *   answered from its first attempt and writes nothing.
 *
 * "Exactly one 2xx", per kind of round:
 * - start/start: 20 starts of a never-started report by three doctors (the workflow is
 *   created by the race: update-with-start), one wins, 19 × 409 REPORT_CANNOT_START.
 * - reopen/reopen: 20 reopens of a finished report, half by its executor (silva), half by
 *   the account admin (ana): one wins and becomes the executor, 19 × 409 REOPEN_FAILED.
 * - save/finish: the executor sends 10 saves and 10 finishes of the report in progress at
 *   once: exactly one finish wins; a save answered 2xx must have been applied before that
 *   finish (its audit seq is lower), every other request is 409 REPORT_NOT_UPDATABLE.
 * - sign/sign: 20 signatures of the finished report by its executor with his A1: one wins,
 *   19 × 409 SIGN_FAILED, and the winner's PDF is the version's document.
 *
 * The main rounds go through one api as deployed (REPORT_UPDATES_IN_FLIGHT: a few Updates
 * of a report in flight at once, the others wait their turn and are mostly refused by the
 * pre-check); the four races run side by side, each on its own reports, each one's rounds in
 * sequence. The "beyond Temporal's limit" rounds go through a second api replica that
 * sends all 20 at once, as several replicas would: more Updates than the 10 Temporal admits
 * per workflow, some throttled, and workflow tasks lost and tried again — the conditions the
 * tester met (500s, and a reopen the workflow gave to ana.admin while the projection kept
 * dr.silva).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import mqtt, { type MqttClient } from 'mqtt';
import { studyTopic } from '../../domain/live/study-document';
import { type TestPki, makeTestPki } from '../../documents/testing/test-pki';
import { type LaudoRecord, laudoWorkflowId, stateQuery } from '../../workflows/laudo/messages';
import { testEnv } from '../setup/env';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { apiClient, startTestPlatform } from '../support/platform';
import { loginTokens, platformSuite } from '../support/suite';

/** Rounds per race: 40 in `npm test` (RACE_ROUNDS=100 for the long run). */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 40);
const PARALLEL = 20;
/** Rounds of each kind sent all at once through the replica (beyond Temporal's 10 in flight). */
const BURST_ROUNDS = 8;
const BURST_START_ROUNDS = 4;

jest.setTimeout(15 * 60_000);

// Both replicas open the A1 certificates with the same key.
const CERTIFICATE_KEY = randomBytes(32).toString('hex');
const suite = platformSuite({
  overrides: { CERTIFICATE_KEY },
  beforeStop: async () => {
    await watcher?.endAsync();
    await connection?.close();
    await replica?.platform.stop();
    await replica?.knex.destroy();
  },
});
const api = suite.api;
/** A second api replica on the same database and task queue (its Updates reach the same workflows). */
let replica: Awaited<ReturnType<typeof startTestPlatform>>;
let replicaApi: ReturnType<typeof apiClient>;
let t: Tenant;
let pki: TestPki;
let watcher: MqttClient;
let connection: Connection;
let temporal: Client;
const tokens: Record<string, string> = {};

type Who = 'silva' | 'ana' | 'costa';

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: STUDIES.count(),
    users: {
      silva: DOCTOR_PERMISSIONS,
      ana: DOCTOR_PERMISSIONS,
      costa: DOCTOR_PERMISSIONS,
      viewer: ['STUDIES_RETRIEVE_REPORTS'],
    },
  });
  await suite.knex('user_accounts').where({ user_id: t.users.ana!.id, account_id: t.accountId }).update({ is_admin: true });
  // dr. Silva's own A1: its ICP-Brasil CPF is his (issue 12's holder check).
  pki = makeTestPki({ name: 'Dr. Silva', cpf: t.users.silva!.cpf });
  // The replica sends every request at once, as several replicas would: the workflow sees
  // more Updates in flight than Temporal admits (10), some throttled.
  replica = await startTestPlatform(
    { TEMPORAL_TASK_QUEUE: suite.config.TEMPORAL_TASK_QUEUE, CERTIFICATE_KEY, REPORT_UPDATES_IN_FLIGHT: String(PARALLEL) },
    { worker: false },
  );
  replicaApi = apiClient(replica.platform.url);
  Object.assign(tokens, await loginTokens(api, t.users));
  const upload = await api('POST', '/digitalSignature/upload', {
    token: tokens.silva,
    body: { file: pki.p12.toString('base64'), password: pki.password },
  });
  expect(upload.status).toBe(200);
  connection = await Connection.connect({ address: testEnv('temporalAddress') });
  temporal = new Client({ connection });
  watcher = await mqtt.connectAsync(`${suite.platform.url.replace('http', 'ws')}/mqtt`, {
    username: 's',
    password: tokens.viewer!,
    reconnectPeriod: 0,
  });
});

// ---------------------------------------------------------------------------------------
// Sending and measuring.

interface Request {
  who: Who;
  path: string;
  body: unknown;
  /** What the request is, for the round's rule (save or finish on the same route). */
  label: string;
}
interface Answer {
  request: Request;
  who: Who;
  label: string;
  key: string;
  status: number;
  /** The answer's body. */
  body: any;
  ms: number;
}

const figures = new Map<string, { rounds: number; ok: number; conflict: number; server: number; other: number; ms: number[] }>();

function tally(kind: string, answers: Answer[]): void {
  const f = figures.get(kind) ?? { rounds: 0, ok: 0, conflict: 0, server: 0, other: 0, ms: [] };
  f.rounds++;
  for (const a of answers) {
    if (a.status >= 200 && a.status < 300) f.ok++;
    else if (a.status === 409) f.conflict++;
    else if (a.status >= 500) f.server++;
    else f.other++;
    f.ms.push(a.ms);
  }
  figures.set(kind, f);
}

/** Where the rounds send their requests: the deployed api, or the replica that sends them all at once. */
let target: 'api' | 'replica' = 'api';

async function send(studyId: string, r: Request, key = `race-${randomUUID()}`): Promise<Answer> {
  const t0 = performance.now();
  const res = await (target === 'api' ? api : replicaApi)('POST', `/studies/${studyId}/reports/${r.path}`, {
    token: tokens[r.who],
    body: r.body,
    headers: { 'idempotency-key': key },
  });
  return { request: r, who: r.who, label: r.label, key, status: res.status, body: res.body, ms: performance.now() - t0 };
}

/** One request, expected to pass (the steps between rounds). */
async function step(studyId: string, who: Who, path: string, body: unknown = {}): Promise<void> {
  const a = await send(studyId, { who, path, body, label: path });
  if (a.status !== 200) throw new Error(`${path} by ${who}: ${a.status} ${JSON.stringify(a.body)}`);
}

/** All requests at once. */
const race = (studyId: string, requests: Request[]) => Promise.all(requests.map((r) => send(studyId, r)));

// ---------------------------------------------------------------------------------------
// One truth.

const laudoOf = async (studyId: string): Promise<string> =>
  (await suite.knex('studies').where({ id: studyId }).first('laudo_id')).laudo_id;

/** The retained document of the study's topic, as a fresh subscriber receives it. */
async function retained(studyId: string): Promise<any> {
  const topic = studyTopic(t.accountId, t.institutionId, studyId);
  const got = new Promise<any>((resolve) => {
    const onMessage = (from: string, payload: Buffer, packet: { retain?: boolean }) => {
      if (from !== topic || !packet.retain) return;
      watcher.off('message', onMessage);
      resolve(JSON.parse(payload.toString()));
    };
    watcher.on('message', onMessage);
  });
  await watcher.subscribeAsync(topic, { qos: 1 });
  // The bound's timer is cleared once the document is in: left running, it held the jest worker
  // up to 5 s after the file ended (jest's "worker failed to exit gracefully").
  let bound: NodeJS.Timeout | undefined;
  const doc = await Promise.race([got, new Promise((r) => (bound = setTimeout(() => r(null), 5_000)))]);
  clearTimeout(bound);
  await watcher.unsubscribeAsync(topic);
  return doc;
}

interface Truth {
  state: number;
  version: number;
  seq: number;
  userId: string | null;
  responsibleUserId: string | null;
  doctorName: string | null;
}

/** What each of the five places says about the report. */
async function views(studyId: string): Promise<Record<string, Partial<Truth>>> {
  const laudoId = await laudoOf(studyId);
  const study = await suite.knex('studies').where({ id: studyId }).first('laudo_state', 'laudo_user_id', 'accession_number');
  const [wf, row, list, doc]: [LaudoRecord, any, any, any] = await Promise.all([
    temporal.workflow.getHandle(laudoWorkflowId(laudoId)).query(stateQuery),
    suite.knex('laudos').where({ id: laudoId }).first(),
    api('GET', `/studies?q=${encodeURIComponent(study.accession_number)}&pageSize=100`, { token: tokens.viewer }),
    retained(studyId),
  ]);
  const item = list.body.studies.find((s: { id: string }) => s.id === studyId);
  return {
    workflow: {
      state: wf.state,
      version: wf.version,
      seq: wf.seq,
      userId: wf.userId,
      responsibleUserId: wf.responsibleUserId,
      doctorName: wf.doctorName,
    },
    laudos: {
      state: row.state,
      version: row.version,
      seq: row.seq,
      userId: row.user_id,
      responsibleUserId: row.responsible_user_id,
      doctorName: row.doctor_name,
    },
    studies: { state: study.laudo_state, userId: study.laudo_user_id },
    list: { state: item?.laudoState, userId: item?.laudoUserId, doctorName: item?.doctorName },
    live: {
      state: doc?.laudoState,
      seq: doc?.seq,
      userId: doc?.laudoUserId,
      doctorName: doc?.doctorName,
      responsibleUserId: doc?.report?.responsibleUserId,
      version: doc?.report?.version,
    },
  };
}

/** Every place agrees with the workflow (each compared on the fields it shows). */
async function expectOneTruth(kind: string, round: number, studyId: string): Promise<Truth> {
  const v = await views(studyId);
  const truth = v.workflow as Truth;
  const expected = Object.fromEntries(
    Object.entries(v).map(([place, shown]) => [
      place,
      Object.fromEntries(Object.keys(shown).map((k) => [k, truth[k as keyof Truth]])),
    ]),
  );
  expect({ kind, round, ...v }).toEqual({ kind, round, ...expected });
  return truth;
}

const lastAuditId = async (laudoId: string): Promise<number> =>
  (await suite.knex('audit_log').where({ laudo_id: laudoId }).max('id as id').first())?.id ?? 0;

/**
 * The audit rows the round wrote are the winners' requests, each once (matched by the
 * Update id, which carries the request's Idempotency-Key), by the winner's user.
 */
async function expectAuditOfWinners(kind: string, round: number, laudoId: string, since: number, answers: Answer[]) {
  const rows = await suite.knex('audit_log').where({ laudo_id: laudoId }).andWhere('id', '>', since).orderBy('id');
  const written = rows.map((r) => ({ key: String(r.detail.updateId).split(':').slice(1).join(':'), user: r.user_id }));
  const winners = answers.filter((a) => a.status === 200).map((a) => ({ key: a.key, user: t.users[a.who]!.id }));
  const byKey = (x: { key: string }, y: { key: string }) => x.key.localeCompare(y.key);
  expect({ kind, round, audit: written.sort(byKey) }).toEqual({ kind, round, audit: winners.sort(byKey) });
  return rows;
}

/** A winner sent again with its key is answered as done, and writes nothing. */
async function expectRetryIdempotent(studyId: string, laudoId: string, winner: Answer): Promise<void> {
  const before = await lastAuditId(laudoId);
  const again = await send(studyId, winner.request, winner.key);
  expect({ retry: winner.label, status: again.status }).toEqual({ retry: winner.label, status: 200 });
  expect(await lastAuditId(laudoId)).toBe(before);
}

/** The answers of a round: `winners` 2xx, every other one 409 with `loserCode`, none 5xx. */
function expectAnswers(kind: string, round: number, answers: Answer[], loserCode: (a: Answer) => string) {
  const summary = answers.map((a) =>
    a.status === 200 ? { label: a.label, status: 200 } : { label: a.label, status: a.status, code: a.body?.error?.code },
  );
  const expected = answers.map((a) =>
    a.status === 200 ? { label: a.label, status: 200 } : { label: a.label, status: 409, code: loserCode(a) },
  );
  expect({ kind, round, summary }).toEqual({ kind, round, summary: expected });
}

const winnersOf = (answers: Answer[], label?: string) =>
  answers.filter((a) => a.status === 200 && (label === undefined || a.label === label));

const text = (n: number) => `<p>Achado ${n}: sem alterações.</p>`;

// ---------------------------------------------------------------------------------------
// The four races: each round leaves the report ready for the next one.

async function startRound(kind: string, round: number, studyId: string): Promise<void> {
  const laudoId = await laudoOf(studyId);
  const since = await lastAuditId(laudoId);
  const who: Who[] = ['silva', 'ana', 'costa'];
  const requests = Array.from({ length: PARALLEL }, (_, i) => ({ who: who[i % 3]!, path: 'start', body: {}, label: 'start' }));
  const answers = await race(studyId, requests);
  tally(kind, answers);
  expectAnswers(kind, round, answers, () => 'REPORT_CANNOT_START');
  const winners = winnersOf(answers);
  expect({ kind, round, winners: winners.length }).toEqual({ kind, round, winners: 1 });
  const truth = await expectOneTruth(kind, round, studyId);
  expect(truth).toMatchObject({ state: 1, userId: t.users[winners[0]!.who]!.id });
  await expectAuditOfWinners(kind, round, laudoId, since, answers);
  await expectRetryIdempotent(studyId, laudoId, winners[0]!);
}

/** From a finished report (2) back to a finished report, one version later. */
async function reopenRound(kind: string, round: number, studyId: string): Promise<void> {
  const laudoId = await laudoOf(studyId);
  const since = await lastAuditId(laudoId);
  const { version } = await suite.knex('laudos').where({ id: laudoId }).first('version');
  const requests = Array.from({ length: PARALLEL }, (_, i) => ({
    who: (i % 2 === 0 ? 'silva' : 'ana') as Who,
    path: 'reopen',
    body: { motive: 'GRAMMAR_ERROR' },
    label: 'reopen',
  }));
  const answers = await race(studyId, requests);
  tally(kind, answers);
  expectAnswers(kind, round, answers, () => 'REOPEN_FAILED');
  const winners = winnersOf(answers);
  expect({ kind, round, winners: winners.length }).toEqual({ kind, round, winners: 1 });
  const truth = await expectOneTruth(kind, round, studyId);
  expect(truth).toMatchObject({ state: 1, version: version + 1, userId: t.users[winners[0]!.who]!.id });
  await expectAuditOfWinners(kind, round, laudoId, since, answers);
  await expectRetryIdempotent(studyId, laudoId, winners[0]!);
  // The new executor finishes the new version: ready for the next round.
  await step(studyId, winners[0]!.who, 'save', { content: text(round) });
}

/** From a report in progress (1) by silva back to one in progress, one version later. */
async function saveFinishRound(kind: string, round: number, studyId: string): Promise<void> {
  const laudoId = await laudoOf(studyId);
  const since = await lastAuditId(laudoId);
  const requests = Array.from({ length: PARALLEL }, (_, i) => {
    const finish = i % 2 === 1;
    return { who: 'silva' as Who, path: 'save', body: { content: text(i), finish }, label: finish ? 'finish' : 'save' };
  });
  const answers = await race(studyId, requests);
  tally(kind, answers);
  expectAnswers(kind, round, answers, () => 'REPORT_NOT_UPDATABLE');
  const finishes = winnersOf(answers, 'finish');
  expect({ kind, round, finishes: finishes.length }).toEqual({ kind, round, finishes: 1 });
  const truth = await expectOneTruth(kind, round, studyId);
  expect(truth).toMatchObject({ state: 2, userId: t.users.silva!.id });
  const rows = await expectAuditOfWinners(kind, round, laudoId, since, answers);
  // Every accepted save came before the finish, and the finish is the last transition.
  const seqOf = (a: Answer) => rows.find((r) => String(r.detail.updateId).endsWith(`:${a.key}`))!.detail.seq as number;
  const finishSeq = seqOf(finishes[0]!);
  const savesAfter = winnersOf(answers, 'save').filter((a) => seqOf(a) > finishSeq);
  expect({ kind, round, savesAfter, finishSeq }).toEqual({ kind, round, savesAfter: [], finishSeq: truth.seq });
  // The refused requests' texts went with their refusal: every text left is a transition's (issue 22).
  const orphans = await suite.knex('laudo_contents').where({ laudo_id: laudoId }).whereNull('committed_at').count({ n: '*' });
  expect({ kind, round, orphans: Number(orphans[0]!.n) }).toEqual({ kind, round, orphans: 0 });
  await expectRetryIdempotent(studyId, laudoId, finishes[0]!);
  await step(studyId, 'silva', 'reopen', { motive: 'GRAMMAR_ERROR' });
}

/** From a finished report (2) by silva back to a finished one, one version later. */
async function signRound(kind: string, round: number, studyId: string): Promise<void> {
  const laudoId = await laudoOf(studyId);
  const since = await lastAuditId(laudoId);
  const requests = Array.from({ length: PARALLEL }, () => ({
    who: 'silva' as Who,
    path: 'sign',
    body: { personalKeyPassword: pki.password },
    label: 'sign',
  }));
  const answers = await race(studyId, requests);
  tally(kind, answers);
  expectAnswers(kind, round, answers, () => 'SIGN_FAILED');
  const winners = winnersOf(answers);
  expect({ kind, round, winners: winners.length }).toEqual({ kind, round, winners: 1 });
  const truth = await expectOneTruth(kind, round, studyId);
  expect(truth).toMatchObject({ state: 3, userId: t.users.silva!.id });
  const [audit] = await expectAuditOfWinners(kind, round, laudoId, since, answers);
  // The winner's signed PDF is the version's document.
  const documents = await suite.knex('laudo_documents').where({ laudo_id: laudoId, version: truth.version });
  expect(documents.map((d) => d.storage_key)).toEqual([audit.detail.note.documentKey]);
  await expectRetryIdempotent(studyId, laudoId, winners[0]!);
  await step(studyId, 'silva', 'reopen', { motive: 'GRAMMAR_ERROR' });
  await step(studyId, 'silva', 'save', { content: text(round) });
}

/**
 * The reports of each race, in turn: Temporal starts a run continued as new no sooner than a
 * second after the run it continues began (history.continueAsNewMinInterval), so a report
 * reopened round after round would make every round wait for it.
 */
const REPORTS_PER_RACE = 4;
const study = (n: number) => t.studyIds[n]!;
/** Studies 0…ROUNDS-1 are the starts through the api; the others are taken in turn by each race. */
const STUDIES = (() => {
  let next = ROUNDS;
  const take = (n: number) => Array.from({ length: n }, () => next++);
  return {
    reopen: take(REPORTS_PER_RACE),
    saveFinish: take(REPORTS_PER_RACE),
    sign: take(REPORTS_PER_RACE),
    burstReopen: take(2),
    burstSaveFinish: take(2),
    burstStart: take(1),
    count: () => next,
  };
})();
const reportOf = (studies: number[], round: number) => study(studies[round % studies.length]!);

async function finished(studyId: string): Promise<void> {
  await step(studyId, 'silva', 'start');
  await step(studyId, 'silva', 'save', { content: text(0) });
}

/** The first failure of the races running side by side: the others stop at their next round. */
let failure: unknown;

/** `n` rounds of one race, one after the other; stops early once any race failed. */
async function rounds(n: number, round: (i: number) => Promise<void>): Promise<void> {
  try {
    for (let i = 0; i < n && failure === undefined; i++) await round(i);
  } catch (err) {
    failure ??= err;
  }
}

describe('through the api as deployed', () => {
  it(`${ROUNDS} rounds of each race, the four races side by side (each one's rounds one after the other)`, async () => {
    await Promise.all([
      rounds(ROUNDS, (round) => startRound('start/start', round, study(round))),
      (async () => {
        for (const n of STUDIES.reopen) await finished(study(n));
        await rounds(ROUNDS, (round) => reopenRound('reopen/reopen', round, reportOf(STUDIES.reopen, round)));
      })(),
      (async () => {
        for (const n of STUDIES.saveFinish) await step(study(n), 'silva', 'start');
        await rounds(ROUNDS, (round) => saveFinishRound('save/finish', round, reportOf(STUDIES.saveFinish, round)));
      })(),
      (async () => {
        for (const n of STUDIES.sign) await finished(study(n));
        await rounds(ROUNDS, (round) => signRound('sign/sign', round, reportOf(STUDIES.sign, round)));
      })(),
    ]);
    if (failure !== undefined) throw failure;
    for (const kind of ['start/start', 'reopen/reopen', 'save/finish', 'sign/sign'])
      expect(figures.get(kind)?.rounds).toBe(ROUNDS);
  });
});

describe(`beyond Temporal's 10 Updates in flight: all ${PARALLEL} at once through a replica`, () => {
  beforeAll(() => {
    target = 'replica';
  });
  afterAll(() => {
    target = 'api';
  });

  it(`reopen/reopen and save/finish: ${BURST_ROUNDS} rounds each`, async () => {
    for (const n of STUDIES.burstReopen) await finished(study(n));
    for (const n of STUDIES.burstSaveFinish) await step(study(n), 'silva', 'start');
    for (let round = 0; round < BURST_ROUNDS; round++) {
      await reopenRound('burst reopen/reopen', round, reportOf(STUDIES.burstReopen, round));
      await saveFinishRound('burst save/finish', round, reportOf(STUDIES.burstSaveFinish, round));
    }
  });

  it(`start/start: ${BURST_START_ROUNDS} rounds on one report, back to not started after each`, async () => {
    const id = reportOf(STUDIES.burstStart, 0);
    for (let round = 0; round < BURST_START_ROUNDS; round++) {
      await startRound('burst start/start', round, id);
      const [winner] = await suite
        .knex('audit_log')
        .where({ laudo_id: await laudoOf(id) })
        .orderBy('id', 'desc')
        .limit(1);
      const who = (Object.keys(t.users) as Who[]).find((k) => t.users[k]!.id === winner.user_id)!;
      await step(id, who, 'returnReportToNotStarted');
    }
  });
});

afterAll(() => {
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
  };
  for (const [kind, f] of figures) {
    console.log(
      `${kind}: ${f.rounds} rounds × ${PARALLEL}: 2xx ${f.ok}, 409 ${f.conflict}, 5xx ${f.server}, other ${f.other}; ` +
        `p50 ${pct(f.ms, 50).toFixed(0)} ms, p99 ${pct(f.ms, 99).toFixed(0)} ms`,
    );
  }
});
