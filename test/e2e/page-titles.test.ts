/**
 * Every page says where the user is (issue 24, WCAG 2.4.1, 2.4.2, 2.4.3): its own translated
 * title in the tab, a skip link as the first Tab stop that lands in the page, and after opening
 * a report the focus on the page's heading rather than lost on <body>.
 */
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(90_000);

const suite = platformSuite({ web: true });
let t: Tenant;
let page: Page;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR_PERMISSIONS } });
  page = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, { viewport: { width: 1280, height: 800 } });
  page.context().setDefaultTimeout(15_000);
});

test('each route has its own title, in the chosen language', async () => {
  await eventually(() => page.title(), (title) => title === 'Estudos · Laudos', { what: 'the study list title' });
  await page.goto(`${suite.platform.url}/scheduled-exams`);
  await eventually(() => page.title(), (title) => title === 'Agendados · Laudos', { what: 'the worklist title' });
  await page.goto(`${suite.platform.url}/nowhere`);
  await eventually(() => page.title(), (title) => title === 'Página não encontrada · Laudos', { what: 'the 404 title' });
  await page.evaluate("window.localStorage.setItem('lang', 'en')");
  await page.goto(`${suite.platform.url}/studies`);
  await eventually(() => page.title(), (title) => title.startsWith('Studies · '), { what: 'the English title' });
  await page.evaluate("window.localStorage.setItem('lang', 'pt-BR')");
});

test('the first Tab stop skips to the content', async () => {
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await page.keyboard.press('Tab');
  expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null")).toBe('skip-link');
  expect((await page.getByTestId('skip-link').innerText()).trim()).toBe('Pular para o conteúdo');
  await page.keyboard.press('Enter');
  expect(await page.evaluate<string>('document.activeElement?.id')).toBe('main-content');
});

test('opening a report puts the focus on its heading', async () => {
  await page.goto(`${suite.platform.url}/studies`);
  await page.getByTestId(`study-row-${t.studyIds[0]}`).click();
  await page.waitForURL(`**/studies/report/${t.studyIds[0]}`);
  await eventually(
    () => page.evaluate<string>("document.activeElement?.tagName ?? ''"),
    (tag) => tag === 'H1',
    { what: 'the focus on the report heading' },
  );
  expect(await page.title()).toBe('Laudo · Laudos');
});
