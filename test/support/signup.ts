/**
 * Sign-up and invitations in tests: fresh person data, opening an account to sign-up, the links
 * read from the outbox (as a user would from their mailbox), and the whole sign-up through the
 * web pages (`signUpThroughUi`), so a later e2e can chain sign-up → verification → login → more.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { randomCpf } from '../../documents/testing/test-pki';
import { TERMS_VERSION } from '../../domain/auth/terms';
import { setAccountConfig } from './fixtures';

export const SIGNUP_PASSWORD = 'Cadastro@2026';

export interface Person {
  name: string;
  username: string;
  email: string;
  mobile: string;
  cpf: string;
  password: string;
}

/** A new person nobody has used yet (unique username, e-mail, CPF). */
export function newPerson(overrides: Partial<Person> = {}): Person {
  const tag = randomUUID().slice(0, 8);
  const mobile = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return {
    name: `Pessoa ${tag}`,
    username: `pessoa.${tag}`,
    email: `pessoa.${tag}@test.laudos`,
    mobile,
    cpf: randomCpf(),
    password: SIGNUP_PASSWORD,
    ...overrides,
  };
}

/** The body of POST /auth/signup for `person` (terms accepted, password confirmed). */
export function signupBody(accountId: string, person: Person): Record<string, unknown> {
  const { password, ...rest } = person;
  return { accountId, ...rest, password, passwordConfirmation: password, termsVersion: TERMS_VERSION };
}

/** Lets strangers sign up to the account (ALLOW_SIGNUP, closed by default). */
export const openSignup = (knex: Knex, accountId: string, open = true) =>
  setAccountConfig(knex, accountId, { ALLOW_SIGNUP: open });

/** The newest outbox message of `kind` to an address. */
export async function latestMailTo(knex: Knex, address: string, kind: string) {
  return knex('mail_outbox')
    .whereRaw('lower(to_address) = ?', [address.toLowerCase()])
    .where({ kind })
    .orderBy('created_at', 'desc')
    .first();
}

/** The link of the newest 'auth.verify-email' of the user called `username` (by its to_user_id). */
export async function verificationLink(knex: Knex, username: string): Promise<string> {
  const user = await knex('users').whereRaw('lower(username) = ?', [username.toLowerCase()]).first('id');
  if (!user) throw new Error(`no user ${username}`);
  const mail = await knex('mail_outbox')
    .where({ kind: 'auth.verify-email', to_user_id: user.id })
    .orderBy('created_at', 'desc')
    .first();
  if (!mail?.link_url) throw new Error(`no verification mail for ${username}`);
  return mail.link_url as string;
}

/** The token a link carries in ?token=. */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** Fills and sends the sign-up page of `accountId`; resolves once the page says to check the e-mail. */
export async function signUpThroughUi(
  page: Page,
  baseUrl: string,
  accountId: string,
  person: Person = newPerson(),
): Promise<Person> {
  await page.goto(`${baseUrl}/signup?account=${accountId}`);
  await page.getByTestId('signup-name').fill(person.name);
  await page.getByTestId('signup-username').fill(person.username);
  await page.getByTestId('signup-email').fill(person.email);
  await page.getByTestId('signup-mobile').fill(person.mobile);
  await page.getByTestId('signup-cpf').fill(person.cpf);
  await page.getByTestId('signup-password').fill(person.password);
  await page.getByTestId('signup-password-confirmation').fill(person.password);
  await page.getByTestId('signup-terms').check();
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('signup-done').waitFor();
  return person;
}

/** Opens the verification link from the outbox in `page`; resolves once the page confirms it. */
export async function verifyThroughUi(page: Page, knex: Knex, username: string): Promise<void> {
  await page.goto(await verificationLink(knex, username));
  await page.getByTestId('verify-email-ok').waitFor();
}

/** Signs in through the login page (after sign-up there may be no study list to wait for). */
export async function loginThroughUi(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // Signed in: the app's frame (its logout button) or the no-access screen of a user without institutions.
  await page.locator('[data-testid="logout"], [data-testid="no-access"]').first().waitFor();
}
