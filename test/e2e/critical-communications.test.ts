/**
 * The closed loop of a critical finding in the browser (issue 18): the responsible doctor opens
 * the finding from the list, communicates it by e-mail ('aguardando confirmação'), the receiver
 * opens the link from the outbox without logging in and confirms with their name, the doctor
 * sees 'Confirmado … por …'; the used link says so. Screenshots of the dialog and the page.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, loginTokens, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const DOCTOR = [...DOCTOR_PERMISSIONS, 'STUDIES_EDIT_CRITICAL_FINDING_SUSPECT' as const];
const suite = platformSuite({ web: true });
let t: Tenant;
let doctor: Page;
let token: string;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 1, users: { doctor: DOCTOR } });
  const [f] = await suite
    .knex('account_critical_findings')
    .insert({ account_id: t.accountId, level_and_name: 'Nível 1 - Pneumotórax hipertensivo' })
    .returning('id');
  ({ doctor: token } = (await loginTokens(suite.api, { doctor: t.users.doctor! })) as { doctor: string });
  const studyId = t.studyIds[0]!;
  expect((await suite.api('POST', `/studies/${studyId}/reports/start`, { token })).status).toBe(200);
  const created = await suite.api('POST', '/studies/studyCriticalFinding', {
    token,
    body: { studyId, accountCriticalFindingId: f.id, observation: 'à direita' },
  });
  expect(created.status).toBe(201);
  doctor = await signedInPage(suite.browser, suite.platform.url, t.users.doctor!.username, {
    viewport: { width: 1500, height: 900 },
  });
});

const text = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .innerText()
    .catch(() => '');

test('e-mailed, acknowledged through the public link, shown confirmed to the doctor', async () => {
  const studyId = t.studyIds[0]!;
  await doctor.getByTestId(`study-finding-${studyId}`).click();
  const dialog = doctor.getByTestId('critical-finding-dialog');
  await dialog.getByTestId('critical-communications').waitFor();
  await dialog.getByTestId('communication-receiver').fill('Dr. Paulo Requisitante');
  await dialog.getByTestId('communication-email').fill('paulo@hospital.test');
  await dialog.getByTestId('communication-send').click();
  await eventually(
    () => text(doctor, 'communication-status'),
    (v) => v.startsWith('Aguardando confirmação'),
    { what: 'awaiting status' },
  );
  await doctor.screenshot({ path: path.join(E2E_ARTIFACTS, 'critical-communication-dialog.png') });
  await dialog.getByTestId('finding-close').click();

  const mail = await suite.knex('mail_outbox').where({ kind: 'critical.ack-request', to_address: 'paulo@hospital.test' }).first();
  const link = new URL(mail.link_url as string);
  // The receiver: no session, the link alone.
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${suite.platform.url}${link.pathname}`);
    await page.getByTestId('critical-ack-name').waitFor();
    expect(await page.getByTestId('critical-ack').innerText()).toContain('Nível 1 - Pneumotórax hipertensivo — à direita');
    await page.getByTestId('critical-ack-name').fill('Paulo R.');
    await eventually(
      () => page.getByTestId('critical-ack-confirm').isEnabled(),
      (v) => v,
      { what: 'confirm enabled' },
    );
    await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'critical-ack-page.png') });
    await page.getByTestId('critical-ack-confirm').click();
    await eventually(
      () => text(page, 'critical-ack-done'),
      (v) => v.startsWith('Recebimento confirmado em'),
      { what: 'acknowledged' },
    );
    await page.reload();
    await eventually(
      () => text(page, 'critical-ack-error'),
      (v) => v.includes('já foi confirmado'),
      { what: 'used link message' },
    );
  } finally {
    await context.close();
  }

  await doctor.getByTestId(`study-finding-${studyId}`).click();
  await eventually(
    () => text(doctor, 'communication-status'),
    (v) => /^Confirmado em .+ por Paulo R\.$/.test(v),
    { what: 'acknowledged status' },
  );
});
