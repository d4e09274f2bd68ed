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

/** Received and finished per day as paired bars; the table below says the same in numbers. */
function DayBars({ days }: { days: ManagementSummary['days'] }) {
  const { t, i18n } = useTranslation();
  const top = Math.max(1, ...days.flatMap((d) => [d.received, d.finished]));
  return (
    <Box
      role="img"
      aria-label={t('management.summary.chartLabel')}
      sx={{ display: 'flex', alignItems: 'stretch', gap: 0.5, height: 160, overflowX: 'auto', pb: 0.5 }}
      data-testid="summary-chart"
    >
      {days.map((d) => (
        <Box key={d.day} sx={{ display: 'flex', flexDirection: 'column', height: '100%', flex: '1 0 18px', minWidth: 18 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', flex: 1 }}>
            <Box
              title={`${typedDay(d.day, i18n.language)} · ${t('management.summary.received')}: ${d.received}`}
              sx={{
                flex: 1,
                height: `${(d.received / top) * 100}%`,
                minHeight: 2,
                bgcolor: 'primary.main',
                borderRadius: '2px 2px 0 0',
              }}
            />
            <Box
              title={`${typedDay(d.day, i18n.language)} · ${t('management.summary.finished')}: ${d.finished}`}
              sx={{
                flex: 1,
                height: `${(d.finished / top) * 100}%`,
                minHeight: 2,
                bgcolor: 'success.main',
                borderRadius: '2px 2px 0 0',
              }}
            />
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', lineHeight: 1.6 }} aria-hidden>
            {d.day.slice(8)}
          </Typography>
        </Box>
      ))}
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
        <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
          <Typography
            variant="caption"
            sx={{
              '&::before': { content: '""', display: 'inline-block', width: 10, height: 10, bgcolor: 'primary.main', mr: 0.5 },
            }}
          >
            {t('management.summary.received')}
          </Typography>
          <Typography
            variant="caption"
            sx={{
              '&::before': { content: '""', display: 'inline-block', width: 10, height: 10, bgcolor: 'success.main', mr: 0.5 },
            }}
          >
            {t('management.summary.finished')}
          </Typography>
        </Stack>
        <DayBars days={s.days} />
      </Paper>
      <TableContainer component={Paper} variant="outlined">
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
