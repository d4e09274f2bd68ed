/**
 * Frame pictures for the stack viewer (issue 15): fetched with the frame's image token in the
 * header, kept as object URLs in a bounded cache shared by scrolling, the progressive
 * preview → native-size swap and cine, and decoded before they are shown so a swap never
 * flashes an empty image.
 */
import { API_PREFIX } from '../../lib/api';
import type { StackImage, Window } from './stack';

export interface FrameVariant {
  window: Window | null;
  /** Fit in this many pixels (a preview, or a cine frame); absent: native Rows × Columns. */
  size?: number;
  format: 'jpeg' | 'png';
}

/** The address of one frame's picture (without the token: it travels in a header). */
export function frameImageUrl(studyId: string, image: StackImage, v: FrameVariant): string {
  const q = new URLSearchParams({ format: v.format });
  if (v.window) q.set('window', `${v.window.center},${v.window.width}`);
  if (v.size) q.set('size', String(Math.round(v.size)));
  const path = `/studies/${encodeURIComponent(studyId)}/viewer/images/${encodeURIComponent(image.imageKey)}/frames/${image.frame}`;
  return `${API_PREFIX}${path}?${q.toString()}`;
}

interface Entry {
  url: string;
  bytes: number;
}

/** Bounds of the cache: many small cine frames, or a few native-size mammograms. */
const MAX_ENTRIES = 600;
const MAX_BYTES = 400 * 1024 * 1024;

/** A bounded LRU of decoded frame pictures, by address. */
export class FrameImages {
  private readonly ready = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<string>>();
  private bytes = 0;

  constructor(private readonly token: () => string) {}

  /** The object URL of a picture already loaded (and marks it recently used). */
  peek(address: string): string | undefined {
    const e = this.ready.get(address);
    if (!e) return undefined;
    this.ready.delete(address);
    this.ready.set(address, e);
    return e.url;
  }

  /** Loads (once) and decodes a picture; resolves to its object URL. */
  load(address: string, signal?: AbortSignal): Promise<string> {
    const have = this.peek(address);
    if (have) return Promise.resolve(have);
    let p = this.pending.get(address);
    if (!p) {
      p = this.fetchOne(address).finally(() => this.pending.delete(address));
      this.pending.set(address, p);
    }
    if (!signal) return p;
    return new Promise<string>((resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      p.then(resolve, reject);
    });
  }

  get size(): number {
    return this.ready.size;
  }

  private async fetchOne(address: string): Promise<string> {
    const res = await fetch(address, { headers: { access_token: this.token() } });
    if (!res.ok) throw new Error(`frame ${res.status}`);
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.src = url;
    try {
      await img.decode();
    } catch {
      URL.revokeObjectURL(url);
      throw new Error('frame not decodable');
    }
    this.ready.set(address, { url, bytes: blob.size });
    this.bytes += blob.size;
    while (this.ready.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [oldest, e] = this.ready.entries().next().value as [string, Entry];
      this.ready.delete(oldest);
      this.bytes -= e.bytes;
      URL.revokeObjectURL(e.url);
    }
    return url;
  }

  clear(): void {
    for (const e of this.ready.values()) URL.revokeObjectURL(e.url);
    this.ready.clear();
    this.bytes = 0;
  }
}
