/**
 * Issue 19: schemathesis (PyPI) fuzzes every operation of /api/openapi.json as an account
 * administrator (the broadest account role): no answer may be a server error, and every answer
 * must fit the schema, status code and media type the document gives it (the one error shape
 * for 4xx and 5xx). Examples per operation and the whole run are bounded to fit the suite
 * (SCHEMATHESIS_MAX_TIME).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSchemathesis } from '../../scripts/tools';
import { createScheduledExam, createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(300_000);

const suite = platformSuite();

/** Operations (operationId, see api/openapi/document.ts) that must not be fuzzed with the test's own session, with why. */
const NOT_FUZZED: Record<string, string> = {
  postAuthLogout: "ends the test's session: every later call would be 401",
  postAuthExpiredSession: "ends the test's session, as logout",
  postAuthChangePassword: "changes the test user's password (and ends its other sessions)",
  deleteAuthSessionsId:
    "ends one of the user's sessions: schemathesis learns the test's own session id from GET /auth/sessions and ends it",
  postAuthSessionsRevokeOthers: "ends the user's other sessions (kept out with logout's)",
  postAuthTwoAuthenticationSave: 'enrolls the test user in two-factor: the session would then be gated',
  postAuthTwoAuthentication:
    'checks a code against the session: every generated code is wrong, and the tenth ends the session (code guessing is limited)',
  deleteAccountsId:
    "deletes an account: the generated id cannot be the test's, but the route is the account's end, not a fuzz target",
};

/**
 * schemathesis.toml: the tenant's real ids as dictionaries for the path parameters, drawn with a
 * probability (the rest stays generated), so the operations reach real rows and not only 404.
 * The administrator's own user id is left out: blocking or removing it would end the run's access.
 */
function config(ids: Record<string, string[]>, params: Record<string, [string, number]>): string {
  const dicts = Object.entries(ids).map(([name, values]) => `[dictionaries.${name}]\nvalues = ${JSON.stringify(values)}\n`);
  const bindings = Object.entries(params).map(
    ([p, [dict, probability]]) => `"path.${p}" = { dictionary = "${dict}", probability = ${probability} }`,
  );
  return `${dicts.join('\n')}\n[parameters]\n${bindings.join('\n')}\n`;
}

function run(bin: string, args: string[], toml: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    // Its own working directory: schemathesis leaves a .schemathesis cache where it runs.
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'schemathesis-'));
    fs.writeFileSync(path.join(cwd, 'schemathesis.toml'), toml);
    const child = spawn(bin, ['--config-file', path.join(cwd, 'schemathesis.toml'), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      fs.rmSync(cwd, { recursive: true, force: true });
      resolve({ code, out });
    });
  });
}

it('every operation answers without a server error and within its documented schema', async () => {
  const bin = ensureSchemathesis();
  const tenant = await createTenant(suite.knex, { studies: 2, users: { admin: [], member: [] } });
  const exam = await createScheduledExam(suite.knex, tenant);
  await suite
    .knex('user_accounts')
    .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
    .update({ is_admin: true });
  const token = await login(suite.api, tenant.users.admin!.username);
  const maxTime = process.env.SCHEMATHESIS_MAX_TIME ?? '150';
  const toml = config(
    {
      ids: [...tenant.studyIds, exam, tenant.institutionId, tenant.accountId],
      studies: tenant.studyIds,
      accounts: [tenant.accountId],
      users: [tenant.users.member!.id],
    },
    { id: ['ids', 0.7], studyId: ['studies', 0.7], accountId: ['accounts', 0.8], userId: ['users', 0.6] },
  );
  const { code, out } = await run(
    bin,
    [
      'run',
      suite.apiUrl('/openapi.json'),
      '--header',
      `access_token:${token}`,
      '--checks',
      'not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance',
      '--max-examples',
      process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '5',
      '--max-time',
      maxTime,
      '--phases',
      'examples,fuzzing',
      '--request-timeout',
      '20',
      '--workers',
      '2',
      '--seed',
      process.env.SCHEMATHESIS_SEED ?? '19',
      '--no-shrink',
      ...Object.keys(NOT_FUZZED).flatMap((id) => ['--exclude-operation-id', id]),
      // DICOMweb is described by its media types (DICOM, multipart/related, DICOM JSON), which
      // schemathesis can neither generate nor validate; its own tests (dicomweb*.test.ts) cover it.
      '--exclude-tag',
      'dicomweb',
    ],
    toml,
  );
  // The whole output on a failure; the summary (operations, cases, warnings) always. Its
  // '=== No issues found in 45.20s ===' banners are unframed: CI reads a framed line like that
  // as pytest's closing line with no test run, and took the whole suite for one that ran none.
  const shown = code !== 0 ? out : out.slice(out.lastIndexOf('\n', out.lastIndexOf('SUMMARY')) + 1);
  console.log(`schemathesis:\n${unframeBanners(shown)}`);
  // The run reached the operations (a document schemathesis cannot load exits non-zero too).
  expect(out).toMatch(/\d+ passed|passed/i);
  expect(code).toBe(0);
  // The session survived the run: nothing fuzzed ended it.
  const me = await suite.api('GET', '/auth', { token });
  if (me.status !== 200) {
    const actions = await suite
      .knex('audit_log')
      .where({ account_id: tenant.accountId })
      .select('action')
      .count()
      .groupBy('action');
    console.log('session lost:', JSON.stringify(me.body), JSON.stringify(actions));
  }
  expect(me.status).toBe(200);
});

/** ' SUMMARY ' and ' No issues found in 1.2s ' without the '=' that pad them to a banner. */
function unframeBanners(text: string): string {
  return text.replace(/^=+ (.*?) =+$/gm, '-- $1');
}
