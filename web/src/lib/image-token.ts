import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ImageTokenAnswer } from '../../../domain/auth/sessions';
import { apiRequest } from './api';
import { getToken } from './token';

/**
 * The image token (api/auth/image-tokens.ts): what <img> URLs and the viewer frame's address
 * carry instead of the session token. It lives minutes; one per page (window), shared by its
 * users and renewed with the session at half its life, so a doctor reading for an hour never
 * meets an expired one. A frame starts from the token its page gave it.
 */
export interface ImageToken {
  token: string;
  /** When it ends, on this browser's clock (ms). */
  expiresAt: number;
}

const RETRY_MS = 5_000;

let current: ImageToken | null = null;
let users = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: ImageToken | null): void {
  current = next;
  for (const l of listeners) l();
}

function schedule(ms: number): void {
  if (timer) clearTimeout(timer);
  timer = users > 0 ? setTimeout(() => void renew(), Math.max(1_000, ms)) : null;
}

/** When the current token is due for renewal: half of what is left of it. */
const renewalDelay = (t: ImageToken) => (t.expiresAt - Date.now()) / 2;

function renew(): Promise<void> {
  if (users === 0 || !getToken()) return Promise.resolve();
  inFlight ??= (async () => {
    const asked = Date.now();
    try {
      const { token, expiresInSeconds } = await apiRequest('/auth/imageToken', { method: 'POST', schema: ImageTokenAnswer });
      const next = { token, expiresAt: asked + expiresInSeconds * 1000 };
      set(next);
      schedule(renewalDelay(next));
    } catch {
      // Offline or a server hiccup: try again soon. A session that ended logs out (lib/api).
      schedule(RETRY_MS);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** A timer may have slept with the computer or a hidden tab: renew on return if it is due. */
function onVisible(): void {
  if (document.visibilityState !== 'visible' || !current) return;
  if (renewalDelay(current) <= 1_000) void renew();
}

function acquire(given: ImageToken | null): void {
  users++;
  if (users === 1) document.addEventListener('visibilitychange', onVisible);
  if (given && (!current || given.expiresAt > current.expiresAt)) set(given);
  if (inFlight) return;
  if (current && renewalDelay(current) > 1_000) schedule(renewalDelay(current));
  else void renew();
}

function release(): void {
  users--;
  if (users > 0) return;
  document.removeEventListener('visibilitychange', onVisible);
  schedule(0); // clears the timer (no users)
}

/** Forgets the token (logout: it died with the session anyway). */
export function clearImageToken(): void {
  set(null);
}

/**
 * The page's current image token (null until the first one arrives), renewed while any
 * component uses it. `given`: the token this frame was handed in its address.
 */
export function useImageToken(given: ImageToken | null = null): ImageToken | null {
  const givenToken = given?.token;
  const givenExpiry = given?.expiresAt;
  const fallback = useMemo(
    () => (givenToken && givenExpiry ? { token: givenToken, expiresAt: givenExpiry } : null),
    [givenToken, givenExpiry],
  );
  useEffect(() => {
    acquire(fallback);
    return release;
  }, [fallback]);
  const shared = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => current,
  );
  // A token left from an earlier page of this window may have ended: not handed out again.
  const usable = (t: ImageToken | null) => (t && t.expiresAt - Date.now() > 2_000 ? t : null);
  return usable(shared) ?? usable(fallback);
}
