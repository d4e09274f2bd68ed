import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AlarmIcon from '@mui/icons-material/Alarm';
import { formatRemaining } from '../../../../domain/catalog/routines';
import type { OverdueListQuery } from '../../../../domain/notifications/overdue';
import { PageHeader } from '../../app/PageHeader';
import { describeError } from '../../lib/errors';
import { laudoStateLabel } from '../studies/state-label';
import { type OverdueStudy, fetchOverdue, notificationKeys } from './api';

type Which = OverdueListQuery['which'];
const WHICH: readonly Which[] = ['all', 'overdue', 'alert'];

function LateCell({ s }: { s: OverdueStudy }) {
  const { t } = useTranslation();
  return s.status === 'overdue' ? (
    <Chip size="small" color="error" label={t('overdue.late', { time: formatRemaining(s.minutesLate) })} />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label={t('overdue.inAlert')} />
  );
}

/**
 * 'Exames em atraso' (issue 18): the caller's open studies past their alert point or deadline,
 * most late first; read again every minute, as lateness grows with the clock.
 */
export function OverdueStudiesPage() {
  const { t, i18n } = useTranslation();
  const [which, setWhich] = useState<Which>('all');
  const list = useInfiniteQuery({
    queryKey: notificationKeys.overdue(which),
    queryFn: ({ pageParam, signal }) => fetchOverdue(which, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 60_000,
  });
  const rows = list.data?.pages.flatMap((p) => p.studies) ?? [];
  const at = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Stack spacing={2} data-testid="overdue-studies-page">
      <PageHeader title={t('overdue.title')} intro={t('overdue.intro')} icon={<AlarmIcon color="error" />} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={which}
        onChange={(_, v: Which | null) => v && setWhich(v)}
        aria-label={t('overdue.filter')}
      >
        {WHICH.map((w) => (
          <ToggleButton key={w} value={w} data-testid={`overdue-filter-${w}`}>
            {t(`overdue.which.${w}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list.isPending ? (
        <Stack spacing={1} aria-busy>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{describeError(list.error, t)}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="overdue-empty">
          {t('overdue.empty')}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('overdue.col.patient')}</TableCell>
                <TableCell>{t('overdue.col.exam')}</TableCell>
                <TableCell>{t('overdue.col.routine')}</TableCell>
                <TableCell>{t('overdue.col.deadline')}</TableCell>
                <TableCell>{t('overdue.col.late')}</TableCell>
                <TableCell>{t('overdue.col.doctor')}</TableCell>
                <TableCell>{t('overdue.col.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover data-testid={`overdue-${s.id}`}>
                  <TableCell>
                    <Link component={RouterLink} to={`/studies/report/${encodeURIComponent(s.id)}`}>
                      {s.patientName ?? '—'}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {[s.patientId, s.institutionName].filter(Boolean).join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell>{[s.modalities.join(', '), s.examType].filter(Boolean).join(' · ') || '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" label={s.routineName} sx={{ bgcolor: s.routineColor, color: 'common.white' }} />
                  </TableCell>
                  <TableCell>{at(s.deadline)}</TableCell>
                  <TableCell>
                    <LateCell s={s} />
                  </TableCell>
                  <TableCell>{s.responsibleName ?? t('overdue.noDoctor')}</TableCell>
                  <TableCell>{laudoStateLabel(t, s.laudoState)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.hasNextPage && (
        <Button disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} sx={{ alignSelf: 'center' }}>
          {t('overdue.more')}
        </Button>
      )}
    </Stack>
  );
}
