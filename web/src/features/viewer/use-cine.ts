import { useEffect, useRef, useState } from 'react';

/** Frames asked for ahead of the one shown while playing. */
const AHEAD = 16;
/** How often the rest of the viewer (position, slider, the page's selection) hears the frame. */
const SYNC_MS = 250;

/**
 * Cine: shows the next frame every 1/fps s once its picture is loaded (a frame not there yet
 * is waited for, never skipped) and the one before it is on screen, keeps the next AHEAD
 * frames loading, and measures the frames really shown per second. Frames are put in the
 * image element directly (a React render per frame costs more than a frame at 30/s on a busy
 * machine); React's index follows every SYNC_MS and when cine stops.
 */
export function useCine(opts: {
  playing: boolean;
  fps: number;
  count: number;
  index: number;
  setIndex: (i: number) => void;
  /** The image element showing the frames (its data-index names the frame it shows). */
  img: () => HTMLImageElement | null;
  /** The loaded picture of frame i, or undefined (and its loading started). */
  picture: (i: number) => string | undefined;
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
    let synced = 0;
    const tick = (now: number) => {
      const { picture, img, setIndex } = latest.current;
      for (let d = 1; d <= AHEAD; d++) picture((index + d) % count);
      const el = img();
      const onScreen = !!el && el.complete && el.dataset.index === String(index);
      if (el && onScreen && now >= due) {
        const next = (index + 1) % count;
        const url = picture(next);
        if (url) {
          el.dataset.index = String(next);
          el.src = url;
          index = next;
          // Keep the cadence, but never try to catch up on frames that arrived late.
          due = Math.max(due + 1000 / fps, now - 1000 / fps / 2);
          shown.push(now);
        }
      }
      while (shown.length && shown[0]! < now - 1000) shown.shift();
      if (now - reported > 500) {
        reported = now;
        setShownFps(shown.length);
      }
      if (now - synced > SYNC_MS) {
        synced = now;
        setIndex(index);
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(raf);
      latest.current.setIndex(index);
    };
  }, [playing, fps, count]);
  return shownFps;
}
