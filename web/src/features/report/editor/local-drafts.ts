/**
 * The browser's copy of typed text (issue 23), kept in IndexedDB: a finished IndexedDB
 * transaction is on disk when the browser is killed, where localStorage is committed
 * seconds later. Without IndexedDB (old browsers, jsdom) localStorage stands in. Every
 * copy is removed at logout and when the session expires.
 */
import { z } from 'zod';
import { getToken } from '../../../lib/token';

export const LocalDraft = z.object({
  laudoId: z.string(),
  version: z.number(),
  field: z.enum(['content', 'reviewContent']),
  content: z.string(),
  /** The server revision this text was typed on. */
  baseRevision: z.number().int().default(0),
  /** The editor instance (browser tab) that typed it: the server names the writer of each revision. */
  writer: z.string().nullable().default(null),
  /** The server acknowledged this exact text. */
  synced: z.boolean(),
  /** ms since epoch, for the reader's information only: recovery never compares clocks. */
  savedAt: z.number().default(0),
});
export type LocalDraft = z.infer<typeof LocalDraft>;

/** Older copies lived in localStorage under this prefix; they are still read and cleared. */
export const LEGACY_PREFIX = 'laudos.draft.';
const DB_NAME = 'laudos-drafts';
const STORE = 'drafts';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function idb(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

let opening: Promise<IDBDatabase | null> | null = null;
function openDb(): Promise<IDBDatabase | null> {
  const factory = idb();
  if (!factory) return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    const req = factory.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  return opening;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

function parse(value: unknown): LocalDraft | null {
  const parsed = LocalDraft.safeParse(typeof value === 'string' ? safeJson(value) : value);
  return parsed.success ? parsed.data : null;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The newer of two copies this same browser wrote (its own clock against itself). */
function newer(a: LocalDraft | null, b: LocalDraft | null): LocalDraft | null {
  if (!a || !b) return a ?? b;
  return b.savedAt > a.savedAt ? b : a;
}

/** The copy of one study's text, or null. */
export async function readLocalDraft(studyId: string): Promise<LocalDraft | null> {
  const legacy = parse(localStore()?.getItem(LEGACY_PREFIX + studyId) ?? null);
  const db = await openDb().catch(() => null);
  if (!db) return legacy;
  try {
    const tx = db.transaction(STORE, 'readonly');
    const req = tx.objectStore(STORE).get(studyId);
    await done(tx);
    return newer(parse(req.result), legacy);
  } catch {
    return legacy;
  }
}

/**
 * The page is going away (pagehide, beforeunload): localStorage takes the copy synchronously
 * (an IndexedDB write started now may not finish in a closing tab), IndexedDB too.
 */
export function keepLocalDraftNow(studyId: string, draft: LocalDraft): void {
  if (!getToken()) return;
  try {
    localStore()?.setItem(LEGACY_PREFIX + studyId, JSON.stringify(draft));
  } catch {
    // quota: the IndexedDB copy below
  }
  void writeLocalDraft(studyId, draft);
}

/** Replaces the copy of one study's text; never throws (quota, private mode: the saver still retries). */
export async function writeLocalDraft(studyId: string, draft: LocalDraft): Promise<void> {
  // After logout or expiry (the token is gone first) an unmounting editor must not write it back.
  if (!getToken()) return;
  const db = await openDb().catch(() => null);
  if (!getToken()) return;
  if (!db) {
    try {
      localStore()?.setItem(LEGACY_PREFIX + studyId, JSON.stringify(draft));
    } catch {
      // nowhere to keep it
    }
    return;
  }
  try {
    // 'strict': the copy is flushed before the transaction completes (a killed browser keeps it).
    const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
    tx.objectStore(STORE).put(draft, studyId);
    await done(tx);
  } catch {
    // nowhere to keep it
  }
}

export async function clearLocalDraft(studyId: string): Promise<void> {
  try {
    localStore()?.removeItem(LEGACY_PREFIX + studyId);
  } catch {
    // ignore
  }
  const db = await openDb().catch(() => null);
  if (!db) return;
  try {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(studyId);
    await done(tx);
  } catch {
    // ignore
  }
}

/** Logout and session expiry: no report text stays in this browser. */
export async function clearAllLocalDrafts(): Promise<void> {
  const store = localStore();
  try {
    const keys: string[] = [];
    for (let i = 0; store && i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(LEGACY_PREFIX)) keys.push(key);
    }
    keys.forEach((k) => store?.removeItem(k));
  } catch {
    // ignore
  }
  const db = await openDb().catch(() => null);
  if (!db) return;
  try {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).clear();
    await done(tx);
  } catch {
    // ignore
  }
}
