import { readFilters, writeFilters, type StudyFilters } from './filters';

/** A named set of filters, kept per account under `savedFilters:{accountId}` (see saved-filters-store.ts). */
export interface SavedFilter {
  name: string;
  /** The filters as an address-bar query (`modality=CT&status=0,1`). */
  query: string;
}

export const SAVED_FILTER_NAME_MAX = 60;
export const SAVED_FILTERS_MAX = 30;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function savedFiltersKey(accountId: string): string {
  return `savedFilters:${accountId}`;
}

/** The saved filters of an account, sorted by name; damaged entries are skipped. */
export function loadSavedFilters(store: Store, accountId: string): SavedFilter[] {
  let raw: unknown;
  try {
    raw = JSON.parse(store.getItem(savedFiltersKey(accountId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: SavedFilter[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const { name, query } = item as Record<string, unknown>;
    if (typeof name !== 'string' || typeof query !== 'string' || !name.trim()) continue;
    const key = name.trim().toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name: name.trim(), query: writeFilters(readFilters(new URLSearchParams(query))).toString() });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function store(s: Store, accountId: string, list: SavedFilter[]): SavedFilter[] {
  try {
    s.setItem(savedFiltersKey(accountId), JSON.stringify(list));
  } catch {
    // storage full or blocked: the list stays as it was for this session
  }
  return list;
}

/** Saves (or replaces, by name ignoring case) the filters under a name. Returns the new list. */
export function saveFilter(s: Store, accountId: string, name: string, filters: StudyFilters): SavedFilter[] {
  const clean = name.trim().slice(0, SAVED_FILTER_NAME_MAX);
  if (!clean) return loadSavedFilters(s, accountId);
  const rest = loadSavedFilters(s, accountId).filter((f) => f.name.toLocaleLowerCase() !== clean.toLocaleLowerCase());
  const next = [...rest, { name: clean, query: writeFilters(filters).toString() }]
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, SAVED_FILTERS_MAX);
  return store(s, accountId, next);
}

export function deleteSavedFilter(s: Store, accountId: string, name: string): SavedFilter[] {
  return store(
    s,
    accountId,
    loadSavedFilters(s, accountId).filter((f) => f.name !== name),
  );
}

export function savedFilterValue(saved: SavedFilter): StudyFilters {
  return readFilters(new URLSearchParams(saved.query));
}
