import type { SpoolEntry } from '../spool/spool';
import { type InstanceRetry, pickBatch } from './batch';

const entry = (uid: string, size = 100): SpoolEntry => ({ sopInstanceUid: uid, path: `/q/${uid}.dcm`, size, ino: 1, mtimeMs: 1 });
const uids = (b: SpoolEntry[]) => b.map((e) => e.sopInstanceUid);

describe('pickBatch', () => {
  const queue = ['1.1', '1.2', '1.3', '1.4', '1.5'].map((u) => entry(u));

  it('takes the oldest instances up to the count bound', () => {
    expect(uids(pickBatch(queue, { maxCount: 3, maxBytes: 1e9 }, new Map(), 0))).toEqual(['1.1', '1.2', '1.3']);
  });

  it('stops at the byte bound but always sends at least one (an instance larger than the bound goes alone)', () => {
    expect(uids(pickBatch(queue, { maxCount: 10, maxBytes: 250 }, new Map(), 0))).toEqual(['1.1', '1.2']);
    expect(uids(pickBatch([entry('9.9', 5000), ...queue], { maxCount: 10, maxBytes: 250 }, new Map(), 0))).toEqual(['9.9']);
  });

  it('skips instances waiting for their retry time and sends solo instances alone', () => {
    const retries = new Map<string, InstanceRetry>([
      ['1.1', { attempts: 1, notBefore: 1000, solo: false }],
      ['1.2', { attempts: 0, notBefore: 0, solo: true }],
    ]);
    expect(uids(pickBatch(queue, { maxCount: 10, maxBytes: 1e9 }, retries, 500))).toEqual(['1.2']);
    retries.get('1.2')!.solo = false;
    expect(uids(pickBatch(queue, { maxCount: 10, maxBytes: 1e9 }, retries, 500))).toEqual(['1.2', '1.3', '1.4', '1.5']);
    expect(uids(pickBatch(queue, { maxCount: 10, maxBytes: 1e9 }, retries, 1000))).toHaveLength(5);
  });

  it('answers nothing for an empty or fully waiting queue', () => {
    expect(pickBatch([], { maxCount: 10, maxBytes: 1e9 }, new Map(), 0)).toEqual([]);
    const waiting = new Map(queue.map((e) => [e.sopInstanceUid, { attempts: 1, notBefore: 99, solo: false }]));
    expect(pickBatch(queue, { maxCount: 10, maxBytes: 1e9 }, waiting, 0)).toEqual([]);
  });
});
