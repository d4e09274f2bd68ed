import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
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
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { formatDate } from '../../../../domain/dates';
import { StudyBadges } from '../findings/StudyBadges';
import { RoutineChip } from './RoutineChip';
import { StudyStatusChip } from './StudyStatusChip';

/** Columns hidden on narrow screens keep the table usable on a phone. */
const fromMd = { display: { xs: 'none', md: 'table-cell' } } as const;
const fromSm = { display: { xs: 'none', sm: 'table-cell' } } as const;
const fromLg = { display: { xs: 'none', lg: 'table-cell' } } as const;
const COLUMN_COUNT = 14;
/** Responsive display of each column, in order (skeleton rows use it too). */
const COLUMN_SX = [
  undefined,
  fromLg,
  fromMd,
  fromSm,
  fromLg,
  fromMd,
  fromSm,
  fromLg,
  undefined,
  undefined,
  undefined,
  fromMd,
  fromMd,
  undefined,
];

/** The labels of one row (from the list answer), as chips (at most 3 shown). */
function RowLabels({ labels }: { labels: StudyListItem['labels'] }) {
  const { t } = useTranslation();
  const list = labels ?? [];
  if (list.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {list.slice(0, 3).map((l) => (
        <Chip key={l.id} label={l.name} size="small" variant="outlined" sx={{ maxWidth: 120 }} />
      ))}
      {list.length > 3 && <Chip size="small" label={t('studies.labels.more', { count: list.length - 3 })} />}
    </Stack>
  );
}

interface StudyTableProps {
  studies: StudyListItem[] | undefined;
  loading: boolean;
  skeletonRows: number;
  onOpen: (studyId: string) => void;
  onOpenInNewWindow: (studyId: string) => void;
  onOpenViewer: (studyId: string) => void;
  onVersions: (study: StudyListItem) => void;
  onLabels: (study: StudyListItem) => void;
  onFinding: (study: StudyListItem) => void;
  onComments: (study: StudyListItem) => void;
  /** Asks to change the study's routine. */
  onRoutine: (study: StudyListItem) => void;
  /** Opens the study's maintenance (exam status, invalidation, history). */
  onMaintenance: (study: StudyListItem) => void;
  /** Shown instead of rows when the page is empty (message and actions). */
  empty?: ReactNode;
}

export function StudyTable({
  studies,
  loading,
  skeletonRows,
  onOpen,
  onOpenInNewWindow,
  onOpenViewer,
  onVersions,
  onLabels,
  onFinding,
  onComments,
  onRoutine,
  onMaintenance,
  empty,
}: StudyTableProps) {
  const { t, i18n } = useTranslation();
  const dash = '—';

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(id);
    }
  };

  const stop = (e: MouseEvent, run: () => void) => {
    e.stopPropagation();
    run();
  };

  return (
    <Table size="small" stickyHeader aria-label={t('studies.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('studies.columns.patientName')}</TableCell>
          <TableCell sx={fromLg}>{t('studies.columns.patientId')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.accessionNumber')}</TableCell>
          <TableCell sx={fromSm}>{t('studies.columns.modality')}</TableCell>
          <TableCell sx={fromLg}>{t('studies.columns.examType')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.institution')}</TableCell>
          <TableCell sx={fromSm}>{t('studies.columns.examDate')}</TableCell>
          <TableCell sx={fromLg}>{t('studies.columns.receivedAt')}</TableCell>
          <TableCell>{t('studies.columns.status')}</TableCell>
          <TableCell>{t('studies.columns.routine')}</TableCell>
          <TableCell sx={{ width: 80 }}>
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {t('studies.columns.badges')}
            </span>
          </TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.doctor')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.labels')}</TableCell>
          <TableCell align="right">
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {t('studies.columns.actions')}
            </span>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {loading &&
          Array.from({ length: skeletonRows }, (_, i) => (
            <TableRow key={`skeleton-${i}`} data-testid="study-row-skeleton">
              {Array.from({ length: COLUMN_COUNT }, (__, c) => (
                <TableCell key={c} sx={COLUMN_SX[c]}>
                  <Skeleton variant="text" />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {!loading && studies?.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 6 }}>
              {empty ?? (
                <Typography color="text.secondary" data-testid="studies-empty">
                  {t('studies.empty')}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        )}
        {!loading &&
          studies?.map((s) => (
            <TableRow
              key={s.id}
              hover
              tabIndex={0}
              onClick={() => onOpen(s.id)}
              onKeyDown={(e) => onRowKey(e, s.id)}
              sx={{ cursor: 'pointer' }}
              data-testid={`study-row-${s.id}`}
            >
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {s.patientName || dash}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {[s.modalities.join(', '), formatDate(s.examDate, i18n.language)].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell sx={fromLg}>{s.patientId || dash}</TableCell>
              <TableCell sx={fromMd}>{s.accessionNumber || dash}</TableCell>
              <TableCell sx={fromSm}>{s.modalities.join(', ') || dash}</TableCell>
              <TableCell sx={fromLg}>{s.examType || dash}</TableCell>
              <TableCell sx={fromMd}>{s.institutionName || dash}</TableCell>
              <TableCell sx={{ ...fromSm, whiteSpace: 'nowrap' }}>{formatDate(s.examDate, i18n.language) || dash}</TableCell>
              <TableCell sx={{ ...fromLg, whiteSpace: 'nowrap' }}>
                {formatDate(s.receivedAt ?? null, i18n.language) || dash}
              </TableCell>
              <TableCell data-testid={`study-status-${s.id}`} data-state={s.laudoState}>
                <StudyStatusChip state={s.laudoState} />
                {s.examStatus && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={s.examStatus === 'CALL_PATIENT' ? 'warning' : s.examStatus === 'CANCELED' ? 'error' : 'default'}
                    label={t(`studyMaintenance.examStatus.${s.examStatus}`)}
                    sx={{ ml: 0.5, mt: { xs: 0.5, lg: 0 } }}
                    data-testid={`exam-status-chip-${s.id}`}
                  />
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <RoutineChip study={s} onClick={() => onRoutine(s)} />
              </TableCell>
              <TableCell sx={{ py: 0 }}>
                <StudyBadges study={s} onFinding={() => onFinding(s)} onComments={() => onComments(s)} />
              </TableCell>
              <TableCell sx={fromMd}>{s.doctorName || dash}</TableCell>
              <TableCell sx={fromMd}>
                <RowLabels labels={s.labels} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                <Tooltip title={t('studies.labels.open')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.labels.open')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onLabels(s))}
                    data-testid={`study-labels-${s.id}`}
                  >
                    <LabelOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('studyMaintenance.open')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studyMaintenance.open')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onMaintenance(s))}
                    data-testid={`study-maintenance-${s.id}`}
                  >
                    <BuildOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('studies.versions.open')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.versions.open')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onVersions(s))}
                    data-testid={`study-versions-${s.id}`}
                  >
                    <HistoryIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('studies.openViewer')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.openViewer')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onOpenViewer(s.id))}
                    data-testid={`study-open-viewer-${s.id}`}
                  >
                    <ImageSearchIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('studies.openInNewWindow')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.openInNewWindow')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onOpenInNewWindow(s.id))}
                    data-testid={`study-open-new-${s.id}`}
                  >
                    <OpenInNewIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
