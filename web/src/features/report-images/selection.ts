/**
 * The dialog's selection (pure): images numbered in the order they were clicked, moved up
 * or down, external files after them in the PDF.
 */
import type { LaudoImage } from '../../../../domain/report-images/report-images';

export interface Picked {
  imageKey: string;
  frame: number;
}

export const sameImage = (a: Picked, b: Picked) => a.imageKey === b.imageKey && a.frame === b.frame;

/** Adds the image at the end, or removes it (the rest keep their order). */
export function toggle(list: readonly Picked[], image: Picked): Picked[] {
  return list.some((p) => sameImage(p, image)) ? list.filter((p) => !sameImage(p, image)) : [...list, image];
}

/** Moves the item at `index` by `delta` places, within bounds. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + delta));
  if (to === index || index < 0 || index >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/** 1-based number of the image in the selection, or null. */
export function numberOf(list: readonly Picked[], image: Picked): number | null {
  const i = list.findIndex((p) => sameImage(p, image));
  return i < 0 ? null : i + 1;
}

/** Adds every image not yet selected, in the order given ('selecionar todas'). */
export function selectAll(list: readonly Picked[], all: readonly Picked[]): Picked[] {
  return [...list, ...all.filter((a) => !list.some((p) => sameImage(p, a)))];
}

export function fromSaved(images: readonly LaudoImage[]): Picked[] {
  return [...images].sort((a, b) => a.order - b.order).map((i) => ({ imageKey: i.imageKey, frame: i.frame ?? 1 }));
}

export function toSaved(list: readonly Picked[]): LaudoImage[] {
  return list.map((p, i) => ({ imageKey: p.imageKey, order: i + 1, ...(p.frame !== 1 ? { frame: p.frame } : {}) }));
}

/** Only jpg, jpeg and png files are offered to the upload (the server checks the bytes). */
export function acceptedFile(name: string): boolean {
  return /\.(jpe?g|png)$/i.test(name);
}
