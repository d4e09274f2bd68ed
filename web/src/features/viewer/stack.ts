import type { ViewerSeries } from '../../../../domain/imaging/viewer';

/** One image of a series' stack: an instance's frame (1-based, as WADO-RS counts). */
export interface StackImage {
  instanceId: string;
  frame: number;
}

/** Every frame of every instance, in order. Pure. */
export function stackOf(series: Pick<ViewerSeries, 'instances'>): StackImage[] {
  return series.instances.flatMap((i) =>
    Array.from({ length: Math.max(1, i.frames) }, (_, f) => ({ instanceId: i.instanceId, frame: f + 1 })),
  );
}

/** The next index after a scroll of `delta` images, kept inside the stack. Pure. */
export function scrollIndex(index: number, delta: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(length - 1, Math.max(0, index + delta));
}

/** Window after a drag: right widens, down raises the center (as most viewers do). Pure. */
export function dragWindow(w: { center: number; width: number }, dx: number, dy: number, sensitivity = 4) {
  return { center: Math.round(w.center + dy * sensitivity), width: Math.max(1, Math.round(w.width + dx * sensitivity)) };
}

/** The grid of the multi-study viewer (spec 3 §2): 1 fills, 2 side by side, 3+ in 2x2. Pure. */
export function gridOf(count: number): { columns: number; rows: number } {
  if (count <= 1) return { columns: 1, rows: 1 };
  if (count === 2) return { columns: 2, rows: 1 };
  return { columns: 2, rows: Math.ceil(count / 2) };
}
