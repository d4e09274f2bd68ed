import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import type { ScheduledExamItem } from '../../../../domain/studies/schemas';
import { formatDateTime } from '../../../../domain/dates';
import { rowKeyHandler } from '../../lib/row-keys';
import { StudyStatusChip } from '../studies/StudyStatusChip';
import { ExamStatusControl } from './ExamStatusControl';

const fromSm = { display: { xs: 'none', sm: 'table-cell' } } as const;
const fromMd = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * The scheduled exams, soonest first: booked time, patient, exam, the exam's status (changed
 * here with confirmation) and the report's. A row opens its report (click, Enter); ↑/↓ move.
 */
export function ScheduledExamsTable({
  exams,
  loading,
  skeletonRows,
  mayChangeStatus,
  onOpen,
}: {
  exams: ScheduledExamItem[] | undefined;
  loading: boolean;
  skeletonRows: number;
  mayChangeStatus: boolean;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const dash = '—';
  const onKey = rowKeyHandler(onOpen);
  return (
    <Table size="small" stickyHeader aria-label={t('worklist.title')} data-testid="worklist-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('worklist.columns.scheduledAt')}</TableCell>
          <TableCell>{t('studies.columns.patientName')}</TableCell>
          <TableCell sx={fromSm}>{t('studies.columns.examType')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.modality')}</TableCell>
          <TableCell>{t('worklist.columns.examStatus')}</TableCell>
          <TableCell sx={fromSm}>{t('studies.columns.status')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.doctor')}</TableCell>
          <TableCell align="right">{t('studies.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {loading
          ? Array.from({ length: skeletonRows }, (_, n) => (
              <TableRow key={n}>
                <TableCell colSpan={8}>
                  <Skeleton variant="text" />
                </TableCell>
              </TableRow>
            ))
          : (exams ?? []).map((exam) => (
              <TableRow
                key={exam.id}
                hover
                tabIndex={0}
                onClick={() => onOpen(exam.id)}
                onKeyDown={(e) => onKey(e, exam.id)}
                sx={{ cursor: 'pointer' }}
                data-testid="worklist-row"
                data-exam-id={exam.id}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(exam.scheduledAt, i18n.language) || dash}</TableCell>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {exam.patientName || dash}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {exam.patientId}
                  </Typography>
                </TableCell>
                <TableCell sx={fromSm}>{exam.examType || dash}</TableCell>
                <TableCell sx={fromMd}>{exam.modalities.join(', ') || dash}</TableCell>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  <ExamStatusControl
                    examId={exam.id}
                    patient={exam.patientName}
                    status={exam.examStatus}
                    mayChange={mayChangeStatus}
                  />
                </TableCell>
                <TableCell sx={fromSm}>
                  <StudyStatusChip state={exam.laudoState} />
                </TableCell>
                <TableCell sx={fromMd}>{exam.doctorName || dash}</TableCell>
                <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                  <Tooltip title={t('studies.openReport', { patient: exam.patientName })}>
                    <IconButton
                      size="small"
                      onClick={() => onOpen(exam.id)}
                      aria-label={t('studies.openReport', { patient: exam.patientName })}
                      data-testid="worklist-open"
                    >
                      <DescriptionOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}
