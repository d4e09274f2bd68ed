/**
 * Phones (issue 17, spec 3 §2): at 390×844 every main screen fits its width — no page
 * scrolls sideways and no element reaches past the viewport (a wide table scrolls inside its
 * own container) —, logout is reachable through the app bar's menu, opening a study goes
 * straight to the report page (under 800 px), the viewer's address does too, and the
 * 'Selecionar Imagens' footer can be tapped. Screenshots of each screen.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reachableAtCentre, signedInPage } from '../support/browser';
import { makeStudy } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createScheduledExam, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, login, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' }, web: true });
const WIDTH = 390;
let t: Tenant;
let page: Page;
let studyId: string;

/** Elements reaching past the viewport's right edge, except those inside a scrolling box of their own. */
async function overflow(p: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  // Runs in the page (a string: the test build has no DOM types).
  return p.evaluate(`(() => {
    const inScroller = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (['auto', 'scroll', 'hidden'].includes(s.overflowX) && a.getBoundingClientRect().right <= innerWidth + 0.5) return true;
      }
      return false;
    };
    const wide = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > innerWidth + 0.5 && !inScroller(el)) {
        const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? String(el.className).slice(0, 60);
        wide.push(el.tagName.toLowerCase() + '[' + id + '] right=' + Math.round(r.right));
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 15) };
  })()`);
}

async function expectFits(p: Page, name: string) {
  await p.waitForLoadState('networkidle').catch(() => undefined);
  await p.screenshot({ path: path.join(E2E_ARTIFACTS, `phone-${name}.png`), fullPage: false });
  const o = await overflow(p);
  expect({ screen: name, ...o }).toEqual({ screen: name, scrollWidth: WIDTH, wide: [] });
}

beforeAll(async () => {
  t = await createTenant(suite.knex, {
    studies: 3,
    users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'], admin: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] },
  });
  await suite.knex('user_accounts').where({ user_id: t.users.admin!.id }).update({ is_admin: true });
  const token = await login(suite.api, t.users.doctor!.username);
  studyId = await ingestStudy(
    suite.platform.url,
    suite.knex,
    token,
    makeStudy({ series: 1, perSeries: 2, patientName: 'Nascimento^Maria Aparecida dos Santos', rows: 64, columns: 64 }),
  );
  await createScheduledExam(suite.knex, t);
  page = await signedInPage(suite.browser, suite.platform.url, t.users.admin!.username, {
    viewport: { width: WIDTH, height: 844 },
  });
  page.context().setDefaultTimeout(20_000);
});

const screens = [
  ['studies', '/studies', 'studies-pagination'],
  ['profile', '/profile', null],
  ['institutions', '/institutions', null],
  ['divergent', '/divergent-studies', null],
  ['invitations', '/invitations', null],
  ['admin', '/admin', null],
  ['admin-users', '/admin/users', null],
  ['admin-roles', '/admin/roles', null],
  ['admin-institutions', '/admin/institutions', null],
  ['admin-settings', '/admin/settings', null],
  ['admin-routines', '/admin/routines', null],
  ['admin-exams', '/admin/exams', null],
  ['admin-connects', '/admin/connects', null],
  ['admin-audit', '/admin/audit', null],
  ['admin-labels', '/admin/labels', null],
  ['phrases', '/phrases', null],
  ['scheduled-exams', '/scheduled-exams', 'worklist-row'],
] as const;

test.each(screens)('%s fits 390 px', async (name, url, waitFor) => {
  await page.goto(`${suite.platform.url}${url}`);
  if (waitFor) await page.getByTestId(waitFor).waitFor();
  else await page.locator('main').waitFor();
  await page.waitForTimeout(400);
  await expectFits(page, name);
});

test('opening a study goes straight to the report page, and the report page fits', async () => {
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId(`study-row-${studyId}`).click();
  await page.waitForURL(`**/studies/report/${studyId}`);
  await page.getByTestId('start-report').waitFor();
  await page.waitForTimeout(400);
  await expectFits(page, 'report');
});

test("the viewer's address opens the report page under 800 px", async () => {
  await page.goto(`${suite.platform.url}/studies/${studyId}/viewer/general`);
  await page.waitForURL(`**/studies/report/${studyId}`);
  await page.getByTestId('start-report').waitFor();
  await expectFits(page, 'viewer-redirect');
});

test("'Selecionar Imagens' fills the phone and its footer can be tapped", async () => {
  await page.goto(`${suite.platform.url}/studies/report/${studyId}`);
  await page.getByTestId('start-report').click();
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Exame sem alterações.');
  await page.getByTestId('finish-report').click();
  const dialog = page.getByTestId('report-images-dialog');
  await dialog.getByRole('heading', { name: 'Selecionar Imagens' }).waitFor();
  await page.waitForTimeout(500);
  await expectFits(page, 'image-selection');
  // Each footer button is on screen and is what a tap at its centre reaches.
  for (const id of ['report-images-skip', 'report-images-confirm']) {
    const button = dialog.getByTestId(id);
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const hit = await reachableAtCentre(page, id);
    expect(hit).toBe(true);
  }
  // 'Pular' finishes the report without images.
  await dialog.getByTestId('report-images-skip').click();
  await dialog.waitFor({ state: 'hidden' });
});

test('logout is reachable through the app bar menu', async () => {
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId('studies-pagination').waitFor();
  expect(await page.getByTestId('logout').count()).toBe(0);
  const menu = page.getByTestId('app-menu');
  const box = (await menu.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  await menu.click();
  await page.getByTestId('app-menu-admin').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'phone-app-menu.png') });
  await expectFits(page, 'app-menu');
  await page.getByTestId('app-menu-logout').click();
  await page.waitForURL('**/login');
});
