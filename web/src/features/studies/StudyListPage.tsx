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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import { describeError } from '../../lib/errors';
import type { LiveStatus } from '../../lib/live';
import { PAGE_SIZES, readListParams, writeListParams } from './list-params';
import { StudyTable } from './StudyTable';
import { useStudies, useStudiesLive } from './use-studies';

function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle' || status === 'connecting') return null;
  const online = status === 'online';
  const label = online ? t('studies.live') : t('studies.offline');
  return (
    <Tooltip title={label}>
      <Chip
        size="small"
        variant="outlined"
        color={online ? 'success' : 'default'}
        icon={online ? <SensorsIcon /> : <SensorsOffIcon />}
        label={online ? t('studies.liveShort') : t('studies.offlineShort')}
        aria-label={label}
        data-testid="live-status"
        data-status={status}
      />
    </Tooltip>
  );
}

export function StudyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const studies = useStudies(params);
  const liveStatus = useStudiesLive();

  const setParams = (page: number, pageSize: number) => setSearch(writeListParams({ page, pageSize }));
  const reportPath = (id: string) => `/studies/report/${encodeURIComponent(id)}`;
  const openInNewWindow = (id: string) => {
    window.open(reportPath(id), '_blank', 'noopener');
  };

  const firstLoad = studies.isPending;
  const total = studies.data?.total;
  const lastPageIndex = total === undefined ? null : Math.max(0, Math.ceil(total / params.pageSize) - 1);
  const changingPage = studies.isFetching && studies.isPlaceholderData;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('studies.title')}
        </Typography>
        <LiveIndicator status={liveStatus} />
      </Stack>

      {studies.isError && !studies.data ? (
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
          <TableContainer sx={{ maxHeight: { md: 'calc(100dvh - 260px)' } }} aria-busy={firstLoad || changingPage}>
            <StudyTable
              studies={studies.data?.studies}
              loading={firstLoad}
              skeletonRows={Math.min(params.pageSize, 10)}
              onOpen={(id) => void navigate(reportPath(id))}
              onOpenInNewWindow={openInNewWindow}
            />
          </TableContainer>
          <TablePagination
            component="div"
            count={studies.data?.total ?? 0}
            page={lastPageIndex === null ? 0 : Math.min(params.page - 1, lastPageIndex)}
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
            showLastButton
            data-testid="studies-pagination"
          />
        </Paper>
      )}
    </Stack>
  );
}
