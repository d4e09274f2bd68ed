/**
 * Exponential back-off with "equal jitter": the n-th consecutive failure waits between half
 * and all of min(max, base·2^(n-1)), so retries spread out but never collapse to zero.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const n = Math.max(1, Math.floor(attempt));
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(n - 1, 52));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
