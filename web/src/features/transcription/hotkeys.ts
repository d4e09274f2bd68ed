/**
 * The transcription player's keys (issue 17). USB foot pedals mostly emit F-keys (often
 * F1–F4, configurable), so each command has an F-key; Ctrl+Space plays and pauses for a
 * keyboard-only typist. They are taken before the editor sees them, so they work while the
 * cursor is in the text. Pure.
 */
export type PlayerCommand = 'toggle' | 'back' | 'forward' | 'slower' | 'faster';

/** Seconds one back / forward jumps. */
export const SKIP_SECONDS = 5;
/** The playback speeds offered, slowest first (0.5–2×). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The command of a key press, or null (the key is left to the page and the editor). */
export function commandOf(e: KeyLike): PlayerCommand | null {
  if (e.altKey || e.metaKey) return null;
  if (!e.ctrlKey && !e.shiftKey) {
    switch (e.key) {
      case 'F1':
        return 'back';
      case 'F2':
        return 'toggle';
      case 'F3':
        return 'forward';
      case 'F4':
        return 'slower';
      case 'F8':
        return 'faster';
      default:
        return null;
    }
  }
  // Ctrl+arrows stay the editor's word moves.
  if (e.ctrlKey && !e.shiftKey && (e.code === 'Space' || e.key === ' ')) return 'toggle';
  return null;
}

/** The next speed in `direction` (-1 slower, +1 faster), staying within SPEEDS. */
export function nextSpeed(current: number, direction: -1 | 1): number {
  // The nearest offered speed first: a rate set elsewhere still steps sensibly.
  let index = 0;
  SPEEDS.forEach((s, i) => {
    if (Math.abs(s - current) < Math.abs((SPEEDS[index] ?? 1) - current)) index = i;
  });
  const next = Math.min(SPEEDS.length - 1, Math.max(0, index + direction));
  return SPEEDS[next] ?? 1;
}

/** The position after a jump, within [0, duration] (an unknown duration bounds only below). */
export function skipTo(current: number, delta: number, duration: number): number {
  const target = Math.max(0, current + delta);
  return Number.isFinite(duration) && duration > 0 ? Math.min(duration, target) : target;
}

/** mm:ss (h:mm:ss past an hour) of a position in seconds. */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${String(m).padStart(2, '0')}:${sec}`;
}
