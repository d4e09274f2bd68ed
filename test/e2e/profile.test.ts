/**
 * My profile in Chromium (issue 13): name and phones edited from the keyboard (an invalid
 * mobile refused before sending), the e-mail change through its link, a signature image
 * uploaded on a throttled connection with the progress bar moving, then theme, palette and
 * language switched — all still there after a reload, and following the user to a browser
 * that never chose them. Screenshots at 1400 and 390 px.
 */
import path from 'node:path';
import sharp from 'sharp';
import { latestUserMail } from '../../services/mail/user-mail';
import { signedInPage } from '../support/browser';
import { PASSWORD, type Tenant, createTenant } from '../support/fixtures';
import { E2E_ARTIFACTS, platformSuite } from '../support/suite';

jest.setTimeout(180_000);

const suite = platformSuite({ worker: false, web: true });
let t: Tenant;

beforeAll(async () => {
  t = await createTenant(suite.knex, { studies: 0, users: { ana: [] } });
});

const shot = (name: string) => path.join(E2E_ARTIFACTS, `${name}.png`);

test('edits personal data, changes the e-mail by its link, uploads a signature with progress, and keeps theme and language', async () => {
  const user = t.users.ana!;
  const page = await signedInPage(suite.browser, suite.platform.url, user.username);
  await page.getByTestId('profile-menu').click();
  await page.waitForURL('**/profile');

  // Personal data, from the keyboard.
  const name = page.getByTestId('profile-name');
  await name.waitFor();
  expect(await name.inputValue()).toBe(user.name);
  await name.fill('Ana Beatriz Lima');
  await page.keyboard.press('Tab');
  await page.keyboard.type('(11) 3123-4567'); // a landline is no mobile
  await page.keyboard.press('Enter');
  await page.getByText('Celular inválido. Use DDD e número, ex.: (11) 91234-5678').waitFor();
  expect((await suite.knex('users').where({ id: user.id }).first('name')).name).toBe(user.name);
  await page.getByTestId('profile-mobile').fill('11987654321');
  await page.keyboard.press('Tab');
  expect(await page.getByTestId('profile-mobile').inputValue()).toBe('(11) 98765-4321');
  await page.keyboard.type('2131234567');
  await page.keyboard.press('Enter');
  await page.getByText('Dados pessoais salvos').waitFor();
  expect(await suite.knex('users').where({ id: user.id }).first('name', 'phone_mobile', 'phone_other')).toEqual({
    name: 'Ana Beatriz Lima',
    phone_mobile: '11987654321',
    phone_other: '2131234567',
  });
  await page.getByText('Ana Beatriz Lima (', { exact: false }).first().waitFor();

  // E-mail change: the link goes to the new address; the address changes when it is opened.
  const newEmail = `ana.lima.${user.username}@clinica.test`;
  await page.getByTestId('profile-email-change').click();
  await page.getByTestId('email-change-new').fill(newEmail);
  await page.getByTestId('email-change-password').fill('Errada@999');
  await page.keyboard.press('Enter');
  await page.getByTestId('email-change-error').getByText('Senha atual incorreta').waitFor();
  await page.getByTestId('email-change-password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByTestId('profile-email-pending').getByText(newEmail, { exact: false }).waitFor();
  const mail = await latestUserMail(suite.knex, user.id, 'auth.verify-email-change');
  expect(mail.to_address).toBe(newEmail);
  const link = new URL(mail.link_url);
  await page.goto(`${suite.platform.url}${link.pathname}${link.search}`);
  await page.getByTestId('email-confirm-done').getByText(newEmail, { exact: false }).waitFor();
  await page.screenshot({ path: shot('profile-email-confirmed') });
  await page.reload();
  await page.getByTestId('email-confirm-error').getByText('Link de confirmação inválido, já utilizado ou expirado').waitFor();
  await page.goto(`${suite.platform.url}/profile`);
  expect(await page.getByTestId('profile-email').innerText()).toBe(newEmail);
  expect(await page.getByTestId('profile-email-pending').count()).toBe(0);

  // Signature image: too big refused before sending; a real one sent slowly shows its progress.
  await page.getByTestId('signature-none').waitFor();
  await page
    .getByTestId('signature-file')
    .setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await page.getByTestId('signature-error').getByText('A imagem da assinatura excede o limite de 2MB').waitFor();
  const noise = Buffer.alloc(700 * 560 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width: 700, height: 560, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(1024 * 1024);
  expect(png.length).toBeLessThan(2 * 1024 * 1024);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  // Samples the bar's value in the page until it goes away (the upload ended).
  const progress = page.evaluate(`new Promise((resolve) => {
    const values = [];
    const timer = setInterval(() => {
      const bar = document.querySelector('[data-testid="signature-progress"]');
      if (bar) values.push(Number(bar.getAttribute('aria-valuenow')));
      else if (values.length > 0) {
        clearInterval(timer);
        resolve(values);
      }
    }, 40);
  })`) as Promise<number[]>;
  await page.getByTestId('signature-file').setInputFiles({ name: 'assinatura.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('signature-progress').waitFor();
  await page.screenshot({ path: shot('profile-signature-uploading') });
  const seen = await progress;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  await page.getByText('Imagem da assinatura salva').waitFor();
  const preview = page.getByTestId('signature-preview');
  await preview.waitFor();
  expect(await preview.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBe(500); // 700 × 560 fitted into 1200 × 400
  expect((await suite.knex('users').where({ id: user.id }).first('signature_key')).signature_key).toMatch(/^users\//);

  // Theme, palette and language, by keyboard too.
  await page.getByTestId('appearance-mode-dark').click();
  await page.getByTestId('appearance-palette-orange').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('appearance-language-en').focus();
  await page.keyboard.press('Space');
  await page.getByRole('heading', { name: 'Appearance and language' }).waitFor();
  const BODY_BACKGROUND = 'getComputedStyle(document.body).backgroundColor';
  const background = () => page.evaluate(BODY_BACKGROUND);
  expect(await background()).toBe('rgb(18, 18, 18)');
  await page.screenshot({ path: shot('profile-dark-en'), fullPage: true });
  await expectConfig({ THEME_COLOR: 'dark', THEME_PALETTE: 'orange', LANGUAGE: 'en' });

  await page.reload();
  await page.getByRole('heading', { name: 'Personal data' }).waitFor();
  expect(await background()).toBe('rgb(18, 18, 18)');
  expect(await page.getByTestId('appearance-mode-dark').getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('appearance-palette-orange').getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByTestId('appearance-language-en').getAttribute('aria-pressed')).toBe('true');
  await page.getByTestId('signature-preview').waitFor();

  // Another browser with no local choice, at 390 px: the user's choices follow them.
  const phone = await signedInPage(suite.browser, suite.platform.url, newEmail, { viewport: { width: 390, height: 844 } });
  await phone.goto(`${suite.platform.url}/profile`);
  await phone.getByRole('heading', { name: 'Signature image' }).waitFor();
  await phone.getByTestId('signature-preview').waitFor();
  expect(await phone.evaluate(BODY_BACKGROUND)).toBe('rgb(18, 18, 18)');
  expect(await phone.evaluate('document.documentElement.lang')).toBe('en');
  const overflow = (await phone.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )) as number;
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: shot('profile-390'), fullPage: true });
  await phone.getByTestId('profile-email-change').click();
  await phone.getByTestId('email-change-send').click();
  await phone.getByText('Enter your current password').waitFor();
  await phone.screenshot({ path: shot('profile-390-email-dialog') });
  await phone.keyboard.press('Escape');
  await phone.getByTestId('email-change-form').waitFor({ state: 'detached' });

  // Back to Portuguese and light: saved the same way.
  await page.getByTestId('appearance-language-pt-BR').click();
  await page.getByRole('heading', { name: 'Aparência e idioma' }).waitFor();
  await page.getByTestId('appearance-mode-light').click();
  await page.screenshot({ path: shot('profile-light-pt'), fullPage: true });
  await expectConfig({ THEME_COLOR: 'light', LANGUAGE: 'pt-BR' });
});

async function expectConfig(wanted: Record<string, string>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { config } = await suite.knex('users').where({ id: t.users.ana!.id }).first('config');
    if (Object.entries(wanted).every(([k, v]) => config[k] === v)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { config } = await suite.knex('users').where({ id: t.users.ana!.id }).first('config');
  expect(config).toMatchObject(wanted);
}
