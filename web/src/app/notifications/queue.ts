/**
 * Pure rules of the notification stack (spec 3 §9): a notification stays 4000 ms, a toast
 * (a short confirmation, a crashed component) 1500 ms; at most 3 show at once, of either kind.
 */
export const NOTICE_DURATION_MS = 4000;
export const TOAST_DURATION_MS = 1500;
export const MAX_NOTICES = 3;

export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
}

/**
 * Adds a notice: an identical one already showing is not repeated, and when more than
 * `max` would show, the oldest go.
 */
export function pushNotice(list: readonly Notice[], notice: Notice, max = MAX_NOTICES): Notice[] {
  if (list.some((n) => n.message === notice.message && n.severity === notice.severity)) return [...list];
  const next = [...list, notice];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function removeNotice(list: readonly Notice[], id: number): Notice[] {
  return list.filter((n) => n.id !== id);
}
