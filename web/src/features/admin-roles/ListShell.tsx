import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../app/PageHeader';

/**
 * The administration lists' frame (the study list's conventions): heading, search, an action,
 * then loading skeletons, the error, the empty line or the rows.
 */
export function ListShell(props: {
  testId: string;
  title: string;
  intro: string;
  search: string;
  onSearch: (v: string) => void;
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
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} data-testid={props.testId}>
      <PageHeader title={props.title} intro={props.intro} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('adminRoles.search')}
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': `${props.testId}-search` } }}
        />
        {props.action}
      </Stack>
      {props.header}
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
    </Stack>
  );
}

/** Case- and accent-insensitive match of a search text. */
export function matches(text: string, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return fold(text).includes(fold(search.trim()));
}
