/**
 * Issue 14's administration lists in keyset pages, in the browser: medical groups, access
 * grants and the institutions (logo) page show a first page, 'Carregar mais' brings the rest
 * with no row twice, and the search (from 3 characters, with the hint before) asks the server.
 * Screenshots at 390 px.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ worker: false, web: true });
let t: Tenant;
/** More rows than one page of the screens (25 for the lists, 20 for the institutions). */
const ROWS = 30;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(E2E_ARTIFACTS, `admin-paging-${name}.png`), fullPage: true });

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: ROWS, users: { admin: [], reader: [] } });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id, account_id: t.accountId }).update({ is_admin: true });
  const n = (i: number) => String(i + 1).padStart(2, '0');
  await suite
    .knex('medical_groups')
    .insert(Array.from({ length: ROWS }, (_, i) => ({ account_id: t.accountId, name: `Grupo ${n(i)}` })));
  await suite.knex('study_access_grants').insert(
    t.studyIds.map((studyId, i) => ({
      account_id: t.accountId,
      user_id: t.users.reader!.id,
      study_id: studyId,
      requester_login: `servico-${n(i)}`,
    })),
  );
  await suite
    .knex('institutions')
    .insert(Array.from({ length: ROWS }, (_, i) => ({ account_id: t.accountId, name: `Clínica ${n(i)}` })));
});

/** The first page holds `first` rows; 'load more' brings the rest, then is gone. */
async function loadMore(page: Page, moreTestId: string, rows: Locator, first: number, all: number): Promise<void> {
  await page.getByTestId(moreTestId).waitFor();
  expect(await rows.count()).toBe(first);
  await page.getByTestId(moreTestId).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, `admin-paging-${moreTestId}.png`) });
  await page.getByTestId(moreTestId).click();
  await page.getByTestId(moreTestId).waitFor({ state: 'detached' });
  await eventually(
    () => rows.count(),
    (n) => n === all,
    { what: 'rows count all' },
  );
}

test('medical groups and access grants load more pages and search on the server', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, {
    viewport: { width: 390, height: 844 },
  });
  await page.goto(`${suite.platform.url}/admin/medical-groups`);
  await page.getByTestId('medicalGroups-Grupo 01').waitFor();
  const groups = page.getByTestId(/^medicalGroups-Grupo /);
  await loadMore(page, 'medicalGroups-page-more', groups, 25, ROWS);
  await page.getByTestId(`medicalGroups-Grupo ${ROWS}`).waitFor();
  await shot(page, 'groups-390');

  // Two characters: the hint, and the list as it was.
  await page.getByTestId('medicalGroups-page-search').fill('29');
  await page.getByText('Digite pelo menos 3 caracteres.').waitFor();
  await page.getByTestId('medicalGroups-page-search').fill('po 29');
  await page.locator('[data-testid="medicalGroups-page"][aria-busy="false"]').waitFor();
  await eventually(
    () => groups.count(),
    (n) => n === 1,
    { what: 'groups count 1' },
  );
  await page.getByTestId('medicalGroups-Grupo 29').waitFor();
  expect(await page.getByTestId('medicalGroups-page-more').count()).toBe(0);

  await page.goto(`${suite.platform.url}/admin/access-grants`);
  const grants = page.getByTestId(/^grant-[0-9a-f-]{36}$/);
  await loadMore(page, 'grants-page-more', grants, 25, ROWS);
  // Every grant once (keyset pages of one timestamp order, ties by id).
  const ids = await grants.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(new Set(ids).size).toBe(ROWS);
  await page.getByTestId('grants-page-search').fill('servico-07');
  await page.locator('[data-testid="grants-page"][aria-busy="false"]').waitFor();
  await eventually(
    () => grants.count(),
    (n) => n === 1,
    { what: 'grants count 1' },
  );
  await shot(page, 'grants-390');
  await page.context().close();
});

test('the institutions (logo) page loads more and searches', async () => {
  const page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, {
    viewport: { width: 390, height: 844 },
  });
  await page.goto(`${suite.platform.url}/institutions`);
  await page.getByTestId('institutions-page').waitFor();
  // The tenant's own institution and the 30 clinics: 20, then 11.
  const cards = page.getByTestId(/^institution-[0-9a-f-]{36}$/);
  await loadMore(page, 'institutions-more', cards, 20, ROWS + 1);
  await page.getByText('Clínica 30').waitFor();
  await page.getByTestId('institutions-search').fill('Clínica 07');
  await eventually(
    () => cards.count(),
    (n) => n === 1,
    { what: 'cards count 1' },
  );
  await page.getByTestId('institutions-search').fill('Nenhuma assim');
  await page.getByTestId('institutions-empty').getByText('Nenhuma instituição encontrada.').waitFor();
  await shot(page, 'institutions-390');
  await page.context().close();
});
