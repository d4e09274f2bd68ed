/**
 * Typing into the report editor as a doctor does, and killing the browser under it (issue
 * 23): a persistent Chromium profile signed in by its token, steady typing that counts every
 * keystroke delivered, and SIGKILL of the profile's browser process. Shared by
 * test/e2e/drafts-*.test.ts and bench/drafts.ts.
 */
import fs from 'node:fs';
import { type BrowserContext, type Page, chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A Chromium on `userDataDir` (kept across kills), signed in with `token`. */
export async function launchProfile(
  executablePath: string,
  userDataDir: string,
  token: string,
  initScripts: string[] = [],
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 950 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  // The session token as the login page leaves it (localStorage reaches disk seconds late:
  // a kill right after a login would otherwise sign the profile out).
  await context.addInitScript(`try { localStorage.setItem('access_token', ${JSON.stringify(token)}) } catch {}`);
  for (const script of initScripts) await context.addInitScript(script);
  return context;
}

/** The pid of the browser (main) process running on `userDataDir`, or null. */
export function browserPid(userDataDir: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string;
    try {
      cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const args = cmd.split('\0');
    if (args.includes(`--user-data-dir=${userDataDir}`) && !args.some((a) => a.startsWith('--type='))) return Number(entry);
  }
  return null;
}

/** SIGKILL of the profile's browser: no page handler runs, nothing is flushed. */
export async function killBrowser(userDataDir: string): Promise<void> {
  const pid = browserPid(userDataDir);
  if (pid === null) throw new Error(`no browser process on ${userDataDir}`);
  process.kill(pid, 'SIGKILL');
  // its renderers and helpers go with it; wait until the main process is gone
  for (let i = 0; i < 100 && fs.existsSync(`/proc/${pid}`); i++) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2];
    if (stat === 'Z') break;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The editor's text, spaces as typed. */
export function editorText(page: Page): Promise<string> {
  return page.locator('.ProseMirror').evaluate((el) => el.textContent ?? '');
}

/** Puts the caret at the end of the report text. */
export async function caretAtEnd(page: Page): Promise<void> {
  await page.locator('.ProseMirror').click();
  await page.keyboard.press('Control+End');
}

export const WORDS =
  'pulmoes expandidos sem consolidacoes ou derrames figado de dimensoes normais contornos regulares vesicula sem calculos rins topicos sem dilatacao'.split(
    ' ',
  );

export interface TypingRun {
  /** Every character whose key event the browser took, in order. */
  typed: string;
  /** performance-free wall time of each delivered keystroke (ms since epoch, this process). */
  at: number[];
}

/**
 * Types words one key at a time, `charMs` apart, until `stop()` says so or the page dies
 * (a killed browser): what was delivered is in the run, so nothing is counted twice.
 */
export async function typeSteadily(page: Page, run: TypingRun, stop: () => boolean, charMs = 50): Promise<void> {
  let w = run.typed.length % WORDS.length;
  while (!stop()) {
    const word = `${WORDS[w++ % WORDS.length]} `;
    for (const ch of word) {
      if (stop()) return;
      try {
        await page.keyboard.type(ch);
      } catch {
        return; // the browser is gone
      }
      run.typed += ch;
      run.at.push(Date.now());
      await new Promise((r) => setTimeout(r, charMs));
    }
  }
}
