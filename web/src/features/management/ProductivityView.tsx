import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ManagementPeriod } from '../../../../domain/management/reports';
import { describeError } from '../../lib/errors';
import { fetchProductivity, managementKeys } from './api';
import { ReportSection } from './ReportSection';
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
    <ReportSection
      rows={doctors}
      report="productivity"
      period={period}
      label={t('management.tabs.productivity')}
      help={t('management.productivity.help')}
    >
      {(doctors) => (
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
                  {d.byExam.map((e) => `${[e.modality, e.examType].filter(Boolean).join(' · ') || '—'}: ${e.reports}`).join('; ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ReportSection>
  );
}
