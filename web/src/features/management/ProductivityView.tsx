import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
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
import type { ManagementPeriod } from '../../../../domain/management/reports';
import { describeError } from '../../lib/errors';
import { fetchProductivity, managementKeys } from './api';
import { ExportButtons } from './ExportButtons';
import { minutes } from './format';

/** Medical productivity: per doctor, reports done in the period, by modality and exam. */
export function ProductivityView({ accountId, period }: { accountId: string; period: ManagementPeriod }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: managementKeys.report(accountId, 'productivity', period),
    queryFn: ({ signal }) => fetchProductivity(period, signal),
  });
  if (report.isError) return <Alert severity="error">{describeError(report.error, t)}</Alert>;
  const doctors = report.data?.doctors;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('management.productivity.help')}
        </Typography>
        <ExportButtons report="productivity" period={period} />
      </Stack>
      {!doctors ? (
        <Skeleton variant="rounded" height={160} data-testid="management-loading" />
      ) : doctors.length === 0 ? (
        <Alert severity="info" data-testid="management-empty">
          {t('management.empty')}
        </Alert>
      ) : (
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={t('management.tabs.productivity')}
        >
          <Table size="small" data-testid="productivity-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('management.productivity.doctor')}</TableCell>
                <TableCell align="right">{t('management.productivity.reports')}</TableCell>
                <TableCell align="right">{t('management.productivity.signed')}</TableCell>
                <TableCell align="right">{t('management.productivity.weight')}</TableCell>
                <TableCell align="right">{t('management.turnaround.p50')}</TableCell>
                <TableCell align="right">{t('management.turnaround.p90')}</TableCell>
                <TableCell>{t('management.productivity.byExam')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {doctors.map((d) => (
                <TableRow key={d.userId} data-testid="productivity-row">
                  <TableCell component="th" scope="row">
                    {d.name}
                  </TableCell>
                  <TableCell align="right">{d.reports}</TableCell>
                  <TableCell align="right">{d.signed}</TableCell>
                  <TableCell align="right">{d.weight.toLocaleString(i18n.language)}</TableCell>
                  <TableCell align="right">{minutes(d.turnaround.p50)}</TableCell>
                  <TableCell align="right">{minutes(d.turnaround.p90)}</TableCell>
                  <TableCell>
                    {d.byExam
                      .map((e) => `${[e.modality, e.examType].filter(Boolean).join(' · ') || '—'}: ${e.reports}`)
                      .join('; ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
