import { inTurn, keysInTurn } from './report-turns';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('runs at most `capacity` calls of one key at once, in arrival order; other keys alongside', async () => {
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const job =
    (name: string, ms: number, fail = false) =>
    async (waited: boolean) => {
      running++;
      most = Math.max(most, running);
      log.push(`${name}${waited ? ' (waited)' : ''}`);
      await tick(ms);
      running--;
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([
    inTurn('a', 2, job('a1', 30)),
    inTurn('a', 2, job('a2', 10, true)),
    inTurn('a', 2, job('a3', 5)),
    inTurn('a', 2, job('a4', 5)),
    inTurn('b', 2, job('b1', 5)),
  ]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
    'a1',
    'a2',
    'a3',
    'a4',
    'b1',
  ]);
  // Two of a at a time (plus b beside them); a failure hands its turn on like a success.
  expect(most).toBe(3);
  expect(log).toEqual(['a1', 'a2', 'b1', 'a3 (waited)', 'a4 (waited)']);
  expect(keysInTurn()).toBe(0);
});

it('one at a time with capacity 1', async () => {
  const order: string[] = [];
  await Promise.all(
    ['x', 'y', 'z'].map((n) =>
      inTurn('k', 1, async () => {
        order.push(`${n}>`);
        await tick(2);
        order.push(`<${n}`);
      }),
    ),
  );
  expect(order).toEqual(['x>', '<x', 'y>', '<y', 'z>', '<z']);
  expect(keysInTurn()).toBe(0);
});
