import { useEffect, useReducer, useRef } from 'react';
import { type FrameImages, type FrameVariant, frameImageUrl } from './frame-images';
import type { StackImage, Window } from './stack';

export type PictureMode = 'still' | 'drag' | 'cine';

/** The picture shown: its object URL, the address it came from, and whether it is native size. */
export interface Picture {
  url: string | null;
  address: string | null;
  native: boolean;
}

/** The two pictures of a frame: a fast one (JPEG fitted to the screen) and the native one. */
export function frameVariants(window: Window | null, fastSize: number): { fast: FrameVariant; native: FrameVariant } {
  return { fast: { window, size: fastSize, format: 'jpeg' }, native: { window, format: 'png' } };
}

/** True when the fast picture would be smaller than the frame (else only the native one is useful). */
export function needsPreview(image: StackImage, fastSize: number): boolean {
  return !image.rows || !image.columns || Math.max(image.rows, image.columns) > fastSize;
}

/**
 * Progressive display of one frame: what is cached shows at once (native first), else the
 * last picture stays until the next arrives; a still frame loads the fast picture, then the
 * native (lossless, Rows × Columns) one; a window drag or cine loads only the fast one.
 */
export function useFramePicture(opts: {
  cache: FrameImages;
  studyId: string;
  image: StackImage | undefined;
  window: Window | null;
  fastSize: number;
  mode: PictureMode;
  /** False until the area is measured (its size picks the preview's). */
  ready: boolean;
}): Picture {
  const { cache, studyId, image, window, fastSize, mode, ready } = opts;
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const last = useRef<Picture>({ url: null, address: null, native: false });
  const v = frameVariants(window, fastSize);
  const fast = image ? frameImageUrl(studyId, image, v.fast) : null;
  const native = image ? frameImageUrl(studyId, image, v.native) : null;

  useEffect(() => {
    if (!image || !fast || !native) return;
    const ctl = new AbortController();
    const done = () => !ctl.signal.aborted && loaded();
    const ignore = () => undefined;
    if (!ready) return;
    const wantFast = mode !== 'still' || needsPreview(image, fastSize);
    // The preview first, the native picture after it: asked together, the native one's decoding
    // would hold the server's thread and the preview would come no sooner than it.
    const first =
      wantFast && !cache.peek(fast) && !cache.peek(native) ? cache.load(fast, ctl.signal).then(done) : Promise.resolve();
    if (mode === 'still' && !cache.peek(native))
      void first.then(() => !ctl.signal.aborted && cache.load(native, ctl.signal).then(done)).catch(ignore);
    else void first.catch(ignore);
    return () => ctl.abort();
  }, [cache, image, fast, native, mode, fastSize, ready]);

  if (!fast || !native) return { url: null, address: null, native: false };
  const nativeUrl = cache.peek(native);
  const fastUrl = cache.peek(fast);
  const order: [string | undefined, string, boolean][] =
    mode === 'cine'
      ? [
          [fastUrl, fast, false],
          [nativeUrl, native, true],
        ]
      : [
          [nativeUrl, native, true],
          [fastUrl, fast, false],
        ];
  const hit = order.find(([u]) => u);
  if (hit) last.current = { url: hit[0]!, address: hit[1], native: hit[2] };
  return last.current;
}
