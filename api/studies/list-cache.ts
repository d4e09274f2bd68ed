/**
 * The worklist's answers kept per caller and query, each valid for one list version of the
 * account (ADR 040). The version is changed by the commit of any write the list could show
 * (triggers, migration 20261129050000) and read with the session, so an answer is served from
 * here only while nothing it depends on has changed, on this replica or any other.
 *
 * Not kept: a caller whose access follows a shift schedule (the clock changes it), answers with
 * the reports (`retrieveReport`), and accounts that have no version yet.
 */
import type { Context } from 'koa';
import { KeptByVersion, callerKey } from '../http/kept-by-version';
import { JSON_COMPRESS, compressedJson } from '../http/spa';
import type { StudyPage } from './study-queries';

/** Enough for a reading room's doctors and their few filters each; a page is ~30 KB. */
const MAX_ENTRIES = 1_000;

/**
 * A kept answer: its JSON text when presenting it does not depend on the clock, else the rows
 * to present on each read (a routine's remaining time) — never both.
 */
export type CachedList = {
  version: string;
  /** The text compressed, once per encoding a caller accepted. */
  encoded?: Partial<Record<'br' | 'gzip', Buffer>>;
} & ({ json: string; page: null } | { json: null; page: StudyPage });

/**
 * Answers with a kept JSON text, compressed once per entry rather than on every read (the
 * compression middleware leaves a body that already has its encoding).
 */
export function sendKept(ctx: Context, entry: CachedList, json: string): void {
  ctx.type = 'json';
  const encoding = json.length >= JSON_COMPRESS.threshold ? ctx.acceptsEncodings('br', 'gzip') : false;
  if (encoding !== 'br' && encoding !== 'gzip') {
    ctx.body = json;
    return;
  }
  entry.encoded ??= {};
  ctx.vary('Accept-Encoding');
  ctx.set('Content-Encoding', encoding);
  ctx.body = entry.encoded[encoding] ??= compressedJson(json, encoding);
}

export class ListCache extends KeptByVersion<CachedList> {
  /** Reads under way, so that callers asking the same at once wait for one read (after a write, a whole room asks). */
  private readonly reads = new Map<string, { version: string; entry: Promise<CachedList | null> }>();

  constructor(maxEntries = MAX_ENTRIES) {
    super(maxEntries);
  }

  /**
   * The read under way for `key` at `version`, if any: its answer, or null when it was not to
   * be kept or failed (the caller then reads its own). Safe to share: a caller that read the
   * same version saw no commit after that read began.
   */
  pending(key: string, version: string): Promise<CachedList | null> | undefined {
    const read = this.reads.get(key);
    return read?.version === version ? read.entry : undefined;
  }

  /** Marks a read of `key` at `version` as under way until `entry` settles. */
  reading(key: string, version: string, entry: Promise<CachedList | null>): void {
    const read = { version, entry: entry.catch(() => null) };
    this.reads.set(key, read);
    void read.entry.then(() => {
      if (this.reads.get(key) === read) this.reads.delete(key);
    });
  }
}

/** Who asks and what: an answer is the caller's own (scope, unread comments) for one query string. */
export const listCacheKey = (user: { id: string; superRole: boolean }, accountId: string, querystring: string): string =>
  `${callerKey(user, accountId)}|${querystring}`;
