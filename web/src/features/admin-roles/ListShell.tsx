import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../app/PageHeader';

/**
 * The administration lists' frame (the study list's conventions): heading, search, an action,
 * then loading skeletons, the error, the empty line or the rows, and 'load more' while the
 * server has further pages.
 */
export function ListShell(props: {
  testId: string;
  title: string;
  intro: string;
  search: string;
  onSearch: (v: string) => void;
  /** The search is too short to run (spec 3 §5: from 3 characters). */
  searchShort?: boolean;
  more?: { has: boolean; loading: boolean; onMore: () => void };
  /** The rows shown are the last search's while a new one loads (a bar says so). */
  searching?: boolean;
  /** The rows are about to change (a typed search not yet answered): aria-busy, so a click waits. */
  busy?: boolean;
  action?: ReactNode;
  /** Shown above the rows whatever their state (a setting of the whole list). */
  header?: ReactNode;
  state: 'pending' | 'error' | 'success';
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={2}
      sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}
      data-testid={props.testId}
      aria-busy={Boolean(props.busy ?? props.searching)}
    >
      <PageHeader title={props.title} intro={props.intro} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('adminRoles.search')}
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          helperText={props.searchShort ? t('adminRoles.searchMin') : undefined}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': `${props.testId}-search`, maxLength: 100 } }}
        />
        {props.action}
      </Stack>
      {props.header}
      {props.searching && <LinearProgress aria-hidden data-testid={`${props.testId}-searching`} />}
      {props.state === 'pending' ? (
        <Stack spacing={1} aria-busy>
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </Stack>
      ) : props.state === 'error' ? (
        <Alert severity="error">{t('adminRoles.loadError')}</Alert>
      ) : props.empty ? (
        <Typography color="text.secondary" data-testid={`${props.testId}-empty`}>
          {props.emptyText}
        </Typography>
      ) : (
        <Stack spacing={1}>{props.children}</Stack>
      )}
      {props.state === 'success' && props.more?.has && (
        <Button
          variant="outlined"
          onClick={props.more.onMore}
          loading={props.more.loading}
          sx={{ alignSelf: 'center' }}
          data-testid={`${props.testId}-more`}
        >
          {t('adminRoles.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

/** Case- and accent-insensitive match of a search text (lists filtered in the browser). */
export function matches(text: string, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return fold(text).includes(fold(search.trim()));
}
