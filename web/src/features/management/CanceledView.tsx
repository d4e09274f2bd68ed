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
import { formatDateTime } from '../../../../domain/dates';
import type { ManagementPeriod } from '../../../../domain/management/reports';
import { describeError } from '../../lib/errors';
import { fetchCanceled, managementKeys } from './api';
import { ExportButtons } from './ExportButtons';

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
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <ExportButtons report="canceled-exams" period={period} />
      </Stack>
      {!exams ? (
        <Skeleton variant="rounded" height={160} data-testid="management-loading" />
      ) : exams.length === 0 ? (
        <Alert severity="info" data-testid="management-empty">
          {t('management.empty')}
        </Alert>
      ) : (
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={t('management.tabs.canceled')}
        >
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
        </TableContainer>
      )}
    </Stack>
  );
}
