import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import TodayIcon from '@mui/icons-material/Today';
import { zonedDay } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { reportRoute } from '../../lib/exam-path';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { LiveIndicator } from '../studies/LiveIndicator';
import { PAGE_SIZES } from '../studies/list-params';
import { useScheduledExams, useScheduledExamsLive } from './api';
import { EMPTY_WORKLIST, EXAM_STATUS_FILTERS, readWorklist, writeWorklist, type WorklistFilters } from './params';
import { ScheduledExamsTable } from './ScheduledExamsTable';

/** /scheduled-exams — the worklist 'agendados': the account's scheduled exams (no institution). */
export function ScheduledExamsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionData();
  const account = currentAccount(session);
  const [search, setSearch] = useSearchParams();
  const { filters, params } = readWorklist(search);
  const [text, setText] = useState(filters.q);
  const exams = useScheduledExams(params, filters);
  const liveStatus = useScheduledExamsLive();
  // Without institution the permission held in any of the account's institutions counts (decision 005).
  const mayChangeStatus =
    session.superRole ||
    account?.isAdmin === true ||
    (account?.institutions ?? []).some((i) => i.permissions.includes('STUDIES_CHANGE_EXAM_STATUS'));

  const setFilters = (next: WorklistFilters) => setSearch(writeWorklist(next, { page: 1, pageSize: params.pageSize }));
  const today = zonedDay(new Date());
  const todayOnly = filters.from === today && filters.to === today;
  const filtered = filters.q !== '' || filters.examStatus.length > 0 || filters.from !== '' || filters.to !== '';
  const toggleStatus = (s: (typeof EXAM_STATUS_FILTERS)[number]) =>
    setFilters({
      ...filters,
      examStatus: filters.examStatus.includes(s) ? filters.examStatus.filter((x) => x !== s) : [...filters.examStatus, s],
    });
  const open = (id: string) => void navigate(reportRoute(id));
  const shortText = text.trim().length > 0 && text.trim().length < 3;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('worklist.title')}
        </Typography>
        <LiveIndicator status={liveStatus} />
        <Button
          size="small"
          component={RouterLink}
          to="/studies"
          startIcon={<ArrowBackIcon />}
          data-testid="worklist-studies-link"
        >
          {t('worklist.doneStudies')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('worklist.intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              size="small"
              label={t('studies.filters.text')}
              placeholder={t('studies.filters.textPlaceholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && !shortText && setFilters({ ...filters, q: text.trim() })}
              onBlur={() => !shortText && text.trim() !== filters.q && setFilters({ ...filters, q: text.trim() })}
              error={shortText}
              helperText={shortText ? t('studies.filters.textHint') : undefined}
              sx={{ flex: 2, minWidth: 0 }}
              slotProps={{ htmlInput: { 'data-testid': 'worklist-search', maxLength: 100 } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('studies.filters.from')}
              value={filters.from}
              onChange={(e) => setFilters({ ...filters, from: e.target.value })}
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'worklist-from' } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('studies.filters.to')}
              value={filters.to}
              onChange={(e) => setFilters({ ...filters, to: e.target.value })}
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'worklist-to' } }}
            />
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
            role="group"
            aria-label={t('worklist.columns.examStatus')}
          >
            <Chip
              icon={<TodayIcon />}
              label={t('worklist.today')}
              color={todayOnly ? 'primary' : 'default'}
              variant={todayOnly ? 'filled' : 'outlined'}
              aria-pressed={todayOnly}
              onClick={() => setFilters({ ...filters, from: todayOnly ? '' : today, to: todayOnly ? '' : today })}
              data-testid="worklist-today"
            />
            {EXAM_STATUS_FILTERS.map((s) => {
              const on = filters.examStatus.includes(s);
              return (
                <Chip
                  key={s}
                  label={s === 'NONE' ? t('worklist.noStatus') : t(`studyMaintenance.examStatus.${s}`)}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => toggleStatus(s)}
                  data-testid={`worklist-filter-${s}`}
                />
              );
            })}
            <Box sx={{ flex: 1 }} />
            {filtered && (
              <Button
                size="small"
                onClick={() => {
                  setText('');
                  setFilters(EMPTY_WORKLIST);
                }}
                data-testid="worklist-clear"
              >
                {t('studies.filters.clear')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>

      {exams.isError && !exams.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void exams.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="worklist-error"
        >
          {t('worklist.loadError')} {describeError(exams.error, t)}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {exams.isFetching && !exams.isPending && <LinearProgress aria-hidden />}
          <TableContainer aria-busy={exams.isPending}>
            <ScheduledExamsTable
              exams={exams.data?.exams}
              loading={exams.isPending}
              skeletonRows={Math.min(params.pageSize, 8)}
              mayChangeStatus={mayChangeStatus}
              onOpen={open}
            />
          </TableContainer>
          {exams.data && exams.data.exams.length === 0 && (
            <Stack spacing={1} sx={{ alignItems: 'center', py: 5 }} data-testid="worklist-empty">
              <EventBusyOutlinedIcon color="disabled" sx={{ fontSize: 40 }} />
              <Typography color="text.secondary">{filtered ? t('worklist.emptyFiltered') : t('worklist.empty')}</Typography>
            </Stack>
          )}
          <TablePagination
            component="div"
            count={exams.data?.total ?? 0}
            page={Math.max(0, Math.min(params.page - 1, Math.ceil((exams.data?.total ?? 0) / params.pageSize) - 1))}
            rowsPerPage={params.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, page) => setSearch(writeWorklist(filters, { page: page + 1, pageSize: params.pageSize }))}
            onRowsPerPageChange={(e) => setSearch(writeWorklist(filters, { page: 1, pageSize: Number(e.target.value) }))}
            labelRowsPerPage={t('studies.pagination.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('studies.pagination.displayedRows', { from, to, count })}
            getItemAriaLabel={(type) => t(`studies.pagination.${type}`)}
            data-testid="worklist-pagination"
          />
        </Paper>
      )}
    </Stack>
  );
}
