import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { describeError } from '../../lib/errors';
import { useSearchText } from '../../lib/use-debounced';

export interface Cursor {
  afterName: string;
  afterId: string;
}
export interface Page<T> {
  rows: T[];
  next: Cursor | null;
}

/**
 * An administration list with the study list's conventions: a search box, keyset pages
 * ('Carregar mais' asks for the rows after the last one), loading and empty states.
 */
export function AdminList<T extends { id: string }>({
  queryKey,
  fetchPage,
  renderRow,
  empty,
  searchLabel,
  toolbar,
  testId,
}: {
  queryKey: readonly unknown[];
  fetchPage: (q: string, cursor: Cursor | null, signal: AbortSignal) => Promise<Page<T>>;
  renderRow: (row: T) => ReactNode;
  empty: string;
  searchLabel: string;
  toolbar?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const search = useSearchText(0);
  const q = search.q;
  const list = useInfiniteQuery({
    queryKey: [...queryKey, q],
    queryFn: ({ pageParam, signal }) => fetchPage(q, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last) => last.next,
    // While a new search loads, the rows of the last one stay (and stay clickable) rather than
    // giving way to skeletons: a click a moment after typing is not lost, and nothing flashes.
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Stack spacing={2} data-testid={testId} aria-busy={search.settling || list.isPlaceholderData}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={searchLabel}
          value={search.typed}
          onChange={(e) => search.setTyped(e.target.value)}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': `${testId}-search` },
          }}
        />
        {toolbar}
      </Stack>
      {list.isPlaceholderData && <LinearProgress aria-hidden data-testid={`${testId}-searching`} />}
      {list.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={t('common.loading')} data-testid={`${testId}-loading`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeError(list.error, t)}
        </Alert>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid={`${testId}-empty`}>
          <Typography color="text.secondary">{empty}</Typography>
        </Paper>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <li key={row.id}>{renderRow(row)}</li>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
          data-testid={`${testId}-more`}
        >
          {t('admin.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
