import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError, NETWORK_ERROR } from '../../../lib/errors';
import { DraftAutosaver, isRetryable, type SaveStatus } from './autosaver';

const flushPromises = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A server that counts revisions. */
function server(start = 0) {
  let revision = start;
  const sent: [string, number][] = [];
  const save = jest.fn(async (content: string, base: number) => {
    sent.push([content, base]);
    if (base !== revision) throw new ApiError('DRAFT_CONFLICT', 'stale', 409);
    revision += 1;
    return revision;
  });
  return {
    save,
    sent,
    bump: () => (revision += 1),
    get revision() {
      return revision;
    },
  };
}

describe('DraftAutosaver', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('saves once, 1 s after the last change, the latest text', async () => {
    const srv = server();
    const statuses: SaveStatus[] = [];
    const s = new DraftAutosaver({ save: srv.save, onStatus: (x) => statuses.push(x) });
    let text = 'a';
    s.change(() => text);
    jest.advanceTimersByTime(600);
    text = 'ab';
    s.change(() => text);
    jest.advanceTimersByTime(999);
    expect(srv.save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(srv.sent).toEqual([['ab', 0]]);
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
    expect(s.dirty).toBe(false);
    expect(s.revision).toBe(1);
  });

  it('saves at least every 3 s while typing never pauses for 1 s', async () => {
    const srv = server();
    const s = new DraftAutosaver({ save: srv.save });
    let text = '';
    for (let ms = 0; ms < 9000; ms += 200) {
      text += 'x';
      s.change(() => text);
      jest.advanceTimersByTime(200);
      await flushPromises();
    }
    // 9 s of steady typing: a save at 3 s, 6 s and 9 s, each of the text as it was then
    expect(srv.sent.length).toBeGreaterThanOrEqual(3);
    expect(srv.sent[0]![0].length).toBe(15);
    expect(srv.sent.map(([, base]) => base)).toEqual(srv.sent.map((_, i) => i));
  });

  it('writes the local copy within 250 ms of a change, throttled while typing', () => {
    const kept: [string, boolean, number][] = [];
    const s = new DraftAutosaver({ save: server(3).save, revision: 3, onContent: (c, synced, r) => kept.push([c, synced, r]) });
    let text = '';
    for (let i = 0; i < 10; i++) {
      text += 'y';
      s.change(() => text);
      jest.advanceTimersByTime(100);
    }
    // 1 s of typing, one keystroke every 100 ms: the first change at once (the copy on disk
    // was in step with the server), then at most 250 ms behind: at 350, 650 and 950 ms
    expect(kept.map(([c]) => c.length)).toEqual([1, 4, 7, 10]);
    expect(kept.at(-1)).toEqual(['yyyyyyyyyy', false, 3]);
  });

  it('retries a network failure with back-off until it succeeds, reporting the failure once', async () => {
    let fail = 3;
    const save = jest.fn(async () => {
      if (fail-- > 0) throw new ApiError(NETWORK_ERROR);
      return 1;
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

  it('is offline, not in error, while the browser is offline, and saves at once when it returns', async () => {
    let online = true;
    const srv = server();
    const save = jest.fn(async (c: string, r: number) => {
      if (!online) throw new ApiError(NETWORK_ERROR);
      return srv.save(c, r);
    });
    const onFailure = jest.fn();
    const s = new DraftAutosaver({ save, onFailure, isOnline: () => online, backoffMs: [60_000] });
    online = false;
    s.change(() => 'typed offline');
    jest.advanceTimersByTime(1000);
    await flushPromises();
    expect(s.status).toBe('offline');
    expect(onFailure).not.toHaveBeenCalled();
    online = true;
    s.setOnline(true);
    jest.advanceTimersByTime(0);
    await flushPromises();
    expect(s.status).toBe('saved');
    expect(srv.sent).toEqual([['typed offline', 0]]);
  });

  it('stops at a conflict until the user chooses, then saves on the server revision', async () => {
    const srv = server(2);
    const onConflict = jest.fn();
    const s = new DraftAutosaver({ save: srv.save, revision: 2, onConflict });
    srv.bump(); // another tab saved revision 3
    let text = 'mine';
    s.change(() => text);
    jest.advanceTimersByTime(1000);
    await flushPromises();
    expect(s.status).toBe('conflict');
    expect(onConflict).toHaveBeenCalledWith('mine');
    text = 'mine, more';
    s.change(() => text);
    jest.advanceTimersByTime(10_000);
    await flushPromises();
    expect(srv.save).toHaveBeenCalledTimes(1);
    s.resolve(3, () => text, true);
    jest.advanceTimersByTime(0);
    await flushPromises();
    expect(srv.sent.at(-1)).toEqual(['mine, more', 3]);
    expect(s.status).toBe('saved');
    expect(s.revision).toBe(4);
  });

  it('does not retry a refusal, and flush saves at once', async () => {
    const save = jest.fn(async (): Promise<number> => {
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

  it('stays in conflict when a save in flight ends after another tab was announced', async () => {
    let answer: (r: number) => void = () => undefined;
    const save = jest.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const s = new DraftAutosaver({ save });
    s.change(() => 'text');
    jest.advanceTimersByTime(1000);
    await flushPromises();
    expect(s.status).toBe('saving');
    s.hold();
    answer(1);
    await flushPromises();
    expect(s.status).toBe('conflict');
    expect(s.revision).toBe(1);
  });
});
