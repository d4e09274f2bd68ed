/**
 * Picking the next STOW-RS request from the queue: oldest first, bounded by count and bytes
 * (a single instance over the byte bound still goes, alone), skipping instances waiting for
 * their own retry time; an instance flagged `solo` (its batch was refused as a whole) goes alone,
 * so one bad file cannot hold back the rest.
 */
import type { SpoolEntry } from '../spool/spool';

export interface BatchLimits {
  maxCount: number;
  maxBytes: number;
}

export interface InstanceRetry {
  attempts: number;
  notBefore: number;
  solo: boolean;
}

export function pickBatch(
  queue: SpoolEntry[],
  limits: BatchLimits,
  retries: ReadonlyMap<string, InstanceRetry>,
  now: number,
): SpoolEntry[] {
  const batch: SpoolEntry[] = [];
  let bytes = 0;
  for (const entry of queue) {
    const retry = retries.get(entry.sopInstanceUid);
    if (retry && retry.notBefore > now) continue;
    if (retry?.solo) {
      if (batch.length === 0) return [entry];
      continue;
    }
    if (batch.length > 0 && (batch.length >= limits.maxCount || bytes + entry.size > limits.maxBytes)) break;
    batch.push(entry);
    bytes += entry.size;
  }
  return batch;
}
