/**
 * Drafts in the browser (issue 23): two windows on one report never overwrite each other
 * silently (the other one is told at once, a real clash shows both texts to choose from);
 * a trailing space survives reopening; opening a report writes nothing; offline is a state
 * and the save goes out when the network returns; logout leaves no report text behind.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { caretAtEnd, editorText } from '../support/drafts';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let token: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 4, users: { doctor: DOCTOR_PERMISSIONS } });
  token = await login(suite.api, t.users.doctor!.username);
  for (const id of t.studyIds) {
    expect((await suite.api('POST', `/studies/${id}/reports/start`, { token, body: {} })).status).toBe(200);
  }
});

const reportUrl = (studyId: string) => `${suite.platform.url}/studies/report/${studyId}`;
const serverText = async (studyId: string) =>
  ((await suite.knex('study_drafts').where({ study_id: studyId }).first('content'))?.content as string | undefined) ?? '';
const status = (page: Page) => page.getByTestId('draft-status').getAttribute('data-status');
const untilStatus = (page: Page, wanted: string, timeout = 10_000) =>
  eventually(
    () => status(page),
    (s) => s === wanted,
    { what: `draft status ${wanted}`, timeout },
  );

async function openEditor(page: Page, studyId: string): Promise<void> {
  await page.goto(reportUrl(studyId));
  await page.locator('.ProseMirror[contenteditable="true"]').waitFor({ timeout: 20_000 });
}

/** Local copies of report text in this browser (IndexedDB and localStorage). */
async function localCopies(page: Page): Promise<number> {
  // a string: the test's TypeScript has no DOM types
  return (await page.evaluate(`(async () => {
    const inStorage = Object.keys(localStorage).filter((k) => k.startsWith('laudos.draft.')).length;
    const inDb = await new Promise((resolve) => {
      const req = indexedDB.open('laudos-drafts', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('drafts');
      req.onsuccess = () => {
        const count = req.result.transaction('drafts', 'readonly').objectStore('drafts').count();
        count.onsuccess = () => { resolve(count.result); req.result.close(); };
      };
      req.onerror = () => resolve(-1);
    });
    return inStorage + inDb;
  })()`)) as number;
}

test('two windows on one report: the other is told at once; a clash shows both texts and the user chooses', async () => {
  const studyId = t.studyIds[0]!;
  const a = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const b = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await openEditor(a, studyId);
  await openEditor(b, studyId);

  await caretAtEnd(a);
  await a.keyboard.type('Texto da janela A.', { delay: 20 });
  await untilStatus(a, 'saved');
  // B had typed nothing: it follows A's text at once and says so
  await eventually(
    () => editorText(b),
    (text) => text === 'Texto da janela A.',
    { what: 'B follows A' },
  );
  await b.getByTestId('draft-updated-elsewhere').waitFor();

  // both type at once: one save wins, the other window must not overwrite it silently
  await caretAtEnd(a);
  await caretAtEnd(b);
  await Promise.all([a.keyboard.type(' mais A', { delay: 40 }), b.keyboard.type(' mais B', { delay: 40 })]);
  const loser = await eventually(
    async () =>
      (await a.getByTestId('draft-conflict').isVisible()) ? a : (await b.getByTestId('draft-conflict').isVisible()) ? b : null,
    (p) => p !== null,
    { what: 'a conflict in one window', timeout: 15_000 },
  );
  const winner = loser === a ? b : a;
  const [mine, theirs] = loser === a ? ['A', 'B'] : ['B', 'A'];
  expect(await winner.getByTestId('draft-conflict').isVisible()).toBe(false);
  expect(await status(loser!)).toBe('conflict');
  expect(await loser!.getByTestId('draft-conflict-mine').innerText()).toContain(`mais ${mine}`);
  expect(await loser!.getByTestId('draft-conflict-theirs').innerText()).toContain(`mais ${theirs}`);
  // nothing the losing window typed went over the winner's save
  expect(await serverText(studyId)).toContain(`mais ${theirs}`);
  await loser!.screenshot({ path: path.join(E2E_ARTIFACTS, 'draft-conflict.png'), fullPage: true });
  await loser!.setViewportSize({ width: 390, height: 900 });
  await loser!.getByTestId('draft-conflict').screenshot({ path: path.join(E2E_ARTIFACTS, 'draft-conflict-390.png') });

  await loser!.getByTestId('draft-keep-mine').click();
  await untilStatus(loser!, 'saved');
  const kept = await serverText(studyId);
  expect(kept).toContain(`mais ${mine}`);
  // the winner had nothing unsaved: it takes the chosen text and is told
  await eventually(
    () => editorText(winner),
    (text) => text.includes(`mais ${mine}`),
    { what: 'winner follows the choice' },
  );
  await winner.getByTestId('draft-updated-elsewhere').waitFor();
  await a.context().close();
  await b.context().close();
});

test('a draft ending in a space reopens with it: the next word is not glued on', async () => {
  const studyId = t.studyIds[1]!;
  const put = await suite.api('PUT', `/studies/${studyId}/drafts`, { token, body: { content: '<p>Impressão final </p>' } });
  expect(put.status).toBe(200);
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await openEditor(page, studyId);
  expect(await editorText(page)).toBe('Impressão final ');
  await caretAtEnd(page);
  await page.keyboard.type('continua');
  await untilStatus(page, 'saved');
  expect(await serverText(studyId)).toBe('<p>Impressão final continua</p>');
  await page.context().close();
});

test('opening a report with a default mask writes nothing until the user types', async () => {
  const studyId = t.studyIds[2]!;
  await suite.knex('masks').insert({
    account_id: t.accountId,
    scope: 'user',
    user_id: t.users.doctor!.id,
    modality: 'CT',
    title: 'TC padrão',
    content: '<p>Máscara padrão da TC.</p>',
    is_default: true,
  });
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/drafts')) puts.push(r.url());
  });
  await openEditor(page, studyId);
  await eventually(
    () => editorText(page),
    (text) => text === 'Máscara padrão da TC.',
    { what: 'mask shown' },
  );
  await page.waitForTimeout(2000);
  expect(puts).toEqual([]);
  expect(await suite.knex('study_drafts').where({ study_id: studyId }).first()).toBeUndefined();
  await caretAtEnd(page);
  await page.keyboard.type(' Sem alterações.');
  await untilStatus(page, 'saved');
  expect(await serverText(studyId)).toBe('<p>Máscara padrão da TC. Sem alterações.</p>');
  await page.context().close();
  await suite.knex('masks').where({ account_id: t.accountId }).delete();
});

test('offline is a state, not an error; the draft goes out as soon as the network returns; logout leaves no text', async () => {
  const studyId = t.studyIds[3]!;
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username);
  await openEditor(page, studyId);
  await caretAtEnd(page);
  await page.context().setOffline(true);
  await page.keyboard.type('Digitado sem rede.');
  await untilStatus(page, 'offline', 5000);
  await page.waitForTimeout(1500);
  expect(await page.getByText('Erro ao salvar o conteúdo').count()).toBe(0);
  expect(await status(page)).toBe('offline');
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'draft-offline.png') });
  expect(await localCopies(page)).toBeGreaterThan(0);

  const back = Date.now();
  await page.context().setOffline(false);
  await untilStatus(page, 'saved', 5000);
  // sent at the `online` event, not at the next back-off step
  expect(Date.now() - back).toBeLessThan(3000);
  expect(await serverText(studyId)).toBe('<p>Digitado sem rede.</p>');

  await page.keyboard.type(' Mais.');
  await eventually(
    () => localCopies(page),
    (n) => n > 0,
    { what: 'a local copy' },
  );
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login**');
  await eventually(
    () => localCopies(page),
    (n) => n === 0,
    { what: 'no report text after logout' },
  );
  await page.context().close();
});
