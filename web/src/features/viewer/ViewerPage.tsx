import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@mui/utils';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import HistoryIcon from '@mui/icons-material/History';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import { VIEWER_LOCKED_STATES, viewerGrid, type ViewerStudy } from '../../../../domain/studies/viewer';
import { formatDate } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { AttachmentsDialog } from '../attachments/AttachmentsDialog';
import { StudyVersionsDialog } from '../studies/StudyVersionsDialog';
import { fetchViewerStudy } from './api';
import { NARROW_MAX_WIDTH, parseFrameMessage, type FrameMessage } from './stack';
import { ManualDialog } from './ManualDialog';
import { ViewerFrame } from './ViewerFrame';
import { TagsDialog } from './TagsDialog';
import { PrintDialog, printStudyOf } from '../print/PrintDialog';
import { usePrintAllowed } from '../print/usePrintAllowed';

const viewerPath = (ids: string[], search = '') => `/studies/${ids.map(encodeURIComponent).join(',')}/viewer/general${search}`;
const label = (s: ViewerStudy) => `${s.accessionNumber ?? s.patientId} - ${s.patientName}`;

/**
 * The multi-study viewer (spec 3 §2): a grid of the opened studies (one fills, two side by
 * side, three or more 2x2; the current one first), a top bar per study, the image frame, the
 * side strip and the report beside the images.
 */
export function ViewerPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { studies = '', viewerType } = useParams();
  const [search, setSearch] = useSearchParams();
  // Spec 3 §2: mpr with newv=true, else the route's type. MPR is not built: said plainly.
  const mpr = search.get('newv') === 'true' || viewerType === 'mpr';
  const ids = useMemo(() => studies.split(',').filter(Boolean), [studies]);
  const currentId = search.get('studyId') && ids.includes(search.get('studyId')!) ? search.get('studyId')! : ids[0]!;
  const ordered = useMemo(() => [currentId, ...ids.filter((id) => id !== currentId)], [ids, currentId]);
  const reportOpen = search.get('reportOpen') === 'true';
  const results = useQueries({
    queries: ordered.map((id) => ({
      queryKey: ['viewerStudy', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchViewerStudy(id, signal),
      meta: { silent: true },
    })),
  });
  const loaded = results.filter((r) => r.data).map((r) => r.data!);
  const remaining = results.filter((r) => r.isPending).length;
  const failed = results.find((r) => r.isError);
  const current = results[0]?.data;
  const [selection, setSelection] = useState<Record<string, FrameMessage>>({});
  const [tagsOf, setTagsOf] = useState<ViewerStudy | null>(null);
  const [printOf, setPrintOf] = useState<ViewerStudy | null>(null);
  // The viewer's studies are all of the session's account.
  const printAllowed = usePrintAllowed(current?.accountId);
  const [attachmentsOf, setAttachmentsOf] = useState<ViewerStudy | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const queryClient = useQueryClient();
  const [versionsOf, setVersionsOf] = useState<ViewerStudy | null>(null);
  const [historyAnchor, setHistoryAnchor] = useState<HTMLElement | null>(null);
  const [reportWidth, setReportWidth] = useState(42);
  const [split, setSplit] = useState({ col: 50, row: 50 });

  // Narrow screens go straight to the report page (spec 3 §2).
  useEffect(() => {
    if (window.matchMedia?.(`(max-width: ${NARROW_MAX_WIDTH}px)`).matches)
      void navigate(`/studies/report/${encodeURIComponent(currentId)}`, { replace: true });
  }, [currentId, navigate]);

  // The frames say what they show (JSON text messages).
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const msg = parseFrameMessage(e.data);
      if (msg) setSelection((s) => ({ ...s, [msg.studyId]: msg }));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // A report not started opens the study's report list first (spec 3 §2).
  const askedVersions = useRef(false);
  useEffect(() => {
    if (current && current.laudoState === 0 && !askedVersions.current) {
      askedVersions.current = true;
      setVersionsOf(current);
    }
  }, [current]);

  const setParam = (key: string, value: string | null) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const close = (id: string) => {
    const rest = ids.filter((x) => x !== id);
    if (rest.length === 0) void navigate('/studies');
    else void navigate(viewerPath(rest, id === currentId ? '' : `?${search.toString()}`));
  };
  const openStudy = (id: string) => void navigate(viewerPath(ids.includes(id) ? ids : [...ids, id], `?studyId=${id}`));
  const canEditReport = !!current && current.canSaveReports && !VIEWER_LOCKED_STATES.includes(current.laudoState);

  const grid = viewerGrid(ordered.length);
  const dragSplit = (axis: 'col' | 'row' | 'report') => (e: ReactPointerEvent<HTMLDivElement>) => {
    const box = (e.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    e.currentTarget.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => {
      if (axis === 'report') setReportWidth(Math.min(70, Math.max(20, ((box.right - ev.clientX) / box.width) * 100)));
      else if (axis === 'col')
        setSplit((s) => ({ ...s, col: Math.min(85, Math.max(15, ((ev.clientX - box.left) / box.width) * 100)) }));
      else setSplit((s) => ({ ...s, row: Math.min(85, Math.max(15, ((ev.clientY - box.top) / box.height) * 100)) }));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  if (failed?.error) return <Alert severity="error">{describeError(failed.error, t)}</Alert>;

  return (
    <Box component="main" sx={{ height: '100dvh', display: 'flex', bgcolor: '#111', color: '#eee' }} data-testid="viewer-page">
      {/* The page's heading for screen readers (the images take the whole screen). */}
      <Typography component="h1" sx={visuallyHidden}>
        {t('titles.viewer')}
      </Typography>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, position: 'relative' }}>
        {mpr && (
          <Alert severity="info" variant="filled" sx={{ borderRadius: 0, py: 0 }} data-testid="viewer-mpr-unavailable">
            {t('viewer.mprUnavailable')}
          </Alert>
        )}
        {remaining > 0 && (
          <Typography
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', zIndex: 1 }}
            data-testid="viewer-loading"
          >
            {t('viewer.loading', { count: remaining })}
          </Typography>
        )}
        <Box
          sx={{
            flex: 1,
            display: 'grid',
            position: 'relative',
            gridTemplateColumns: grid.columns === 2 ? `${split.col}% ${100 - split.col}%` : '100%',
            gridTemplateRows: grid.rows === 2 ? `${split.row}% ${100 - split.row}%` : '100%',
            gap: '2px',
          }}
        >
          {loaded.slice(0, 4).map((s) => (
            <Box
              key={s.id}
              sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, bgcolor: '#000' }}
              data-testid={`viewer-tile-${s.id}`}
            >
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 0.5, bgcolor: '#1e1e1e', minHeight: 40 }}>
                <Tooltip title={t('viewer.back')}>
                  <IconButton
                    size="small"
                    color="inherit"
                    onClick={() => void navigate('/studies')}
                    aria-label={t('viewer.back')}
                    data-testid="viewer-back"
                  >
                    <ArrowBackIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Select
                  size="small"
                  value={s.id}
                  onChange={(e) => setParam('studyId', e.target.value)}
                  renderValue={() => label(s)}
                  sx={{ color: 'inherit', minWidth: 0, flex: 1, maxWidth: 360, '& .MuiSelect-icon': { color: '#aaa' } }}
                  inputProps={{ 'aria-label': t('viewer.selectStudy') }}
                  data-testid={`viewer-study-select-${s.id}`}
                >
                  {loaded.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      <ListItemText primary={label(o)} />
                      {loaded.length > 1 && (
                        <IconButton
                          size="small"
                          edge="end"
                          aria-label={t('viewer.closeStudy', { name: label(o) })}
                          onClick={(e) => {
                            e.stopPropagation();
                            close(o.id);
                          }}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      )}
                    </MenuItem>
                  ))}
                </Select>
                <Typography
                  variant="caption"
                  sx={{ color: '#aaa', whiteSpace: 'nowrap' }}
                  data-testid={`viewer-selection-${s.id}`}
                >
                  {selection[s.id]
                    ? t('viewer.position', { index: selection[s.id]!.index + 1, count: selection[s.id]!.count })
                    : ''}
                </Typography>
                <Box sx={{ flex: 1 }} />
                <Tooltip title={t('viewer.manual.button')}>
                  <IconButton
                    size="small"
                    color="inherit"
                    onClick={() => setManualOpen(true)}
                    aria-label={t('viewer.manual.button')}
                    data-testid={`viewer-manual-${s.id}`}
                  >
                    <MenuBookOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {printAllowed && (
                  <Tooltip title={t('viewer.print')}>
                    <span>
                      <IconButton
                        size="small"
                        color="inherit"
                        onClick={() => setPrintOf(s)}
                        data-testid={`viewer-print-${s.id}`}
                        aria-label={t('viewer.print')}
                      >
                        <PrintOutlinedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                {s.id === currentId && s.history.length > 0 && (
                  <Tooltip title={t('viewer.history')}>
                    <IconButton
                      size="small"
                      color="inherit"
                      onClick={(e) => setHistoryAnchor(e.currentTarget)}
                      aria-label={t('viewer.history')}
                      data-testid="viewer-history"
                    >
                      <HistoryIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title={t('viewer.report')}>
                  <IconButton
                    size="small"
                    color="inherit"
                    onClick={() => setParam('studyId', s.id)}
                    aria-label={t('viewer.report')}
                  >
                    <DescriptionOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('attachments.badge', { count: s.attachments })}>
                  <IconButton
                    size="small"
                    color="inherit"
                    onClick={() => setAttachmentsOf(s)}
                    aria-label={t('attachments.badge', { count: s.attachments })}
                    data-testid={`viewer-attachments-${s.id}`}
                  >
                    <Badge badgeContent={s.attachments} color="primary">
                      <AttachFileIcon fontSize="small" />
                    </Badge>
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('viewer.tags')}>
                  <IconButton
                    size="small"
                    color="inherit"
                    onClick={() => setTagsOf(s)}
                    aria-label={t('viewer.tags')}
                    data-testid={`viewer-tags-${s.id}`}
                  >
                    <SellOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {s.id !== currentId && (
                  <Tooltip title={t('viewer.closeTab')}>
                    <IconButton size="small" color="inherit" onClick={() => close(s.id)} aria-label={t('viewer.closeTab')}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <ViewerFrame study={s} lang={i18n.language} title={t('viewer.frameTitle', { name: label(s) })} />
            </Box>
          ))}
          {grid.columns === 2 && (
            <Box
              onPointerDown={dragSplit('col')}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `calc(${split.col}% - 3px)`,
                width: 6,
                cursor: 'col-resize',
                zIndex: 2,
              }}
              aria-hidden
            />
          )}
          {grid.rows === 2 && (
            <Box
              onPointerDown={dragSplit('row')}
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                top: `calc(${split.row}% - 3px)`,
                height: 6,
                cursor: 'row-resize',
                zIndex: 2,
              }}
              aria-hidden
            />
          )}
        </Box>
        {reportOpen && canEditReport && current && (
          <>
            <Box onPointerDown={dragSplit('report')} sx={{ width: 6, cursor: 'col-resize', bgcolor: '#333' }} aria-hidden />
            <Box
              component="iframe"
              title={t('viewer.reportPanel')}
              src={`/studies/report/${encodeURIComponent(current.id)}?embedded=1`}
              sx={{ width: `${reportWidth}%`, border: 0, bgcolor: 'background.default' }}
              data-testid="viewer-report-panel"
            />
          </>
        )}
      </Box>
      <Stack
        component="nav"
        aria-label={t('viewer.sideStrip')}
        spacing={1}
        sx={{ width: 48, alignItems: 'center', py: 1, bgcolor: '#1e1e1e' }}
      >
        {canEditReport && (
          <Tooltip title={reportOpen ? t('viewer.hideReport') : t('viewer.showReport')} placement="left">
            <IconButton
              color={reportOpen ? 'primary' : 'inherit'}
              onClick={() => setParam('reportOpen', reportOpen ? null : 'true')}
              aria-pressed={reportOpen}
              aria-label={reportOpen ? t('viewer.hideReport') : t('viewer.showReport')}
              data-testid="viewer-toggle-report"
            >
              <DescriptionOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
        {current && (
          <Tooltip title={t('viewer.reportNewWindow')} placement="left">
            <IconButton
              color="inherit"
              onClick={() => window.open(`/studies/report/${encodeURIComponent(current.id)}`, '_blank', 'noopener')}
              aria-label={t('viewer.reportNewWindow')}
              data-testid="viewer-report-window"
            >
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
        )}
        {current && (
          <Tooltip title={t('viewer.tags')} placement="left">
            <IconButton color="inherit" onClick={() => setTagsOf(current)} aria-label={t('viewer.tags')}>
              <SellOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Menu
        anchorEl={historyAnchor}
        open={!!historyAnchor}
        onClose={() => setHistoryAnchor(null)}
        data-testid="viewer-history-menu"
      >
        {current?.history.map((h) => (
          <MenuItem
            key={h.id}
            onClick={() => {
              setHistoryAnchor(null);
              openStudy(h.id);
            }}
          >
            {`${formatDate(h.createdAt, i18n.language)} - ${h.examType ?? ''}`}
          </MenuItem>
        ))}
      </Menu>
      <AttachmentsDialog
        studyId={attachmentsOf?.id ?? null}
        title={attachmentsOf ? label(attachmentsOf) : ''}
        onClose={() => {
          if (attachmentsOf) void queryClient.invalidateQueries({ queryKey: ['viewerStudy', attachmentsOf.id] });
          setAttachmentsOf(null);
        }}
      />
      <ManualDialog open={manualOpen} onClose={() => setManualOpen(false)} />
      {printOf && printAllowed && <PrintDialog study={printStudyOf(printOf)} onClose={() => setPrintOf(null)} />}
      <TagsDialog studyId={tagsOf?.id ?? null} title={tagsOf ? label(tagsOf) : ''} onClose={() => setTagsOf(null)} />
      <StudyVersionsDialog
        studyId={versionsOf?.id ?? null}
        title={versionsOf ? label(versionsOf) : ''}
        onClose={() => setVersionsOf(null)}
      />
    </Box>
  );
}
