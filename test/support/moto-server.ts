/** moto's S3 API on a free loopback port, for the S3 object storage contract tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../scripts/temporal-dev';
import { MOTO_INSTALL, findMotoPython } from '../../scripts/tools';
import { eventually } from './eventually';
import { killHard } from './worker-process';

export interface MotoServer {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export async function startMotoServer(): Promise<MotoServer> {
  const python = findMotoPython();
  // Never a skip: a run without the server fails and says what to install (`npm test` installs it).
  if (!python) throw new Error(`moto's S3 server is not installed (PyPI moto[server]).\nInstall it with:  ${MOTO_INSTALL}`);
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(python, ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-2000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-2000)));
  try {
    await eventually(
      () =>
        child.exitCode === null
          ? fetch(`${endpoint}/moto-api/`).then(
              (r) => r.status < 500,
              () => false,
            )
          : Promise.reject(new Error(`moto.server exited (${child.exitCode}):\n${output}`)),
      (up) => up,
      { timeout: 30_000, interval: 200, what: `moto.server listening on ${endpoint}` },
    );
  } catch (err) {
    await killHard(child);
    throw err;
  }
  return { endpoint, process: child, stop: () => killHard(child) };
}
