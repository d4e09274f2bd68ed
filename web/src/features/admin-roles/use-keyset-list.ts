/**
 * An administration list read in keyset pages (the users list's convention): the search runs
 * on the server from 3 characters (spec 3 §5), a moment after typing stops; 'load more' asks
 * for the rows after the last one.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_MIN } from '../../../../domain/account-users/schemas';

export function useKeysetList<P extends { nextCursor: string | null }>(
  queryKey: readonly unknown[],
  fetchPage: (q: string, cursor: string | null, signal: AbortSignal) => Promise<P>,
) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const v = typed.trim();
    if (v.length > 0 && v.length < SEARCH_MIN) return;
    const timer = setTimeout(() => setQ(v), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useInfiniteQuery({
    queryKey: [...queryKey, q],
    queryFn: ({ pageParam, signal }) => fetchPage(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new search keeps the last rows (and their buttons) until its own arrive.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const short = typed.trim().length > 0 && typed.trim().length < SEARCH_MIN;
  return {
    typed,
    setTyped,
    short,
    list,
    pages: list.data?.pages ?? [],
    /** The rows shown are the last search's, while the new one loads. */
    searching: list.isPlaceholderData,
    more: { has: list.hasNextPage, loading: list.isFetchingNextPage, onMore: () => void list.fetchNextPage() },
  };
}
