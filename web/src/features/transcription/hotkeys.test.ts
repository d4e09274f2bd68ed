import { describe, expect, it } from '@jest/globals';
import { commandOf, formatClock, nextSpeed, skipTo } from './hotkeys';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean; code: string }> = {},
) => ({
  key: k,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('transcription player keys', () => {
  it('maps the pedal F-keys and the Ctrl keys, and leaves every other key to the editor', () => {
    expect(commandOf(key('F1'))).toBe('back');
    expect(commandOf(key('F2'))).toBe('toggle');
    expect(commandOf(key('F3'))).toBe('forward');
    expect(commandOf(key('F4'))).toBe('slower');
    expect(commandOf(key('F8'))).toBe('faster');
    expect(commandOf(key(' ', { ctrlKey: true, code: 'Space' }))).toBe('toggle');
    // typing, selecting and the editor's own shortcuts pass through
    for (const k of [
      key('a'),
      key(' '),
      key('ArrowLeft'),
      key('ArrowLeft', { ctrlKey: true }),
      key('ArrowRight', { ctrlKey: true }),
      key('F2', { altKey: true }),
      key('F5'),
      key('Enter', { ctrlKey: true }),
    ])
      expect(commandOf(k)).toBeNull();
  });

  it('steps speeds within 0.5–2×, from the nearest offered speed', () => {
    expect(nextSpeed(1, 1)).toBe(1.25);
    expect(nextSpeed(1, -1)).toBe(0.75);
    expect(nextSpeed(2, 1)).toBe(2);
    expect(nextSpeed(0.5, -1)).toBe(0.5);
    expect(nextSpeed(1.1, 1)).toBe(1.25);
  });

  it('jumps within the audio and formats the clock', () => {
    expect(skipTo(3, -5, 30)).toBe(0);
    expect(skipTo(28, 5, 30)).toBe(30);
    expect(skipTo(10, 5, Number.NaN)).toBe(15);
    expect(formatClock(65.9)).toBe('01:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('00:00');
  });
});
