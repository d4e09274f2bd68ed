/** The session token, kept in localStorage under 'access_token'. */
export const TOKEN_STORAGE_KEY = 'access_token';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Set with the token's removal when the session expired, so other windows can say why. */
export const SESSION_END_STORAGE_KEY = 'session_end';

export function setToken(token: string): void {
  try {
    window.localStorage.removeItem(SESSION_END_STORAGE_KEY);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
}

export function clearToken(reason?: 'expired'): void {
  try {
    if (reason) window.localStorage.setItem(SESSION_END_STORAGE_KEY, reason);
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/** Whether the last session ended by expiring (told by clearToken in any window). */
export function sessionExpired(): boolean {
  try {
    return window.localStorage.getItem(SESSION_END_STORAGE_KEY) === 'expired';
  } catch {
    return false;
  }
}
