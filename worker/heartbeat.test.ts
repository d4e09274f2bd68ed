import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { heartbeatFresh, startHeartbeat } from './heartbeat';

const tmp = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heartbeat-')), 'run', 'worker.beat');
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('worker heartbeat', () => {
  it('touches the file while alive, and removes it when stopped', async () => {
    const file = tmp();
    const stop = startHeartbeat({ file, intervalMs: 20, alive: () => Promise.resolve(true) });
    await until(() => fs.existsSync(file));
    expect(heartbeatFresh(file, 20)).toBe(true);
    const first = fs.statSync(file).mtimeMs;
    await until(() => fs.statSync(file).mtimeMs > first);
    expect(fs.statSync(file).mtimeMs).toBeGreaterThan(first);
    stop();
    expect(fs.existsSync(file)).toBe(false);
    expect(heartbeatFresh(file, 20)).toBe(false);
  });

  it('writes nothing while the worker is not alive or its check throws', async () => {
    const file = tmp();
    let calls = 0;
    const stop = startHeartbeat({
      file,
      intervalMs: 10,
      alive: () => (++calls % 2 ? Promise.resolve(false) : Promise.reject(new Error('Temporal unreachable'))),
    });
    await until(() => calls >= 4);
    stop();
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('calls a beat stale after three intervals', () => {
    const file = tmp();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'x');
    const written = fs.statSync(file).mtimeMs;
    expect(heartbeatFresh(file, 1000, written + 3000)).toBe(true);
    expect(heartbeatFresh(file, 1000, written + 3001)).toBe(false);
  });
});
