import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../domain/studies/schemas';
import type { StudyListParams } from './query-keys';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

/** Page (1-based), page size and keyset cursor from the address bar; anything odd falls back to 1 / 25. */
export function readListParams(search: URLSearchParams): StudyListParams {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const cursor = search.get('cursor');
  const params: StudyListParams = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
  if (cursor && cursor.length <= 200 && params.page > 1) params.cursor = cursor;
  return params;
}

export function writeListParams(params: StudyListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.page !== 1) out.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(params.pageSize));
  if (params.cursor && params.page > 1) out.set('cursor', params.cursor);
  return out;
}
