/**
 * Issue 19: schemathesis (PyPI) fuzzes every operation of /api/openapi.json as an account
 * administrator (the broadest account role): no answer may be a server error, and every answer
 * must fit the schema the document gives it (the one error shape for 4xx and 5xx). Examples per
 * operation and the whole run are bounded to fit the suite (SCHEMATHESIS_MAX_TIME).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSchemathesis } from '../../scripts/tools';
import { createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(300_000);

const suite = platformSuite();

/** Operations (operationId, see api/openapi/document.ts) that must not be fuzzed with the test's own session, with why. */
const NOT_FUZZED: Record<string, string> = {
  postAuthLogout: "ends the test's session: every later call would be 401",
  postAuthExpiredSession: "ends the test's session, as logout",
  postAuthChangePassword: "changes the test user's password (and ends its other sessions)",
  postAuthSessionsRevokeOthers: "ends the user's other sessions (kept out with logout's)",
  postAuthTwoAuthenticationSave: 'enrolls the test user in two-factor: the session would then be gated',
  deleteAccountsId:
    "deletes an account: the generated id cannot be the test's, but the route is the account's end, not a fuzz target",
};

function run(bin: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    // Its own working directory: schemathesis leaves a .schemathesis cache where it runs.
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'schemathesis-'));
    const child = spawn(bin, args, { cwd, env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false' } });
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
  const tenant = await createTenant(suite.knex, { studies: 2, users: { admin: [] } });
  await suite
    .knex('user_accounts')
    .where({ user_id: tenant.users.admin!.id, account_id: tenant.accountId })
    .update({ is_admin: true });
  const token = await login(suite.api, tenant.users.admin!.username);
  const maxTime = process.env.SCHEMATHESIS_MAX_TIME ?? '150';
  const { code, out } = await run(bin, [
    'run',
    suite.apiUrl('/openapi.json'),
    '--header',
    `access_token:${token}`,
    '--checks',
    'not_a_server_error,response_schema_conformance',
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
    '19',
    '--no-shrink',
    ...Object.keys(NOT_FUZZED).flatMap((id) => ['--exclude-operation-id', id]),
  ]);
  if (code !== 0) console.log(out);
  // The run reached the operations (a document schemathesis cannot load exits non-zero too).
  expect(out).toMatch(/\d+ passed|passed/i);
  expect(code).toBe(0);
  // The session survived the run: nothing fuzzed ended it.
  expect((await suite.api('GET', '/auth', { token })).status).toBe(200);
});
