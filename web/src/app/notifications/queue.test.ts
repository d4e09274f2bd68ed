import { describe, expect, it } from '@jest/globals';
import { MAX_NOTICES, pushNotice, removeNotice, type Notice } from './queue';

const n = (id: number, message = `m${id}`): Notice => ({ id, message, severity: 'error' });

describe('notification queue', () => {
  it('keeps at most three, dropping the oldest', () => {
    let list: Notice[] = [];
    for (let i = 1; i <= 5; i++) list = pushNotice(list, n(i));
    expect(MAX_NOTICES).toBe(3);
    expect(list.map((x) => x.id)).toEqual([3, 4, 5]);
  });

  it('does not repeat a message already showing', () => {
    const list = pushNotice([n(1, 'offline')], n(2, 'offline'));
    expect(list.map((x) => x.id)).toEqual([1]);
  });

  it('removes by id', () => {
    expect(removeNotice([n(1), n(2)], 1).map((x) => x.id)).toEqual([2]);
  });
});
