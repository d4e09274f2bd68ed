/**
 * Group commit for uploads: instances that arrive while a batch of the same target is being
 * written wait and go together in the next one, so many small STOW requests at once (the
 * Connect agent sends one instance per request) share a duplicate look-up and a transaction
 * instead of paying one each. A caller's promise settles when its own instances are written.
 */
import type { Knex } from 'knex';
import type { ObjectStorage } from '../storage/object-storage';
import type { IngestTarget } from './ingest';
import { type BatchOutcome, type ParsedInstance, ingestBatch } from './ingest-batch';

/** Past this many instances waiting, a group is written on its own (bounds one transaction). */
const MAX_GROUP = 256;

interface Waiting {
  items: ParsedInstance[];
  resolve(outcomes: BatchOutcome[]): void;
}

export type IngestQueue = (target: IngestTarget, items: ParsedInstance[]) => Promise<BatchOutcome[]>;

export function ingestQueue(deps: { knex: Knex; storage: ObjectStorage }): IngestQueue {
  const lanes = new Map<string, { waiting: Waiting[][] }>();

  const run = async (key: string, target: IngestTarget, group: Waiting[]) => {
    const items = group.flatMap((w) => w.items);
    let outcomes: BatchOutcome[];
    try {
      outcomes = await ingestBatch(deps, target, items);
    } catch (error) {
      outcomes = items.map(() => ({ ok: false, error }));
    }
    let at = 0;
    for (const w of group) {
      w.resolve(outcomes.slice(at, at + w.items.length));
      at += w.items.length;
    }
    const lane = lanes.get(key)!;
    const next = lane.waiting.shift();
    if (next) void run(key, target, next);
    else lanes.delete(key);
  };

  return (target, items) =>
    new Promise<BatchOutcome[]>((resolve) => {
      const key = [target.accountId, target.institutionId, target.connectId, target.userId].join('|');
      const waiting: Waiting = { items, resolve };
      const lane = lanes.get(key);
      if (!lane) {
        lanes.set(key, { waiting: [] });
        void run(key, target, [waiting]);
        return;
      }
      const last = lane.waiting.at(-1);
      const size = last?.reduce((n, w) => n + w.items.length, 0) ?? 0;
      if (last && size + items.length <= MAX_GROUP) last.push(waiting);
      else lane.waiting.push([waiting]);
    });
}
