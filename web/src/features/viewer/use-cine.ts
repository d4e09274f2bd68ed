import { useEffect, useRef, useState } from 'react';

/** Frames asked for ahead of the one shown while playing. */
const AHEAD = 16;

/**
 * Cine: shows the next frame every 1/fps s once its picture is loaded (a frame not there yet
 * is waited for, never skipped), keeps the next AHEAD frames loading, and measures the frames
 * really shown per second.
 */
export function useCine(opts: {
  playing: boolean;
  fps: number;
  count: number;
  index: number;
  setIndex: (i: number) => void;
  /** Starts loading frame i (idempotent); true when it is ready to show. */
  prefetch: (i: number) => boolean;
}): number | null {
  const { playing, fps, count } = opts;
  const latest = useRef(opts);
  latest.current = opts;
  const [shownFps, setShownFps] = useState<number | null>(null);

  useEffect(() => {
    if (!playing || count < 2) {
      setShownFps(null);
      return;
    }
    let raf = 0;
    let index = latest.current.index;
    let due = performance.now();
    const shown: number[] = [];
    let reported = 0;
    const tick = (now: number) => {
      const { prefetch, setIndex } = latest.current;
      for (let d = 1; d <= AHEAD; d++) prefetch((index + d) % count);
      const next = (index + 1) % count;
      // The frame set last must have been rendered first: two advances in one render would skip one.
      const rendered = latest.current.index === index;
      if (rendered && now >= due && prefetch(next)) {
        index = next;
        setIndex(next);
        // Keep the cadence, but never try to catch up on frames that arrived late.
        due = Math.max(due + 1000 / fps, now - 1000 / fps / 2);
        shown.push(now);
      }
      while (shown.length && shown[0]! < now - 1000) shown.shift();
      if (now - reported > 500) {
        reported = now;
        setShownFps(shown.length);
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, fps, count]);
  return shownFps;
}
