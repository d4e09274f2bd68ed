import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useMemo, useState } from 'react';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { describeError } from '../../lib/errors';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { activeFilterCount, EMPTY_FILTERS, readFilters, sameFilters, writeListSearch, type StudyFilters } from './filters';
import { StudyFiltersBar } from './StudyFiltersBar';
import { NARROW_MAX_WIDTH, openTarget, SCREEN_ROLES_KEY } from '../viewer/stack';
import { userFilterStore } from './saved-filters-store';
import {
  CommentsDialog,
  CriticalFindingDialog,
  StudyLabelsDialog,
  StudyMaintenanceDialog,
  StudyRoutineDialog,
  StudyVersionsDialog,
  UploadDialog,
} from './lazy-dialogs';
import { LiveIndicator } from './LiveIndicator';
import { PAGE_SIZES, readListParams } from './list-params';
import { StudyTable } from './StudyTable';
import { useStudies, useStudiesLive } from './use-studies';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link as RouterLink } from 'react-router-dom';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import BlockIcon from '@mui/icons-material/Block';
import EventNoteIcon from '@mui/icons-material/EventNote';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { ListViewControls } from './ListViewControls';
import { useListView } from './use-list-view';

const isNarrow = () => window.matchMedia?.(`(max-width: ${NARROW_MAX_WIDTH}px)`).matches ?? false;
function readScreenRoles(): string | null {
  try {
    return window.localStorage.getItem(SCREEN_ROLES_KEY);
  } catch {
    return null;
  }
}

export function StudyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  const params = useMemo(() => readListParams(new URLSearchParams(searchKey)), [searchKey]);
  const filters = useMemo(() => readFilters(new URLSearchParams(searchKey)), [searchKey]);
  const studies = useStudies(params, filters);
  const liveStatus = useStudiesLive();
  const session = useSessionData();
  const account = currentAccount(session);
  const [versionsOf, setVersionsOf] = useState<StudyListItem | null>(null);
  const [labelsOf, setLabelsOf] = useState<StudyListItem | null>(null);
  const [routineOf, setRoutineOf] = useState<StudyListItem | null>(null);
  const [maintenanceOf, setMaintenanceOf] = useState<StudyListItem | null>(null);
  const [findingOf, setFindingOf] = useState<StudyListItem | null>(null);
  const [commentsOf, setCommentsOf] = useState<StudyListItem | null>(null);
  const [uploading, setUploading] = useState(false);
  // A deactivated institution's studies stay listed, but it is no longer a filter (issue 14).
  const activeInstitutions = useMemo(() => (account?.institutions ?? []).filter((i) => i.active !== false), [account]);
  const uploadInstitutions = useMemo(
    () =>
      (account?.institutions ?? []).filter(
        (i) => i.active !== false && (session.superRole || i.permissions.includes('STUDIES_UPLOAD_DICOM')),
      ),
    [account, session.superRole],
  );

  /** Next page by keyset cursor when moving forward one page; any other jump by page number. */
  const setParams = (page: number, pageSize: number) => {
    const cursor = page === params.page + 1 && pageSize === params.pageSize ? (studies.data?.nextCursor ?? undefined) : undefined;
    setSearch(writeListSearch(filters, { page, pageSize, cursor }));
  };
  /** A filter change goes back to page 1 (replacing history while typing). */
  const setFilters = useCallback(
    (next: StudyFilters) => {
      setSearch((prev) => writeListSearch(next, { page: 1, pageSize: readListParams(prev).pageSize }));
    },
    [setSearch],
  );
  const filtered = activeFilterCount(filters) > 0;
  // Stable callbacks and empty state: StudyTable is memoized (its rows re-render only with new data).
  const openInNewWindow = useCallback((id: string) => {
    window.open(`/studies/report/${encodeURIComponent(id)}`, '_blank', 'noopener');
  }, []);
  const openStudy = useCallback(
    (id: string) => void navigate(openTarget(id, { narrow: isNarrow(), screenRoles: readScreenRoles() })),
    [navigate],
  );
  const openViewer = useCallback((id: string) => void navigate(`/studies/${encodeURIComponent(id)}/viewer/general`), [navigate]);

  // The rows render deferred, in the table (StudyTable).
  const rows = studies.data?.studies;
  const firstLoad = studies.isPending;
  const total = studies.data?.total;
  const capped = studies.data?.totalCapped === true;
  const lastPageIndex = total === undefined || capped ? null : Math.max(0, Math.ceil(total / params.pageSize) - 1);
  const describe = (s: StudyListItem) => [s.patientName, s.accessionNumber, s.modalities.join(', ')].filter(Boolean).join(' · ');
  const changingPage = studies.isFetching && studies.isPlaceholderData;
  const [view, setView] = useListView();
  const emptyState = useMemo(
    () => (
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" data-testid="studies-empty">
          {t('studies.empty')}
        </Typography>
        {filtered && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('studies.emptyFiltered')}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              startIcon={<FilterListOffIcon />}
              onClick={() => setFilters(EMPTY_FILTERS)}
              data-testid="studies-empty-clear"
            >
              {t('studies.filters.clear')}
            </Button>
          </>
        )}
      </Stack>
    ),
    [filtered, setFilters, t],
  );
  // 'Latest studies received': every study, most recently received first.
  const latestView = sameFilters(filters, { ...EMPTY_FILTERS, sort: 'received' });
  // Offline, a new search waits for the network: the rows at hand are another search's, so the
  // page says so instead of leaving them as if they answered it (issue 17).
  const offlineSearch = studies.fetchStatus === 'paused' && (studies.isPlaceholderData || !studies.data);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('studies.title')}
        </Typography>
        <LiveIndicator status={liveStatus} />
        {/* Below 600 px the two links show as their icons (named for screen readers). */}
        <Stack
          direction="row"
          spacing={0.5}
          sx={{
            '& .label': { display: { xs: 'none', sm: 'inline' } },
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          <Button
            size="small"
            component={RouterLink}
            to="/scheduled-exams"
            startIcon={<EventNoteIcon />}
            aria-label={t('worklist.title')}
            sx={{ minWidth: 0 }}
            data-testid="worklist-link"
          >
            <span className="label">{t('worklist.link')}</span>
          </Button>
          <Button
            size="small"
            component={RouterLink}
            to="/divergent-studies"
            startIcon={<CallSplitIcon />}
            aria-label={t('studyMaintenance.divergentTitle')}
            sx={{ minWidth: 0 }}
            data-testid="divergent-link"
          >
            <span className="label">{t('studyMaintenance.divergentLink')}</span>
          </Button>
          <Button
            size="small"
            component={RouterLink}
            to="/invalidated-studies"
            startIcon={<BlockIcon />}
            aria-label={t('studyMaintenance.invalidatedTitle')}
            sx={{ minWidth: 0 }}
            data-testid="invalidated-link"
          >
            <span className="label">{t('studyMaintenance.invalidatedLink')}</span>
          </Button>
        </Stack>
        {uploadInstitutions.length > 0 && (
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)} data-testid="upload-open">
            {t('upload.button')}
          </Button>
        )}
      </Stack>

      <StudyFiltersBar
        filters={filters}
        onChange={setFilters}
        institutions={activeInstitutions}
        accountId={account?.id ?? null}
        filterStore={userFilterStore(session.id, session.userConfig)}
      />

      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip
          icon={<NewReleasesOutlinedIcon />}
          label={t('studies.latestReceived')}
          color={latestView ? 'primary' : 'default'}
          variant={latestView ? 'filled' : 'outlined'}
          onClick={() => setFilters(latestView ? EMPTY_FILTERS : { ...EMPTY_FILTERS, sort: 'received' })}
          aria-pressed={latestView}
          data-testid="studies-latest-received"
        />
        <Box sx={{ flex: 1 }} />
        <ListViewControls view={view} onChange={setView} />
      </Stack>

      {offlineSearch ? (
        <Alert severity="warning" icon={<CloudOffIcon />} data-testid="studies-offline">
          {t('studies.offlineSearch')}
        </Alert>
      ) : studies.isError && !studies.data ? (
        <Alert
          severity="error"
          data-testid="studies-error"
          action={
            <Button color="inherit" size="small" onClick={() => void studies.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('studies.loadError')} {describeError(studies.error, t)}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box sx={{ height: 4 }}>{changingPage && <LinearProgress aria-label={t('common.loading')} />}</Box>
          {/* Scrolls (sideways on a phone, down on a desktop) and holds no focusable control while it
              loads: focusable itself, so the keyboard can scroll it (WCAG 2.1.1). */}
          <TableContainer
            sx={{ maxHeight: { md: 'calc(100dvh - 260px)' } }}
            aria-busy={firstLoad || changingPage}
            tabIndex={0}
            role="region"
            aria-label={t('studies.title')}
          >
            <StudyTable
              view={view}
              studies={rows}
              loading={firstLoad}
              skeletonRows={Math.min(params.pageSize, 10)}
              onOpen={openStudy}
              onOpenViewer={openViewer}
              onOpenInNewWindow={openInNewWindow}
              onVersions={setVersionsOf}
              onLabels={setLabelsOf}
              onRoutine={setRoutineOf}
              onMaintenance={setMaintenanceOf}
              onFinding={setFindingOf}
              onComments={setCommentsOf}
              empty={emptyState}
            />
          </TableContainer>
          <TablePagination
            component="div"
            count={capped ? -1 : (studies.data?.total ?? 0)}
            page={lastPageIndex === null ? (capped ? params.page - 1 : 0) : Math.min(params.page - 1, lastPageIndex)}
            rowsPerPage={params.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, page) => setParams(page + 1, params.pageSize)}
            onRowsPerPageChange={(e) => setParams(1, Number(e.target.value))}
            labelRowsPerPage={t('studies.pagination.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              count === -1
                ? t('studies.pagination.displayedRowsMore', { from, to })
                : t('studies.pagination.displayedRows', { from, to, count })
            }
            getItemAriaLabel={(type) => t(`studies.pagination.${type}`)}
            showFirstButton
            showLastButton={!capped}
            {...(capped && !studies.data?.nextCursor ? { slotProps: { actions: { nextButton: { disabled: true } } } } : {})}
            data-testid="studies-pagination"
          />
        </Paper>
      )}
      {/* Each dialog mounts (and its chunk loads) when it opens. */}
      <Suspense fallback={null}>
        {versionsOf && (
          <StudyVersionsDialog studyId={versionsOf.id} title={describe(versionsOf)} onClose={() => setVersionsOf(null)} />
        )}
        {uploading && <UploadDialog open onClose={() => setUploading(false)} institutions={uploadInstitutions} />}
        {labelsOf && (
          <StudyLabelsDialog
            accountId={account?.id ?? null}
            studyId={labelsOf.id}
            title={describe(labelsOf)}
            onClose={() => setLabelsOf(null)}
          />
        )}
        {findingOf && (
          <CriticalFindingDialog
            accountId={account?.id ?? null}
            studyId={findingOf.id}
            title={describe(findingOf)}
            onClose={() => setFindingOf(null)}
          />
        )}
        {commentsOf && (
          <CommentsDialog studyId={commentsOf.id} title={describe(commentsOf)} onClose={() => setCommentsOf(null)} />
        )}
        {maintenanceOf && (
          <StudyMaintenanceDialog key={maintenanceOf.id} study={maintenanceOf} onClose={() => setMaintenanceOf(null)} />
        )}
        {routineOf && <StudyRoutineDialog key={routineOf.id} study={routineOf} onClose={() => setRoutineOf(null)} />}
      </Suspense>
    </Stack>
  );
}
