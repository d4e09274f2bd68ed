import { useSyncExternalStore } from 'react';
import { NOTICE_DURATION_MS, TOAST_DURATION_MS, pushNotice, removeNotice, type Notice, type NoticeSeverity } from './queue';

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function dismissNotice(id: number): void {
  notices = removeNotice(notices, id);
  emit();
}

/** Shows a notification from anywhere (components, TanStack Query callbacks). */
export function notify(message: string, severity: NoticeSeverity = 'error', durationMs = NOTICE_DURATION_MS): void {
  const notice: Notice = { id: nextId++, message, severity };
  const next = pushNotice(notices, notice);
  if (!next.includes(notice)) return; // the same message is already showing
  notices = next;
  setTimeout(() => dismissNotice(notice.id), durationMs);
  emit();
}

/** A toast: the same stack, 1500 ms (spec 3 §9), still dismissible by hand. */
export function toast(message: string, severity: NoticeSeverity = 'error'): void {
  notify(message, severity, TOAST_DURATION_MS);
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => notices,
  );
}
