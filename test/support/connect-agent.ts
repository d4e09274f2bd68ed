/**
 * Running the Connect agent in tests: in-process (startAgent) or as its own process
 * (connect/main.ts, killable with SIGKILL), and the dcmtk command-line peer.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StatusDocument } from '../../connect/status/status-server';
import { freePort } from '../../scripts/temporal-dev';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

export interface AgentEnv {
  PLATFORM_URL: string;
  CONNECT_KEY: string;
  AE_TITLE: string;
  DICOM_PORT: string;
  STATUS_PORT: string;
  SPOOL_DIR: string;
  [name: string]: string;
}

/** The env of an agent sending to `platformUrl` as AE LAUDOS on free DICOM and status ports; `extra` adds to it. */
export async function agentEnvFor(
  platformUrl: string,
  key: string,
  spoolDir: string,
  extra: Record<string, string> = {},
): Promise<AgentEnv> {
  return {
    PLATFORM_URL: platformUrl,
    CONNECT_KEY: key,
    AE_TITLE: 'LAUDOS',
    DICOM_PORT: String(await freePort()),
    STATUS_PORT: String(await freePort()),
    SPOOL_DIR: spoolDir,
    ...extra,
  };
}

/** connect/main.ts as a child process; resolves once it logged that it started. */
export async function startAgentProcess(env: AgentEnv): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'connect', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (b: Buffer) => (output = (output + b.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`agent did not start:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      if (output.includes('Connect agent started')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`agent exited (${code}):\n${output}`));
    });
  });
  return { child, output: () => output };
}

/**
 * The agent's status. Retried once when the socket was reset: the client may reuse a kept-alive
 * connection the agent's server has just closed as idle (a race that widens under load, when the
 * client's own idle timer fires late); a GET of the status is safe to repeat.
 */
export async function agentStatus(statusPort: number | string): Promise<StatusDocument> {
  const url = `http://127.0.0.1:${statusPort}/status`;
  const res = await fetch(url).catch((err: unknown) => {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return fetch(url);
    throw err;
  });
  if (!res.ok) throw new Error(`status answered ${res.status}`);
  return (await res.json()) as StatusDocument;
}

/** Runs a dcmtk tool from `binDir`; rejects with its output when it fails. */
export async function dcmtk(binDir: string, tool: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(path.join(binDir, tool), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${tool} ${args.slice(0, 6).join(' ')}… failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, {
      cause: err,
    });
  }
}

/** The data set of a Part-10 file (after preamble and meta group): what C-STORE carried. */
export function datasetBytes(file: Buffer): Buffer {
  if (file.subarray(128, 132).toString('latin1') !== 'DICM') throw new Error('not a Part-10 file');
  const groupLength = file.readUInt32LE(132 + 8);
  return file.subarray(132 + 12 + groupLength);
}
