/**
 * The 2D stack viewer's pure parts: the images of a series in order, window/level from a
 * mouse drag, the messages the frame sends to the viewer page, and where a study opens.
 */
import { z } from 'zod';

export interface StackImage {
  imageKey: string;
  frame: number;
  /** The rendered-frame URL without window or token. */
  url: string;
  /** Native size (DICOM Rows × Columns), when known. */
  rows?: number | null;
  columns?: number | null;
}

/** Every frame of every instance of a series, in instance order. */
export function stackImages(
  instances: { imageKey: string; frames: number; url: string; rows?: number | null; columns?: number | null }[],
): StackImage[] {
  return instances.flatMap((i) => {
    const size = { rows: i.rows ?? null, columns: i.columns ?? null };
    return i.frames > 1
      ? Array.from({ length: i.frames }, (_, f) => ({
          imageKey: i.imageKey,
          frame: f + 1,
          url: i.url.replace(/\/rendered$/, `/frames/${f + 1}/rendered`),
          ...size,
        }))
      : [{ imageKey: i.imageKey, frame: 1, url: i.url, ...size }];
  });
}

export const clampIndex = (i: number, length: number) => (length === 0 ? 0 : Math.min(length - 1, Math.max(0, Math.round(i))));

export interface Window {
  center: number;
  width: number;
}

/**
 * Dragging right widens the window, dragging down raises the level; the step scales with the
 * width so a CT (thousands) and an 8-bit image both move at a usable speed.
 */
export function dragWindow(start: Window, dx: number, dy: number): Window {
  const step = Math.max(1, start.width / 256);
  return { center: Math.round(start.center + dy * step), width: Math.max(1, Math.round(start.width + dx * step)) };
}

/** The rendered URL of one image with the window, the viewport size and the frame's token. */
export function renderedUrl(image: StackImage, token: string, window: Window | null, viewport?: number): string {
  const q = new URLSearchParams({ token });
  if (window) q.set('window', `${window.center},${window.width}`);
  if (viewport) q.set('viewport', `${viewport},${viewport}`);
  return `${image.url}?${q.toString()}`;
}

/** A message the frame posts to the viewer page (as JSON text, spec 3 §2). */
export const FrameMessage = z.object({
  type: z.literal('laudos-viewer:selection'),
  studyId: z.string(),
  seriesId: z.string(),
  imageKey: z.string(),
  index: z.number().int(),
  count: z.number().int(),
});
export type FrameMessage = z.infer<typeof FrameMessage>;

export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = FrameMessage.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The key of the local setting that may open viewer and report together (spec 3 §2). */
export const SCREEN_ROLES_KEY = 'screen-roles';
/** Narrow screens go straight to the report page (spec 3 §2: max width 800 px). */
export const NARROW_MAX_WIDTH = 800;

/**
 * Where opening a study from the list goes: the report page on a narrow screen or by
 * default; the viewer (with the report beside it when the roles say so) when screen-roles
 * names the viewer. screen-roles is a JSON list (`["viewer","report"]`) or a comma list.
 */
export function openTarget(studyId: string, opts: { narrow: boolean; screenRoles: string | null }): string {
  const report = `/studies/report/${encodeURIComponent(studyId)}`;
  if (opts.narrow) return report;
  const roles = parseRoles(opts.screenRoles);
  if (!roles.includes('viewer')) return report;
  return `/studies/${encodeURIComponent(studyId)}/viewer/general${roles.includes('report') ? '?reportOpen=true' : ''}`;
}

function parseRoles(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
  } catch {
    // a plain comma list
  }
  return raw.split(',').map((x) => x.trim().toLowerCase());
}
