import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, NETWORK_ERROR } from '../../../lib/errors';
import { DraftAutosaver, isRetryable, type SaveStatus } from './autosaver';

const flushPromises = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('DraftAutosaver', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('saves once, 1 s after the last change, the latest text', async () => {
    const save = jest.fn(async (_c: string) => undefined);
    const statuses: SaveStatus[] = [];
    const s = new DraftAutosaver({ save, onStatus: (x) => statuses.push(x) });
    let text = 'a';
    s.change(() => text);
    jest.advanceTimersByTime(600);
    text = 'ab';
    s.change(() => text);
    jest.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('ab');
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
    expect(s.dirty).toBe(false);
  });

  it('retries a network failure with back-off until it succeeds, reporting the failure once', async () => {
    let fail = 3;
    const save = jest.fn(async () => {
      if (fail-- > 0) throw new ApiError(NETWORK_ERROR);
    });
    const onFailure = jest.fn();
    const kept: [string, boolean][] = [];
    const s = new DraftAutosaver({ save, onFailure, onContent: (c, synced) => kept.push([c, synced]), backoffMs: [100, 200] });
    s.change(() => 'text');
    jest.advanceTimersByTime(1000);
    await flushPromises();
    expect(s.status).toBe('error');
    jest.advanceTimersByTime(100);
    await flushPromises();
    jest.advanceTimersByTime(200);
    await flushPromises();
    jest.advanceTimersByTime(200);
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(4);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(s.status).toBe('saved');
    expect(kept.at(-1)).toEqual(['text', true]);
  });

  it('does not retry a refusal, and flush saves at once', async () => {
    const save = jest.fn(async () => {
      throw new ApiError('REPORT_ACTION_NOT_ALLOWED', 'no', 409);
    });
    const s = new DraftAutosaver({ save });
    s.change(() => 'x');
    await s.flush();
    expect(save).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    await flushPromises();
    expect(save).toHaveBeenCalledTimes(1);
    expect(isRetryable(new ApiError(NETWORK_ERROR))).toBe(true);
    expect(isRetryable(new ApiError('INTERNAL_ERROR', null, 500))).toBe(true);
  });
});
