import { describe, expect, it } from '@jest/globals';
import {
  blocksMaskChange,
  can,
  formatTimer,
  levelOf,
  mustAskBeforeLeaving,
  nextState,
  type RecorderEvent,
  type RecorderState,
} from './recorder-machine';

const STATES: RecorderState[] = ['idle', 'starting', 'recording', 'paused', 'encoding', 'stopped', 'sending', 'sent'];
const EVENTS: RecorderEvent[] = [
  'start',
  'started',
  'failed',
  'keepClip',
  'pause',
  'resume',
  'stop',
  'encoded',
  'load',
  'send',
  'sent',
  'sendFailed',
  'discard',
];

describe('recorder state machine', () => {
  it('record → pause → resume → stop → playback → send', () => {
    const path: [RecorderEvent, RecorderState][] = [
      ['start', 'starting'],
      ['started', 'recording'],
      ['pause', 'paused'],
      ['resume', 'recording'],
      ['stop', 'encoding'],
      ['encoded', 'stopped'],
      ['send', 'sending'],
      ['sent', 'sent'],
    ];
    let s: RecorderState = 'idle';
    for (const [event, expected] of path) {
      s = nextState(s, event)!;
      expect(s).toBe(expected);
    }
  });

  it('re-recording from stopped overwrites; a failed send keeps the clip; a refused microphone goes back to idle', () => {
    expect(nextState('stopped', 'start')).toBe('starting');
    expect(nextState('sending', 'sendFailed')).toBe('stopped');
    expect(nextState('starting', 'failed')).toBe('idle');
    expect(nextState('starting', 'keepClip')).toBe('stopped');
    expect(nextState('stopped', 'discard')).toBe('idle');
    expect(nextState('idle', 'load')).toBe('stopped');
  });

  it('allows exactly the listed transitions (no send before stop, nothing after sent)', () => {
    const allowed = STATES.flatMap((s) => EVENTS.filter((e) => can(s, e)).map((e) => `${s}.${e}`));
    expect(allowed).toEqual([
      'idle.start',
      'idle.load',
      'starting.started',
      'starting.failed',
      'starting.keepClip',
      'recording.failed',
      'recording.pause',
      'recording.stop',
      'paused.failed',
      'paused.resume',
      'paused.stop',
      'encoding.failed',
      'encoding.encoded',
      'stopped.start',
      'stopped.load',
      'stopped.send',
      'stopped.discard',
      'sending.sent',
      'sending.sendFailed',
    ]);
    expect(can('recording', 'send')).toBe(false);
    expect(can('paused', 'pause')).toBe(false);
    expect(can('sent', 'start')).toBe(false);
  });

  it('asks before leaving while recording or with unsent audio, not when idle or sent', () => {
    expect(STATES.filter(mustAskBeforeLeaving)).toEqual(['recording', 'paused', 'encoding', 'stopped', 'sending']);
  });

  it('blocks the mask change while recording (paused included), not once stopped', () => {
    expect(STATES.filter(blocksMaskChange)).toEqual(['starting', 'recording', 'paused', 'encoding']);
  });
});

describe('timer HH:MM:SS', () => {
  it.each([
    [0, '00:00:00'],
    [1.999, '00:00:01'],
    [59, '00:00:59'],
    [60, '00:01:00'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [36_000 + 61, '10:01:01'],
    [360_000, '100:00:00'],
    [-5, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('%s s → %s', (s, text) => expect(formatTimer(s)).toBe(text));
});

describe('level meter', () => {
  it('is 0 for silence, 1 at full scale, about half at −30 dB', () => {
    expect(levelOf(new Float32Array(128))).toBe(0);
    expect(levelOf(new Float32Array(128).fill(1))).toBe(1);
    expect(levelOf(new Float32Array(128).fill(10 ** (-30 / 20)))).toBeCloseTo(0.5, 5);
    expect(levelOf(new Float32Array(0))).toBe(0);
  });
});
