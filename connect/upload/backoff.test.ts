import { backoffDelay } from './backoff';

const policy = { baseMs: 500, maxMs: 60_000 };

describe('backoffDelay', () => {
  it('doubles per attempt between half and all of the ceiling', () => {
    const ceilings = [500, 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000];
    ceilings.forEach((ceiling, i) => {
      expect(backoffDelay(i + 1, policy, () => 0)).toBe(ceiling / 2);
      expect(backoffDelay(i + 1, policy, () => 1)).toBe(ceiling);
      const mid = backoffDelay(i + 1, policy, () => 0.5);
      expect(mid).toBeGreaterThan(ceiling / 2 - 1);
      expect(mid).toBeLessThan(ceiling + 1);
    });
  });

  it('never exceeds the cap, even after very many attempts', () => {
    expect(backoffDelay(10_000, policy, () => 1)).toBe(60_000);
    expect(backoffDelay(0, policy, () => 1)).toBe(500); // attempt < 1 counts as the first
  });

  it('spreads retries: random jitter gives different delays', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(6, policy)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(8000);
  });
});
