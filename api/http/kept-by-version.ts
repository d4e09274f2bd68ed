/**
 * Values kept per key for one version of what they were read from (the account's list version,
 * ADR 040): a value is handed out only while the version it was read at is current, and the
 * least recently used goes first past `maxEntries`.
 */
export class KeptByVersion<T extends { version: string }> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries: number) {}

  /** The value kept under `key` if it was read at `version`; a stale one is dropped. */
  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: T): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Who a kept value belongs to: the user, as super user or not, in one account. */
export const callerKey = (user: { id: string; superRole: boolean }, accountId: string): string =>
  `${user.id}|${user.superRole ? 1 : 0}|${accountId}`;
