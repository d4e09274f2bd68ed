import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../domain/studies/schemas';
import { isLaudoState } from '../../../../domain/laudo/states';

/** Modalities offered by the filter (DICOM codes). */
export const MODALITIES = ['CT', 'MR', 'CR', 'DX', 'US', 'MG', 'NM', 'PT', 'XA', 'RF', 'OT'] as const;

/** The search text needs at least 3 characters (spec 3 §5); it is sent 400 ms after typing stops. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 400;

/** Newest exam first, oldest first, or most recently received first (by arrival). */
export type SortOrder = 'desc' | 'asc' | 'received';
export const SORT_ORDERS: readonly SortOrder[] = ['desc', 'asc', 'received'];
const readSort = (v: string | null): SortOrder => (v === 'asc' || v === 'received' ? v : 'desc');

/** What the filter bar chooses; empty strings / empty arrays mean "any". */
export interface StudyFilters {
  q: string;
  modality: string;
  institutionId: string;
  status: number[];
  from: string;
  to: string;
  sort: SortOrder;
}

export const EMPTY_FILTERS: StudyFilters = {
  q: '',
  modality: '',
  institutionId: '',
  status: [],
  from: '',
  to: '',
  sort: 'desc',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A search text the server accepts ('' when too short). */
export function usableSearch(text: string): string {
  const q = text.trim().slice(0, 100);
  return q.length >= SEARCH_MIN_CHARS ? q : '';
}

/** True while the typed text is too short to search (1–2 characters): the bar shows a hint. */
export function searchTooShort(text: string): boolean {
  const n = text.trim().length;
  return n > 0 && n < SEARCH_MIN_CHARS;
}

function validDay(v: string | null): string {
  return v && ISO_DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : '';
}

/** Filters from the address bar; anything the server would refuse is dropped. */
export function readFilters(search: URLSearchParams): StudyFilters {
  const modality = (search.get('modality') ?? '').toUpperCase();
  const institutionId = search.get('institution') ?? '';
  const status = [
    ...new Set(
      (search.get('status') ?? '')
        .split(',')
        .filter((s) => /^\d{1,2}$/.test(s))
        .map(Number)
        .filter((n) => isLaudoState(n)),
    ),
  ].sort((a, b) => a - b);
  return {
    q: usableSearch(search.get('q') ?? ''),
    modality: /^[A-Z]{2,4}$/.test(modality) ? modality : '',
    institutionId: UUID.test(institutionId) ? institutionId : '',
    status,
    from: validDay(search.get('from')),
    to: validDay(search.get('to')),
    sort: readSort(search.get('sort')),
  };
}

/** Adds the filters that differ from the defaults to `out` (address bar / saved filters). */
export function writeFilters(filters: StudyFilters, out = new URLSearchParams()): URLSearchParams {
  const q = usableSearch(filters.q);
  if (q) out.set('q', q);
  if (filters.modality) out.set('modality', filters.modality);
  if (filters.institutionId) out.set('institution', filters.institutionId);
  if (filters.status.length) out.set('status', [...filters.status].sort((a, b) => a - b).join(','));
  if (filters.from) out.set('from', filters.from);
  if (filters.to) out.set('to', filters.to);
  if (filters.sort !== 'desc') out.set('sort', filters.sort);
  return out;
}

/** How many filters differ from the defaults (the sort order counts as one). */
export function activeFilterCount(filters: StudyFilters): number {
  return [
    usableSearch(filters.q) !== '',
    filters.modality !== '',
    filters.institutionId !== '',
    filters.status.length > 0,
    filters.from !== '' || filters.to !== '',
    filters.sort !== 'desc',
  ].filter(Boolean).length;
}

export function sameFilters(a: StudyFilters, b: StudyFilters): boolean {
  return writeFilters(a).toString() === writeFilters(b).toString();
}

/** Page, page size and the keyset cursor of the page being read. */
export interface ListPosition {
  page: number;
  pageSize: number;
  cursor?: string;
}

/** The whole address-bar query of the list: filters first, then the position. */
export function writeListSearch(filters: StudyFilters, position: ListPosition): URLSearchParams {
  const out = writeFilters(filters);
  if (position.page !== 1) out.set('page', String(position.page));
  if (position.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(position.pageSize));
  if (position.cursor && position.page > 1) out.set('cursor', position.cursor);
  return out;
}

/** The `GET /studies` query for the filters and position. */
export function studiesApiQuery(filters: StudyFilters, position: ListPosition): URLSearchParams {
  const out = new URLSearchParams({ page: String(position.page), pageSize: String(position.pageSize) });
  const q = usableSearch(filters.q);
  if (q) out.set('q', q);
  if (filters.modality) out.set('modality', filters.modality);
  if (filters.institutionId) out.set('institutionId', filters.institutionId);
  if (filters.status.length) out.set('status', [...filters.status].sort((a, b) => a - b).join(','));
  if (filters.from) out.set('from', filters.from);
  if (filters.to) out.set('to', filters.to);
  out.set('sort', filters.sort === 'asc' ? 'asc' : 'desc');
  if (filters.sort === 'received') out.set('orderBy', 'received');
  if (position.cursor && position.page > 1) out.set('cursor', position.cursor);
  return out;
}

export function validPageSize(n: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(n);
}
