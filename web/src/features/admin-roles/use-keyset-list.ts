/**
 * An administration list read in keyset pages (the users list's convention): the search runs
 * on the server from 3 characters (spec 3 §5), a moment after typing stops; 'load more' asks
 * for the rows after the last one.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_MIN } from '../../../../domain/account-users/schemas';
import { useSearchText } from '../../lib/use-debounced';

export function useKeysetList<P extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  fetchPage: (q: string, cursor: string | null, signal: AbortSignal) => Promise<P>,
) {
  const { typed, setTyped, q, short, settling } = useSearchText(SEARCH_MIN);
  const list = useInfiniteQuery({
    queryKey: [...queryKey, q],
    queryFn: ({ pageParam, signal }) => fetchPage(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the last rows (and their buttons) until its own arrive.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  return {
    typed,
    setTyped,
    short,
    list,
    pages: list.data?.pages ?? [],
    /** The rows shown are the last search's, while the new one loads. */
    searching: list.isPlaceholderData,
    /** A typed search not yet answered: the rows are about to change (aria-busy). */
    busy: settling || list.isPlaceholderData,
    more: { has: list.hasNextPage, loading: list.isFetchingNextPage, onMore: () => void list.fetchNextPage() },
  };
}
