import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ManagementPeriod } from '../../../../domain/management/reports';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { downloadReport } from './api';

/** CSV and XLSX of the report on screen, same period and institution. */
export function ExportButtons({ report, period }: { report: 'productivity' | 'canceled-exams'; period: ManagementPeriod }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadReport(report, format, period);
    } catch (err) {
      notify(describeError(err, t), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={busy !== null}
          onClick={() => void run(format)}
          data-testid={`management-export-${format}`}
        >
          {t(`management.export.${format}`)}
        </Button>
      ))}
    </Stack>
  );
}
