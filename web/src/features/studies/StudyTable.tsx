import { memo, useDeferredValue, useState, type MouseEvent, type ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { STUDY_LIST_COLUMNS, type StudyListColumn, type StudyListView } from '../../../../domain/studies/list-view';
import { formatDate } from '../../../../domain/dates';
import { StudyBadges } from '../findings/StudyBadges';
import { RemainingCell, RoutineChip, UrgencyCell } from './RoutineChip';
import { StudyStatusChip } from './StudyStatusChip';
import { rowKeyHandler } from '../../lib/row-keys';
import { LazyTooltip } from '../../lib/LazyTooltip';

/** Columns hidden on narrow screens keep the table usable on a phone. */
const fromMd = { display: { xs: 'none', md: 'table-cell' } } as const;
const fromSm = { display: { xs: 'none', sm: 'table-cell' } } as const;
const fromLg = { display: { xs: 'none', lg: 'table-cell' } } as const;
/** Responsive display of each optional column (patient name and actions always show). */
const COLUMN_SX: Record<StudyListColumn, object | undefined> = {
  patientId: fromLg,
  accessionNumber: fromMd,
  modality: fromSm,
  examType: fromLg,
  institution: fromMd,
  examDate: fromSm,
  receivedAt: fromLg,
  status: undefined,
  urgency: fromMd,
  remaining: fromMd,
  routine: undefined,
  badges: undefined,
  doctor: fromMd,
  labels: fromMd,
};
/**
 * The actions stay in view at the table's right edge however wide the other columns are
 * (issue 17: clipped between 1024 and 1440 px); on a phone the other columns scroll under them.
 */
const stickyActions = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `-1px 0 0 ${theme.palette.divider}`,
} as const;
/**
 * The body's cell styles, once on the table by class instead of an `sx` on each of its ~400
 * cells (issue 24: each was styled again on every render of the list). Same rules as before:
 * each column's responsive display, dense rows on one line, the sticky actions.
 */
function bodySx(dense: boolean) {
  const rules: Record<string, object> = {};
  for (const c of STUDY_LIST_COLUMNS) if (COLUMN_SX[c]) rules[`& td.col-${c}`] = COLUMN_SX[c];
  return {
    ...rules,
    '& .study-row': { cursor: 'pointer' },
    '& .study-name': { fontWeight: 500 },
    '& .study-sub': { display: { xs: 'block', sm: 'none' } },
    ...(dense ? { '& .study-row > td': { py: 0.25 }, '& .study-row > td.opt': { whiteSpace: 'nowrap' } } : {}),
    '& .study-row > td.nowrap': { whiteSpace: 'nowrap' },
    '& .study-row > td.col-badges': { py: 0 },
    '& .study-row > td.actions': { whiteSpace: 'nowrap', py: 0, ...stickyActions },
  };
}
const BODY_SX = { dense: bodySx(true), normal: bodySx(false) };

/** Width of a loading cell (px): roughly what the column shows. */
const SKELETON_WIDTH: Record<string, number> = { name: 120, status: 110, routine: 110, actions: 150 };
const NOWRAP = new Set<StudyListColumn>(['examDate', 'receivedAt', 'routine', 'remaining', 'urgency']);
const hiddenLabel = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** Text cut to one line; its tooltip shows the whole text only when it is cut. */
function CutText({ text, maxWidth, testId }: { text: string; maxWidth: number; testId?: string }) {
  const [cut, setCut] = useState(false);
  const measure = (el: HTMLElement) => setCut(el.scrollWidth > el.clientWidth);
  return (
    <LazyTooltip title={cut ? text : ''}>
      <Typography
        variant="body2"
        noWrap
        sx={{ maxWidth, fontWeight: 500 }}
        onMouseEnter={(e) => measure(e.currentTarget)}
        onFocus={(e) => measure(e.currentTarget)}
        data-testid={testId}
        data-cut={cut || undefined}
      >
        {text}
      </Typography>
    </LazyTooltip>
  );
}

/** The labels of one row (from the list answer), as chips (at most 3 shown). */
function RowLabels({ labels, dense }: { labels: StudyListItem['labels']; dense: boolean }) {
  const { t } = useTranslation();
  const list = labels ?? [];
  if (list.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: dense ? 'nowrap' : 'wrap', gap: 0.5 }}>
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
  /** Dense rows and hidden columns (the user's setting). */
  view: StudyListView;
}

/**
 * Memoized: the page re-renders on live status and fetching flags; the rows (the costly part)
 * only when their own props change (issue 24). The page keeps its callbacks stable.
 */
export const StudyTable = memo(function StudyTable({
  studies: latest,
  loading: fetching,
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
  view,
}: StudyTableProps) {
  const { t, i18n } = useTranslation();
  const dash = '—';
  // The rows render at low priority, in slices the browser can interrupt (issue 24: the page's
  // first list was one long task); until they are ready the skeleton or the previous rows stay.
  // Deferred here, not in the page: the deferred render then holds only the table, and no store
  // the page reads (the query, the live status) changing meanwhile can force it to redo the
  // whole list synchronously.
  const studies = useDeferredValue(latest);
  const loading = fetching || (latest !== undefined && studies === undefined);

  // ↑/↓ move between rows, Enter (or space) opens the focused one.
  const onRowKey = rowKeyHandler(onOpen);
  const hidden = new Set(view.hidden);
  const shown = STUDY_LIST_COLUMNS.filter((c) => !hidden.has(c));
  const columnCount = shown.length + 2;
  // Dense: one line per row, every cell kept to one line (bodySx).
  const dense = view.dense;

  const stop = (e: MouseEvent, run: () => void) => {
    e.stopPropagation();
    run();
  };

  const renderCell = (c: StudyListColumn, s: StudyListItem): ReactNode => {
    switch (c) {
      case 'patientId':
        return s.patientId || dash;
      case 'accessionNumber':
        return s.accessionNumber || dash;
      case 'modality':
        return s.modalities.join(', ') || dash;
      case 'examType':
        return dense && s.examType ? <CutText text={s.examType} maxWidth={160} /> : s.examType || dash;
      case 'institution':
        return dense && s.institutionName ? <CutText text={s.institutionName} maxWidth={160} /> : s.institutionName || dash;
      case 'examDate':
        return formatDate(s.examDate, i18n.language) || dash;
      case 'receivedAt':
        return formatDate(s.receivedAt ?? null, i18n.language) || dash;
      case 'status':
        return (
          <>
            <StudyStatusChip state={s.laudoState} />
            {s.examStatus && (
              <Chip
                size="small"
                variant="outlined"
                color={s.examStatus === 'CALL_PATIENT' ? 'warning' : s.examStatus === 'CANCELED' ? 'error' : 'default'}
                label={t(`studyMaintenance.examStatus.${s.examStatus}`)}
                sx={{ ml: 0.5, mt: dense ? 0 : { xs: 0.5, lg: 0 } }}
                data-testid={`exam-status-chip-${s.id}`}
              />
            )}
          </>
        );
      case 'urgency':
        return <UrgencyCell study={s} />;
      case 'remaining':
        return <RemainingCell study={s} />;
      case 'routine':
        return <RoutineChip study={s} onClick={() => onRoutine(s)} />;
      case 'badges':
        return <StudyBadges study={s} onFinding={() => onFinding(s)} onComments={() => onComments(s)} />;
      case 'doctor':
        return dense && s.doctorName ? <CutText text={s.doctorName} maxWidth={160} /> : s.doctorName || dash;
      case 'labels':
        return <RowLabels labels={s.labels} dense={dense} />;
    }
  };

  return (
    <Table size="small" stickyHeader aria-label={t('studies.title')} sx={dense ? BODY_SX.dense : BODY_SX.normal}>
      <TableHead>
        <TableRow>
          <TableCell>{t('studies.columns.patientName')}</TableCell>
          {shown.map((c) =>
            c === 'badges' ? (
              <TableCell key={c} sx={{ width: 80 }}>
                <span style={hiddenLabel}>{t('studies.columns.badges')}</span>
              </TableCell>
            ) : (
              <TableCell key={c} sx={{ ...COLUMN_SX[c], whiteSpace: dense ? 'nowrap' : undefined }}>
                {t(`studies.columns.${c}`)}
              </TableCell>
            ),
          )}
          <TableCell align="right" sx={stickyActions}>
            <span style={hiddenLabel}>{t('studies.columns.actions')}</span>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {loading &&
          Array.from({ length: skeletonRows }, (_, i) => (
            <TableRow key={`skeleton-${i}`} data-testid="study-row-skeleton">
              {['name', ...shown, 'actions'].map((c) => (
                <TableCell key={c} className={`col-${c}`}>
                  {/* About as wide as the cells' text, so the header wraps as it will with the rows
                      and does not jump when they arrive (layout shift, issue 24). */}
                  <Skeleton variant="text" style={{ minWidth: SKELETON_WIDTH[c] ?? 80 }} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        {!loading && studies?.length === 0 && (
          <TableRow>
            <TableCell colSpan={columnCount} align="center" sx={{ py: 6 }}>
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
              className="study-row"
              data-testid={`study-row-${s.id}`}
            >
              <TableCell>
                {dense ? (
                  <CutText text={s.patientName || dash} maxWidth={220} testId={`study-name-${s.id}`} />
                ) : (
                  <>
                    <Typography variant="body2" className="study-name" data-testid={`study-name-${s.id}`}>
                      {s.patientName || dash}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" className="study-sub">
                      {[s.modalities.join(', '), formatDate(s.examDate, i18n.language)].filter(Boolean).join(' · ')}
                    </Typography>
                  </>
                )}
              </TableCell>
              {shown.map((c) => (
                <TableCell
                  key={c}
                  className={`col-${c} opt${NOWRAP.has(c) ? ' nowrap' : ''}`}
                  {...(c === 'status' ? { 'data-testid': `study-status-${s.id}`, 'data-state': s.laudoState } : {})}
                >
                  {renderCell(c, s)}
                </TableCell>
              ))}
              <TableCell
                align="right"
                className="actions"
                data-testid={`study-actions-${s.id}`}
              >
                <LazyTooltip title={t('studies.labels.open')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.labels.open')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onLabels(s))}
                    data-testid={`study-labels-${s.id}`}
                  >
                    <LabelOutlinedIcon fontSize="small" />
                  </IconButton>
                </LazyTooltip>
                <LazyTooltip title={t('studyMaintenance.open')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studyMaintenance.open')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onMaintenance(s))}
                    data-testid={`study-maintenance-${s.id}`}
                  >
                    <BuildOutlinedIcon fontSize="small" />
                  </IconButton>
                </LazyTooltip>
                <LazyTooltip title={t('studies.versions.open')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.versions.open')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onVersions(s))}
                    data-testid={`study-versions-${s.id}`}
                  >
                    <HistoryIcon fontSize="small" />
                  </IconButton>
                </LazyTooltip>
                <LazyTooltip title={t('studies.openViewer')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.openViewer')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onOpenViewer(s.id))}
                    data-testid={`study-open-viewer-${s.id}`}
                  >
                    <ImageSearchIcon fontSize="small" />
                  </IconButton>
                </LazyTooltip>
                <LazyTooltip title={t('studies.openInNewWindow')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('studies.openInNewWindow')}: ${s.patientName}`}
                    onClick={(e) => stop(e, () => onOpenInNewWindow(s.id))}
                    data-testid={`study-open-new-${s.id}`}
                  >
                    <OpenInNewIcon fontSize="small" />
                  </IconButton>
                </LazyTooltip>
              </TableCell>
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
});
