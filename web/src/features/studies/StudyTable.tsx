import type { KeyboardEvent, MouseEvent } from 'react';
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
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { formatDate } from '../../lib/dates';
import { StudyStatusChip } from './StudyStatusChip';

/** Columns hidden on narrow screens keep the table usable on a phone. */
const fromMd = { display: { xs: 'none', md: 'table-cell' } } as const;
const fromSm = { display: { xs: 'none', sm: 'table-cell' } } as const;
const COLUMN_COUNT = 8;

interface StudyTableProps {
  studies: StudyListItem[] | undefined;
  loading: boolean;
  skeletonRows: number;
  onOpen: (studyId: string) => void;
  onOpenInNewWindow: (studyId: string) => void;
}

export function StudyTable({ studies, loading, skeletonRows, onOpen, onOpenInNewWindow }: StudyTableProps) {
  const { t, i18n } = useTranslation();
  const dash = '—';

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(id);
    }
  };

  const openNew = (e: MouseEvent, id: string) => {
    e.stopPropagation();
    onOpenInNewWindow(id);
  };

  return (
    <Table size="small" stickyHeader aria-label={t('studies.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('studies.columns.patientName')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.accessionNumber')}</TableCell>
          <TableCell sx={fromSm}>{t('studies.columns.modality')}</TableCell>
          <TableCell sx={fromSm}>{t('studies.columns.examDate')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.institution')}</TableCell>
          <TableCell>{t('studies.columns.status')}</TableCell>
          <TableCell sx={fromMd}>{t('studies.columns.doctor')}</TableCell>
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
                <TableCell key={c} sx={c === 1 || c === 4 || c === 6 ? fromMd : c === 2 || c === 3 ? fromSm : undefined}>
                  <Skeleton variant="text" />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {!loading && studies?.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 6 }}>
              <Typography color="text.secondary" data-testid="studies-empty">
                {t('studies.empty')}
              </Typography>
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
              <TableCell sx={fromMd}>{s.accessionNumber || dash}</TableCell>
              <TableCell sx={fromSm}>{s.modalities.join(', ') || dash}</TableCell>
              <TableCell sx={{ ...fromSm, whiteSpace: 'nowrap' }}>{formatDate(s.examDate, i18n.language) || dash}</TableCell>
              <TableCell sx={fromMd}>{s.institutionName || dash}</TableCell>
              <TableCell data-testid={`study-status-${s.id}`} data-state={s.laudoState}>
                <StudyStatusChip state={s.laudoState} />
              </TableCell>
              <TableCell sx={fromMd}>{s.doctorName || dash}</TableCell>
              <TableCell align="right" padding="checkbox">
                <Tooltip title={t('studies.openInNewWindow')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.openInNewWindow')}: ${s.patientName}`}
                    onClick={(e) => openNew(e, s.id)}
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
