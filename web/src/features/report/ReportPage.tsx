import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { formatDateTime } from '../../lib/dates';
import { describeError, toApiError } from '../../lib/errors';
import { StudyStatusChip } from '../studies/StudyStatusChip';
import type { StudyDetail } from './api';
import { ReportActionErrorDialog } from './ReportActionErrorDialog';
import { useStartReport, useStudyDetail, useStudyDetailLive } from './use-report';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

const fieldGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

function StudyReport({ study }: { study: StudyDetail }) {
  const { t, i18n } = useTranslation();
  const start = useStartReport(study.id);
  useStudyDetailLive(study);
  const dash = '—';
  const { report } = study;
  const canStart = report.allowedActions.includes('start');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h5" component="h1" data-testid="report-patient">
            {study.patientName || dash}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('report.patientId')}: {study.patientId || dash}
          </Typography>
        </Box>

        <Box sx={fieldGrid}>
          <Field label={t('report.exam')}>{study.examType || dash}</Field>
          <Field label={t('report.modality')}>{study.modalities.join(', ') || dash}</Field>
          <Field label={t('report.examDate')}>{formatDateTime(study.examDate, i18n.language) || dash}</Field>
          <Field label={t('report.accessionNumber')}>{study.accessionNumber || dash}</Field>
          <Field label={t('report.institution')}>{study.institutionName || dash}</Field>
        </Box>

        <Divider />

        <Box sx={fieldGrid}>
          <Field label={t('report.state')}>
            <Box data-testid="report-state" data-state={report.state}>
              <StudyStatusChip state={report.state} size="medium" />
            </Box>
          </Field>
          <Field label={t('report.doctor')}>{report.doctorName || dash}</Field>
          <Field label={t('report.updatedAt')}>{formatDateTime(report.updatedAt, i18n.language) || dash}</Field>
        </Box>

        <Box>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {t('report.actions')}
          </Typography>
          {canStart ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="contained"
                startIcon={<PlayArrowIcon />}
                onClick={start.start}
                loading={start.isPending}
                loadingPosition="start"
                data-testid="start-report"
              >
                {t('report.start')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="report-no-actions">
              {t('report.noActions')}
            </Typography>
          )}
        </Box>
      </Stack>

      <ReportActionErrorDialog title={t('report.startErrorTitle')} error={start.error} onClose={() => start.reset()} />
    </Paper>
  );
}

function ReportSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy data-testid="report-loading">
      <Skeleton variant="text" width="40%" height={40} />
      <Skeleton variant="text" width="20%" />
      <Box sx={{ ...fieldGrid, mt: 3 }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={44} />
        ))}
      </Box>
    </Paper>
  );
}

/** /studies/report/:studyId — the study, its report state and the actions the server allows. */
export function ReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { studyId = '' } = useParams();
  const detail = useStudyDetail(studyId);

  let body: ReactNode;
  if (detail.data) {
    body = <StudyReport study={detail.data} />;
  } else if (detail.isError) {
    const notFound = toApiError(detail.error).code === 'NOT_FOUND';
    body = (
      <Alert
        severity={notFound ? 'warning' : 'error'}
        data-testid="report-error"
        action={
          notFound ? undefined : (
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          )
        }
      >
        {notFound ? t('report.notFound') : `${t('report.loadError')} ${describeError(detail.error, t)}`}
      </Alert>
    );
  } else {
    body = <ReportSkeleton />;
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/studies')} data-testid="report-back">
          {t('report.backToStudies')}
        </Button>
      </Box>
      {body}
    </Stack>
  );
}
