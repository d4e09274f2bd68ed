import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import type { ManagementPeriod } from '../../../../domain/management/reports';
import { ExportButtons } from './ExportButtons';

/**
 * A management report shown as a table: an optional line saying what it counts, the exports,
 * and the rows once loaded (a placeholder before, the empty state when there are none), in a
 * region that scrolls sideways on a phone and takes keyboard focus.
 */
export function ReportSection<T>({
  rows,
  help,
  report,
  period,
  label,
  children,
}: {
  rows: T[] | undefined;
  help?: string;
  report: 'productivity' | 'canceled-exams';
  period: ManagementPeriod;
  label: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ justifyContent: help ? 'space-between' : 'flex-end', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        {help && (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        )}
        <ExportButtons report={report} period={period} />
      </Stack>
      {!rows ? (
        <Skeleton variant="rounded" height={160} data-testid="management-loading" />
      ) : rows.length === 0 ? (
        <Alert severity="info" data-testid="management-empty">
          {t('management.empty')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label}>
          {children(rows)}
        </TableContainer>
      )}
    </Stack>
  );
}
