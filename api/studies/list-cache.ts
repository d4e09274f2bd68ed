/**
 * The worklist's answers kept per caller and query, each valid for one list version of the
 * account (ADR 040). The version is changed by the commit of any write the list could show
 * (triggers, migration 20261129050000) and read with the session, so an answer is served from
 * here only while nothing it depends on has changed, on this replica or any other.
 *
 * Not kept: a caller whose access follows a shift schedule (the clock changes it), answers with
 * the reports (`retrieveReport`), and accounts that have no version yet.
 */
import type { StudyPage } from './study-queries';

/** Enough for a reading room's doctors and their few filters each; a page is ~30 KB. */
const MAX_ENTRIES = 1_000;

export interface CachedList {
  version: string;
  page: StudyPage;
  /** The whole answer, serialised once, when presenting it does not depend on the clock. */
  json: string | null;
}

export class ListCache {
  private readonly entries = new Map<string, CachedList>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /** The answer kept under `key` if it was read at `version`. */
  get(key: string, version: string): CachedList | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: CachedList): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Who asks and what: an answer is the caller's own (scope, unread comments) for one query string. */
export const listCacheKey = (user: { id: string; superRole: boolean }, accountId: string, querystring: string): string =>
  `${user.id}|${user.superRole ? 1 : 0}|${accountId}|${querystring}`;
