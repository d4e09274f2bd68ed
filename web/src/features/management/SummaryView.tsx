import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ManagementPeriod, ManagementSummary } from '../../../../domain/management/reports';
import { describeError } from '../../lib/errors';
import { fetchSummary, managementKeys } from './api';
import { minutes, percent } from './format';
import { typedDay } from './period';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** Received and finished per day (@mui/x-charts); the table below says the same in numbers. */
function DayBars({ days }: { days: ManagementSummary['days'] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  return (
    <Box role="figure" aria-label={t('management.summary.chartLabel')} data-testid="summary-chart">
      <BarChart
        height={220}
        skipAnimation
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: days.map((d) => d.day),
            valueFormatter: (day: string, ctx) => (ctx.location === 'tick' ? day.slice(8) : typedDay(day, i18n.language)),
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 36 }]}
        series={[
          { data: days.map((d) => d.received), label: t('management.summary.received'), color: theme.palette.primary.main },
          { data: days.map((d) => d.finished), label: t('management.summary.finished'), color: theme.palette.success.main },
        ]}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      />
    </Box>
  );
}

/** The management report (at most 30 days): volumes, turnaround percentiles, overdue rate. */
export function SummaryView({ accountId, period }: { accountId: string; period: ManagementPeriod }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: managementKeys.report(accountId, 'summary', period),
    queryFn: ({ signal }) => fetchSummary(period, signal),
    retry: false,
  });
  if (report.isError)
    return (
      <Alert severity="warning" data-testid="summary-error">
        {describeError(report.error, t)}
      </Alert>
    );
  const s = report.data;
  if (!s) return <Skeleton variant="rounded" height={220} data-testid="management-loading" />;
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        <Figure label={t('management.summary.received')} value={n(s.received)} testId="summary-received" />
        <Figure label={t('management.summary.finished')} value={n(s.finished)} testId="summary-finished" />
        <Figure label={t('management.summary.canceled')} value={n(s.canceled)} testId="summary-canceled" />
        <Figure label={t('management.turnaround.p50')} value={minutes(s.turnaround.p50)} testId="summary-p50" />
        <Figure label={t('management.turnaround.p90')} value={minutes(s.turnaround.p90)} testId="summary-p90" />
        <Figure label={t('management.turnaround.p99')} value={minutes(s.turnaround.p99)} testId="summary-p99" />
        <Figure
          label={t('management.summary.overdueRate')}
          value={percent(s.overdueRate, i18n.language)}
          testId="summary-overdue-rate"
        />
        <Figure label={t('management.summary.openOverdue')} value={n(s.openOverdue)} testId="summary-open-overdue" />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {t('management.summary.perDay')}
        </Typography>
        <DayBars days={s.days} />
      </Paper>
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label={t('management.summary.modality')}
      >
        <Table size="small" data-testid="summary-modalities">
          <TableHead>
            <TableRow>
              <TableCell>{t('management.summary.modality')}</TableCell>
              <TableCell align="right">{t('management.summary.received')}</TableCell>
              <TableCell align="right">{t('management.summary.finished')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.byModality.map((m) => (
              <TableRow key={m.modality}>
                <TableCell component="th" scope="row">
                  {m.modality || '—'}
                </TableCell>
                <TableCell align="right">{n(m.received)}</TableCell>
                <TableCell align="right">{n(m.finished)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
