import { describe, expect, it } from '@jest/globals';
import { ModuleLoadError, failedModuleUrl, importWithRetry } from './lazy-retry';

const fail = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('importWithRetry', () => {
  it('tries five times in all, re-importing the failed address with a new query, then gives up', async () => {
    const tried: string[] = [];
    let loads = 0;
    const attempt = importWithRetry(
      () => {
        loads++;
        return Promise.reject(fail('http://x/assets/Page-abc.js'));
      },
      { delayMs: 1, importUrl: (u) => (tried.push(u), Promise.reject(fail(u))) },
    );
    await expect(attempt).rejects.toBeInstanceOf(ModuleLoadError);
    expect(loads).toBe(1);
    expect(tried).toEqual([2, 3, 4, 5].map((n) => `http://x/assets/Page-abc.js?retry=${n}`));
  });

  it('answers the module of the first attempt that loads', async () => {
    let n = 0;
    const mod = await importWithRetry(() => (++n < 3 ? Promise.reject(new Error('offline')) : Promise.resolve({ ok: n })), {
      delayMs: 1,
    });
    expect(mod).toEqual({ ok: 3 });
  });

  it('finds the chunk address in the browser message', () => {
    expect(failedModuleUrl(fail('http://localhost:3000/assets/ProfilePage-B1x.js'))).toBe(
      'http://localhost:3000/assets/ProfilePage-B1x.js',
    );
    expect(failedModuleUrl(new Error('boom'))).toBeNull();
  });
});
