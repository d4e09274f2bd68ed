/**
 * The whole sign-in journey of issue 13 in one browser, as a new doctor lives it: sign-up on an
 * open account → the verification link from the outbox → (an administrator grants a role) →
 * login → enrols an authenticator in My profile from the QR's secret → logout → login with a
 * code computed by Debian's oathtool → the study list.
 */
import path from 'node:path';
import { type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';
import { loginThroughUi, newPerson, openSignup, signUpThroughUi, verifyThroughUi } from '../support/signup';
import { awayFromStepEdge, oathtool } from '../support/two-factor';
import { ensureDocumentTools } from '../../scripts/tools';

jest.setTimeout(120_000);

const suite = platformSuite({ web: true, worker: false });
let t: Tenant;

beforeAll(async () => {
  ensureDocumentTools(); // oathtool among them
  t = await createTenant(suite.knex, { studies: 1, users: { admin: ['STUDIES_SAVE_REPORTS'] } });
  await openSignup(suite.knex, t.accountId);
});

test('sign-up → verify → login → enrol TOTP from the QR → logout → login with a code', async () => {
  const base = suite.platform.url;
  const context = await suite.browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();

  const person = await signUpThroughUi(page, base, t.accountId, newPerson());
  await verifyThroughUi(page, suite.knex, person.username);

  // The administrator's part (issue 14's screens): the new user gets the institution's role.
  const user = await suite.knex('users').where({ username: person.username }).first('id');
  const role = await suite.knex('roles').where({ account_id: t.accountId }).first('id');
  const institution = await suite.knex('institutions').where({ account_id: t.accountId }).first('id');
  await suite.knex('user_institution_roles').insert({
    account_id: t.accountId,
    user_id: user.id,
    institution_id: institution.id,
    role_id: role.id,
  });

  await loginThroughUi(page, base, person.username, person.password);
  await page.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();

  await page.goto(`${base}/profile#two-factor`);
  await page.getByTestId('two-factor-enable-authenticator').click();
  await page.getByTestId('two-factor-qr').waitFor();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  await awayFromStepEdge();
  await page.getByTestId('two-factor-enrol-code').fill(oathtool(secret));
  await page.getByTestId('two-factor-enrol-submit').click();
  await page.getByTestId('two-factor-recovery-codes').waitFor();
  await page.getByTestId('two-factor-done').click();

  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');

  await page.getByTestId('login-username').fill(person.username);
  await page.getByTestId('login-password').fill(person.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('two-factor-page').waitFor();
  await awayFromStepEdge();
  // The enrolment spent this step's code: the next step's (within the ±1 window) passes.
  await page.getByTestId('two-factor-code').fill(oathtool(secret, Math.floor(Date.now() / 1000) + 30));
  await page.getByTestId('two-factor-submit').click();
  await page.getByTestId('two-factor-success').waitFor();
  await page.screenshot({ path: path.join(E2E_ARTIFACTS, 'sign-in-journey-code-accepted.png') });
  await page.getByTestId('two-factor-reload').click();
  await page.getByTestId(`study-row-${t.studyIds[0]}`).waitFor();
  await context.close();
});
