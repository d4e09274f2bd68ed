/**
 * The results portal (issue 18): staff give a study's access code (printed, or sent by e-mail or
 * WhatsApp); the patient signs in with patient ID + birth date + code and downloads the report's
 * PDF once concluded; every field is required; a wrong one answers one refusal; a code stops
 * after 10 wrong tries; access and downloads are audited; another account's studies are 404.
 * WhatsApp goes through a fake provider on loopback: the free quota holds under 20 sends at
 * once, a failed send keeps the old code working.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant, setAccountConfig } from '../support/fixtures';
import { actAs, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

/** The fake WhatsApp provider: records each send; `failing` makes it answer 500. */
const provider = { sent: [] as { to: string; text: string; auth: string | undefined }[], failing: false };
const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    if (provider.failing) {
      res.writeHead(500).end('{}');
      return;
    }
    const msg = JSON.parse(raw) as { to: string; text: string };
    provider.sent.push({ ...msg, auth: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `wamid.${provider.sent.length}` }));
  });
});
const overrides: Record<string, string> = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  overrides.WHATSAPP_PROVIDER_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/send`;
  overrides.WHATSAPP_TOKEN = 'provider-secret';
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const suite = platformSuite({ overrides });
const api = suite.api;
let a: Tenant;
let b: Tenant;
const tokens: Record<string, string> = {};
let act: ReturnType<typeof actAs>;
let patientId: string;

beforeAll(async () => {
  a = await createTenant(suite.knex, {
    studies: 4,
    users: { reception: ['STUDIES_RETRIEVE_REPORTS'], doctor: DOCTOR_PERMISSIONS, uploader: ['STUDIES_UPLOAD_DICOM'] },
  });
  b = await createTenant(suite.knex, { studies: 1, users: { reception: ['STUDIES_RETRIEVE_REPORTS'] } });
  Object.assign(tokens, await loginTokens(api, { ...a.users, outsider: b.users.reception! }));
  act = actAs(api, tokens);
  const study = await suite.knex('studies').where({ id: a.studyIds[0] }).first('patient_ref');
  const patient = await suite
    .knex('patients')
    .where({ id: study.patient_ref })
    .update({ birth_date: '1980-03-05' })
    .returning('patient_id');
  patientId = patient[0].patient_id;
});

const portal = (body: Record<string, string>) => api('POST', '/portal/login', { body });

it('is refused while the account has no results portal, and to whoever may not read the report', async () => {
  const off = await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access`, {}, 403);
  expect(off.error).toEqual({
    code: 'RESULTS_PORTAL_DISABLED',
    description: 'O portal de resultados não está habilitado nesta conta.',
  });
  await suite.knex('accounts').whereIn('id', [a.accountId, b.accountId]).update({ results_portal: true });
  await act('uploader', 'POST', `/studies/${a.studyIds[0]}/result-access`, {}, 403);
  await act('outsider', 'POST', `/studies/${a.studyIds[0]}/result-access`, {}, 404);
  await act('outsider', 'GET', `/studies/${a.studyIds[0]}/result-access`, {}, 404);
  expect(await suite.knex('result_access_codes').where({ study_id: a.studyIds[0] }).count({ n: '*' }).first()).toEqual({
    n: '0',
  });
});

describe('a printed code', () => {
  let code: string;

  it('is made once ("Código de acesso já criado."), replaced on request', async () => {
    const first = await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access`, {}, 201);
    expect(first.code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const again = await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access`, {}, 409);
    expect(again.error.description).toBe('Código de acesso já criado.');
    const replaced = await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access`, { replace: true }, 201);
    expect(replaced.code).not.toBe(first.code);
    code = replaced.code;
    // The first code no longer opens anything.
    expect((await portal({ patientId, birthDate: '05/03/1980', accessCode: first.code })).status).toBe(401);
    // 20 creations at once: one active code remains.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `/studies/${a.studyIds[1]}/result-access`, { token: tokens.reception, body: {} }),
      ),
    );
    expect(
      await suite
        .knex('result_access_codes')
        .where({ study_id: a.studyIds[1] })
        .whereNull('revoked_at')
        .count({ n: '*' })
        .first(),
    ).toEqual({
      n: '1',
    });
  });

  it('needs every field; a wrong one answers one refusal that says nothing of which', async () => {
    for (const body of [
      { patientId: '', birthDate: '05/03/1980', accessCode: code },
      { patientId, birthDate: '', accessCode: code },
      { patientId, birthDate: '05/03/1980', accessCode: '' },
    ]) {
      const res = await portal(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('PORTAL_FIELDS_REQUIRED');
    }
    const answers = await Promise.all([
      portal({ patientId, birthDate: '06/03/1980', accessCode: code }),
      portal({ patientId: 'OTHER', birthDate: '05/03/1980', accessCode: code }),
      portal({ patientId, birthDate: '05/03/1980', accessCode: 'AAAAA-AAAAA' }),
      portal({ patientId, birthDate: '31/02/1980', accessCode: code }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('PORTAL_ACCESS_DENIED');
    }
  });

  it('opens the result, then its PDF once the report is concluded; access and download audited', async () => {
    // Typed as a patient would: lower case, no hyphen, ISO or dd/mm/yyyy.
    const res = await portal({
      patientId: ` ${patientId.toLowerCase()} `,
      birthDate: '1980-03-05',
      accessCode: code.replace('-', '').toLowerCase(),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ examType: 'TC de crânio', modalities: ['CT'], report: null });
    const portalToken = res.body.token as string;
    const pdf = () => fetch(suite.apiUrl('/portal/result/report.pdf'), { headers: { portal_token: portalToken } });
    expect((await pdf()).status).toBe(404);

    const id = a.studyIds[0]!;
    await act('doctor', 'POST', `/studies/${id}/reports/start`);
    await act('doctor', 'POST', `/studies/${id}/reports/save`, { content: '<p>Exame sem alterações.</p>', finish: true });
    const result = await eventually(
      async () => (await api('GET', '/portal/result', { headers: { portal_token: portalToken } })).body,
      (r) => r.report !== null,
      { what: 'the report in the portal' },
    );
    expect(result.report).toMatchObject({ version: 1, signed: false, doctorName: a.users.doctor!.name });
    const file = await pdf();
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const actions = await suite
      .knex('audit_log')
      .where({ study_id: id })
      .whereLike('action', 'portal.%')
      .orderBy('id')
      .pluck('action');
    expect(actions).toEqual(expect.arrayContaining(['portal.code', 'portal.denied', 'portal.access', 'portal.download']));

    // An expired session is refused.
    await suite.knex('result_portal_sessions').update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await api('GET', '/portal/result', { headers: { portal_token: portalToken } });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('PORTAL_SESSION_EXPIRED');
  });

  it('stops working after 10 wrong tries, even with the right details', async () => {
    const fresh = (await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access`, { replace: true }, 201)).code;
    for (let i = 0; i < 10; i++)
      expect((await portal({ patientId, birthDate: '01/01/1990', accessCode: fresh })).status).toBe(401);
    expect((await portal({ patientId, birthDate: '05/03/1980', accessCode: fresh })).status).toBe(401);
  });
});

describe('sending the access', () => {
  it('by e-mail: a new code in the outbox that opens the result', async () => {
    const sent = await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access/send`, {
      channel: 'email',
      to: 'paciente@example.org',
    });
    const mail = await suite
      .knex('mail_outbox')
      .where({ kind: 'portal.result-access', to_address: 'paciente@example.org' })
      .first();
    expect(mail.text_body).toContain(sent.code);
    expect(mail.text_body).toContain('/resultados');
    expect((await portal({ patientId, birthDate: '05/03/1980', accessCode: sent.code })).status).toBe(200);
    const bad = await act(
      'reception',
      'POST',
      `/studies/${a.studyIds[0]}/result-access/send`,
      { channel: 'email', to: 'nope' },
      400,
    );
    expect(bad.error.code).toBe('MALFORMED_REQUEST');
  });

  it('by WhatsApp: the free quota counts down and holds under 20 sends at once; a failed send keeps the old code', async () => {
    await setAccountConfig(suite.knex, a.accountId, { WHATSAPP_FREE_QUOTA: 3 });
    const status = await act('reception', 'GET', `/studies/${a.studyIds[2]}/result-access`);
    expect(status.whatsapp).toEqual({ configured: true, remaining: 3 });
    const send = () =>
      api('POST', `/studies/${a.studyIds[2]}/result-access/send`, {
        token: tokens.reception,
        body: { channel: 'whatsapp', to: '+55 (11) 98765-4321' },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.whatsappRemaining).toBe(2);
    expect(provider.sent.at(-1)).toMatchObject({ to: '5511987654321', auth: 'Bearer provider-secret' });
    expect(provider.sent.at(-1)!.text).toContain(first.body.code);

    const burst = await Promise.all(Array.from({ length: 20 }, send));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(18);
    expect(refused[0]!.body.error.description).toBe(
      'Limite de mensagens gratuitas de avaliação do WhatsApp atingido. Entre em contato com o setor comercial.',
    );
    expect(provider.sent).toHaveLength(3);
    expect(
      await suite
        .knex('result_access_codes')
        .where({ study_id: a.studyIds[2] })
        .whereNull('revoked_at')
        .count({ n: '*' })
        .first(),
    ).toEqual({
      n: '1',
    });

    // The provider fails: 502, recorded, not counted, and the code already given still opens the result.
    await setAccountConfig(suite.knex, a.accountId, { WHATSAPP_FREE_QUOTA: 10 });
    const working = (await act('reception', 'POST', `/studies/${a.studyIds[0]}/result-access`, { replace: true }, 201)).code;
    provider.failing = true;
    const failed = await api('POST', `/studies/${a.studyIds[0]}/result-access/send`, {
      token: tokens.reception,
      body: { channel: 'whatsapp', to: '5511987654321' },
    });
    provider.failing = false;
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('WHATSAPP_SEND_FAILED');
    expect(
      await suite.knex('whatsapp_messages').where({ account_id: a.accountId, status: 'error' }).count({ n: '*' }).first(),
    ).toEqual({ n: '1' });
    expect((await portal({ patientId, birthDate: '05/03/1980', accessCode: working })).status).toBe(200);
    expect((await act('reception', 'GET', `/studies/${a.studyIds[2]}/result-access`)).whatsapp.remaining).toBe(7);
  });
});
