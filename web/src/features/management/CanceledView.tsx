import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../../../domain/dates';
import type { ManagementPeriod } from '../../../../domain/management/reports';
import { describeError } from '../../lib/errors';
import { fetchCanceled, managementKeys } from './api';
import { ReportSection } from './ReportSection';

/** Canceled exams: studies whose exam status was set to canceled in the period. */
export function CanceledView({ accountId, period }: { accountId: string; period: ManagementPeriod }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: managementKeys.report(accountId, 'canceled-exams', period),
    queryFn: ({ signal }) => fetchCanceled(period, signal),
  });
  if (report.isError) return <Alert severity="error">{describeError(report.error, t)}</Alert>;
  const exams = report.data?.exams;
  return (
    <ReportSection rows={exams} report="canceled-exams" period={period} label={t('management.tabs.canceled')}>
      {(exams) => (
        <Table size="small" data-testid="canceled-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('management.canceled.patient')}</TableCell>
              <TableCell>{t('management.canceled.exam')}</TableCell>
              <TableCell>{t('management.canceled.institution')}</TableCell>
              <TableCell>{t('management.canceled.receivedAt')}</TableCell>
              <TableCell>{t('management.canceled.canceledAt')}</TableCell>
              <TableCell>{t('management.canceled.canceledBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {exams.map((e) => (
              <TableRow key={e.id} data-testid="canceled-row">
                <TableCell component="th" scope="row">
                  {e.patientName ?? '—'}
                  {e.patientId ? ` (${e.patientId})` : ''}
                </TableCell>
                <TableCell>{[e.modalities.join(', '), e.examType].filter(Boolean).join(' · ')}</TableCell>
                <TableCell>{e.institutionName ?? '—'}</TableCell>
                <TableCell>{formatDateTime(e.receivedAt, i18n.language)}</TableCell>
                <TableCell>{e.canceledAt ? formatDateTime(e.canceledAt, i18n.language) : '—'}</TableCell>
                <TableCell>{e.canceledBy ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ReportSection>
  );
}
