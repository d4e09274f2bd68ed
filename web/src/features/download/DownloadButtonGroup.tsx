import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  checkConnect,
  connectDownloads,
  DEFAULT_DOWNLOAD_OPTIONS,
  type DownloadOptions,
  downloadStudy,
  loadDownloadOptions,
  prepareDownload,
  saveDownloadOptions,
} from './api';
import { DownloadDialog } from './DownloadDialog';
import { type DownloadProgress, watchDownload } from './use-download-progress';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; progress: DownloadProgress | null }
  | { kind: 'error' }
  /** Connect mode: queued for the clinic's agent ('Download requisitado'), then its status. */
  | { kind: 'requested'; requestId: string };

const PENDING = new Set(['queued', 'ready', 'delivering']);

/**
 * 'Download DICOMs' (the study's DICOMs with the saved options) and 'Other download options'
 * (the dialog); progress from the download's live document, the link opened when finished.
 */
export function DownloadButtonGroup({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const study = useQuery({ queryKey: ['download', 'study', studyId], queryFn: () => downloadStudy(studyId) });
  const options = useQuery({ queryKey: ['download', 'options'], queryFn: loadDownloadOptions });
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const anchor = useRef<HTMLDivElement>(null);
  const available = study.data?.storageAvailable ?? false;
  // Asked again each time the dialog opens: reachability changes with the agent's polls.
  const connect = useQuery({
    queryKey: ['download', 'connect-check', studyId],
    queryFn: () => checkConnect(studyId),
    enabled: dialogOpen,
    staleTime: 0,
  });
  const requestId = state.kind === 'requested' ? state.requestId : null;
  const requests = useQuery({
    queryKey: ['download', 'connect-requests', studyId],
    queryFn: () => connectDownloads(studyId),
    enabled: requestId !== null,
    refetchInterval: (q) => {
      const mine = q.state.data?.find((r) => r.id === requestId);
      return !mine || PENDING.has(mine.status) ? 2000 : false;
    },
  });
  const request = requests.data?.find((r) => r.id === requestId);

  async function start(o: DownloadOptions, seriesIds: string[], viaConnect = false) {
    setState({ kind: 'running', progress: null });
    try {
      const prepared = await prepareDownload(studyId, o, seriesIds, viaConnect);
      if (prepared.queued) {
        setState({ kind: 'requested', requestId: prepared.requestId ?? '' });
        return;
      }
      let url = prepared.finished ? prepared.downloadUrl : undefined;
      if (!url) {
        const watch = watchDownload(prepared.topic, (p) => setState({ kind: 'running', progress: p }));
        try {
          url = await watch.done;
        } finally {
          watch.close();
        }
      }
      window.open(`${url}?download=1`, '_self');
      setState({ kind: 'idle' });
    } catch {
      setState({ kind: 'error' });
    }
  }

  const running = state.kind === 'running';
  const p = running ? state.progress : null;
  const main = (
    <span>
      <ButtonGroup size="small" variant="outlined" ref={anchor} disabled={running}>
        <Button
          disabled={!available || running}
          startIcon={<DownloadIcon />}
          onClick={() => void start({ ...(options.data ?? DEFAULT_DOWNLOAD_OPTIONS), imageFormats: ['DICOM'] }, [])}
          data-testid="download-dicoms"
        >
          {t('download.dicoms')}
        </Button>
        <Button aria-label={t('download.otherOptions')} onClick={() => setMenuOpen(true)} data-testid="download-more">
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
    </span>
  );
  return (
    <Box sx={{ width: '100%' }}>
      {available || !study.data ? main : <Tooltip title={t('download.archived')}>{main}</Tooltip>}
      <Menu anchorEl={anchor.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
        <MenuItem
          onClick={() => {
            setMenuOpen(false);
            setDialogOpen(true);
          }}
          data-testid="download-open-dialog"
        >
          {t('download.otherOptions')}
        </MenuItem>
      </Menu>
      {running && (
        <Box sx={{ mt: 1 }} data-testid="download-progress">
          <Typography variant="caption">
            {p ? t('download.progress', { done: p.done, count: p.total }) : t('download.preparing')}
          </Typography>
          <LinearProgress
            variant={p && p.total ? 'determinate' : 'indeterminate'}
            value={p && p.total ? (100 * p.done) / p.total : 0}
          />
        </Box>
      )}
      {state.kind === 'requested' && (
        <Alert
          severity={request?.status === 'failed' ? 'error' : request?.status === 'done' ? 'success' : 'info'}
          sx={{ mt: 1 }}
          onClose={() => setState({ kind: 'idle' })}
          data-testid="download-requested"
        >
          <AlertTitle>{t('download.requested')}</AlertTitle>
          {request
            ? t(`download.connectStatus.${request.status}`, {
                path: request.fullPath ?? '',
                files: request.files ?? 0,
                error: request.error ?? '',
              })
            : t('download.connectStatus.queued', { path: '' })}
        </Alert>
      )}
      {state.kind === 'error' && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setState({ kind: 'idle' })} data-testid="download-error">
          <AlertTitle>{t('download.errorTitle')}</AlertTitle>
          {t('download.errorText')}
        </Alert>
      )}
      <DownloadDialog
        open={dialogOpen}
        study={study.data}
        initial={options.data ?? DEFAULT_DOWNLOAD_OPTIONS}
        connect={connect.isError ? { available: false, reason: 'UNREACHABLE' } : connect.isFetching ? undefined : connect.data}
        onClose={() => setDialogOpen(false)}
        onDownload={(o, seriesIds, viaConnect) => {
          setDialogOpen(false);
          void saveDownloadOptions(o).then(() => options.refetch());
          void start(o, seriesIds, viaConnect);
        }}
      />
    </Box>
  );
}
