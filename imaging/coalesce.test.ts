import { coalescePerKey } from './coalesce';

it('runs one call per key at a time and folds the callers who wait into one next call', async () => {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const call = coalescePerKey<string>(
    (arg) =>
      new Promise<void>((resolve) => {
        started.push(arg);
        releases.push(resolve);
      }),
  );
  const a = call('study-1', 'a');
  const b = call('study-1', 'b');
  const c = call('study-1', 'c');
  const other = call('study-2', 'x');
  expect(started).toEqual(['a', 'x']); // b and c wait for a; another key does not
  releases[0]!();
  await a;
  await new Promise((r) => setImmediate(r));
  expect(started).toEqual(['a', 'x', 'b']); // one call for both b and c, started after a ended
  let cDone = false;
  void c.then(() => (cDone = true));
  await new Promise((r) => setImmediate(r));
  expect(cDone).toBe(false);
  releases[2]!();
  await Promise.all([b, c]);
  releases[1]!();
  await other;
  const d = call('study-1', 'd'); // nothing in flight any more: runs at once
  expect(started).toEqual(['a', 'x', 'b', 'd']);
  releases[3]!();
  await d;
});

it('a failed call still lets the next one run, and the failure reaches its callers', async () => {
  let n = 0;
  const call = coalescePerKey<void>(async () => {
    n++;
    if (n === 1) throw new Error('temporal down');
  });
  const first = call('k', undefined);
  const second = call('k', undefined);
  await expect(first).rejects.toThrow('temporal down');
  await expect(second).resolves.toBeUndefined();
  expect(n).toBe(2);
});
