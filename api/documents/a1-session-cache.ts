/**
 * Opened A1 certificates kept in memory per session for a short time (issue 6): opening the
 * PKCS#12 (PBKDF + decryption + parsing) is most of a signature's cost, and a doctor signs a
 * batch of reports in one sitting. An entry is found only with the same session, the same
 * registered certificate (its row id changes when it is replaced) and the same password: the
 * key holds an HMAC of the password under a per-process random secret, so a wrong password is
 * a miss and goes through the full check again. Nothing here is ever written anywhere.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { A1 } from '../../documents/signing/a1-certificate';

export const A1_CACHE_TTL_MS = 15 * 60_000;

interface Entry {
  userId: string;
  a1: A1;
  expiresAt: number;
}

export class A1SessionCache {
  private readonly secret = randomBytes(32);
  /** key → entry; at most one entry per session (the last certificate opened). */
  private readonly entries = new Map<string, Entry>();
  private readonly keyOfSession = new Map<string, string>();

  constructor(
    private readonly ttlMs = A1_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private key(sessionId: string, certificateId: string, password: string): string {
    const mac = createHmac('sha256', this.secret).update(password, 'utf8').digest('base64url');
    return `${sessionId}\u0000${certificateId}\u0000${mac}`;
  }

  /**
   * The certificate opened with this password in this session, or `open()`'s answer, kept
   * only when it succeeds (a refusal is never remembered, so it is checked every time).
   */
  async open(
    caller: { sessionId: string; userId: string },
    certificateId: string,
    password: string,
    open: () => A1 | Promise<A1>,
  ): Promise<A1> {
    const key = this.key(caller.sessionId, certificateId, password);
    const hit = this.entries.get(key);
    if (hit && hit.userId === caller.userId && hit.expiresAt > this.now()) return hit.a1;
    if (hit) this.entries.delete(key);
    const a1 = await open();
    this.forgetSession(caller.sessionId);
    this.entries.set(key, { userId: caller.userId, a1, expiresAt: this.now() + this.ttlMs });
    this.keyOfSession.set(caller.sessionId, key);
    this.sweep();
    return a1;
  }

  /** On logout or session end. */
  forgetSession(sessionId: string): void {
    const key = this.keyOfSession.get(sessionId);
    if (key) this.entries.delete(key);
    this.keyOfSession.delete(sessionId);
  }

  /** On certificate upload (replace) or delete: every session of the user. */
  forgetUser(userId: string): void {
    for (const [key, e] of this.entries) {
      if (e.userId !== userId) continue;
      this.entries.delete(key);
      this.keyOfSession.delete(key.slice(0, key.indexOf('\u0000')));
    }
  }

  /** Whether the session holds an opened certificate that has not expired. */
  holds(sessionId: string): boolean {
    const key = this.keyOfSession.get(sessionId);
    const e = key ? this.entries.get(key) : undefined;
    return Boolean(e && e.expiresAt > this.now());
  }

  /** Expired entries go as new ones come, so the map holds only live sessions' keys. */
  private sweep(): void {
    const now = this.now();
    for (const [key, e] of this.entries) {
      if (e.expiresAt > now) continue;
      this.entries.delete(key);
      this.keyOfSession.delete(key.slice(0, key.indexOf('\u0000')));
    }
  }
}

/** The api process's cache (sessions are per api process; another replica opens its own). */
export const a1SessionCache = new A1SessionCache();
