/**
 * A lost answer is not a new action (issue 22): the server applies 'start' and 'finish', but
 * the browser never sees the answer (the connection drops after the server replied). The client
 * retries with the same Idempotency-Key, the user sees the action's real outcome, and each
 * transition is in the audit exactly once.
 */
import type { Page } from 'playwright-core';
import { signedInPage, untilTestIdShows } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: [...DOCTOR_PERMISSIONS] } });
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
});

/** Lets the first request to `path` reach the server, then drops its answer; records every key sent. */
async function dropFirstAnswer(path: string): Promise<string[]> {
  const keys: string[] = [];
  let dropped = false;
  await page.route(`**/api/studies/*/reports/${path}`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch(); // the server applies it…
    await route.abort('connectionreset'); // …and the browser never hears back
  });
  return keys;
}

test('start and finish whose answers were lost are applied once and shown as done', async () => {
  const studyId = t.studyIds[0]!;
  const { laudo_id: laudoId } = await suite.knex('studies').where({ id: studyId }).first('laudo_id');
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await untilTestIdShows(page, 'report-state', 'Não iniciado');

  const startKeys = await dropFirstAnswer('start');
  await page.getByTestId('start-report').click();
  await untilTestIdShows(page, 'report-state', 'Em andamento'); // the live document may tell first
  await eventually(() => startKeys.length, (n) => n >= 2, { what: 'the start sent again' });
  await page.waitForTimeout(500);
  expect(new Set(startKeys).size).toBe(1);
  expect(await page.getByRole('dialog').count()).toBe(0); // no 'cannot start' dialog

  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Sem alterações.');
  const finishKeys = await dropFirstAnswer('save');
  await page.getByTestId('finish-report').click();
  await page.waitForURL('**/studies');
  await eventually(() => finishKeys.length, (n) => n >= 2, { what: 'the finish sent again' });
  expect(new Set(finishKeys).size).toBe(1);

  const actions = await suite.knex('audit_log').where({ laudo_id: laudoId }).orderBy('id').pluck('action');
  expect(actions.filter((a) => a === 'laudo.start')).toHaveLength(1);
  expect(actions.filter((a) => a === 'laudo.finish')).toHaveLength(1);
  const { state } = await suite.knex('laudos').where({ id: laudoId }).first('state');
  expect(state).toBe(2);
});
