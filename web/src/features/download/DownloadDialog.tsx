import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FullPath } from '../../../../domain/connect/download-request';
import { type ConnectCheck, type DownloadOptions, type DownloadStudy } from './api';
import { SeriesThumbnail } from './SeriesThumbnail';

/** Above this many series the grid's thumbnails are hidden (spec 2 §2). */
export const MAX_SERIES_THUMBNAILS = 12;

/** Why the folder path is not editable, or where the download goes when it is. */
function connectHint(t: TFunction, check: ConnectCheck | undefined, pathError: boolean) {
  if (!check) return t('download.connect.checking');
  if (check.available)
    return pathError ? t('download.connect.invalidPath') : t('download.connect.available', { name: check.connect?.name ?? '' });
  if (check.reason === 'SETTING_OFF') return t('download.connect.settingOff');
  if (check.reason === 'NO_CONNECT') return t('download.connect.noConnect');
  return t('download.connect.unreachable', { name: check.connect?.name ?? '' });
}

/**
 * The download dialog (spec 2 §2). Folder path and subfolders apply to a Connect download
 * and are editable only when the study's Connect is reachable (connect/check); with a folder
 * filled in, Download queues the zip for the Connect instead of opening it here.
 */
export function DownloadDialog(props: {
  open: boolean;
  study: DownloadStudy | undefined;
  initial: DownloadOptions;
  /** The connect/check answer; undefined while it is asked. */
  connect: ConnectCheck | undefined;
  onClose: () => void;
  onDownload: (options: DownloadOptions, seriesIds: string[], viaConnect: boolean) => void;
}) {
  const { t } = useTranslation();
  const [o, setO] = useState(props.initial);
  const series = Object.values(props.study?.thumbnails ?? {});
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (props.open) {
      setO(props.initial);
      setSelected(series.map((s) => s.seriesId));
    }
  }, [props.open]);
  const connectReachable = props.connect?.available === true;
  const viaConnect = connectReachable && o.folderPath.trim() !== '';
  const pathError = viaConnect && !FullPath.safeParse(o.folderPath).success;
  const set = <K extends keyof DownloadOptions>(k: K, v: DownloadOptions[K]) => setO((p) => ({ ...p, [k]: v }));
  const check = (
    k:
      | 'includePatientId'
      | 'includePatientName'
      | 'includeAccessionNumber'
      | 'includeDate'
      | 'includeLaudoAtivo'
      | 'includeLaudosInativos'
      | 'includeAnexos',
    disabled = false,
  ) => (
    <FormControlLabel
      key={k}
      disabled={disabled}
      control={<Checkbox size="small" checked={o[k]} onChange={(e) => set(k, e.target.checked)} data-testid={`download-${k}`} />}
      label={t(`download.options.${k}`)}
    />
  );
  const nothing = o.imageFormats.length === 0 && !o.includeLaudoAtivo && !o.includeLaudosInativos && !o.includeAnexos;
  const noSeries = o.imageFormats.length > 0 && selected.length === 0;
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth data-testid="download-dialog">
      <DialogTitle>{t('download.dialogTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          margin="dense"
          label={t('download.folderPath')}
          value={o.folderPath}
          disabled={!connectReachable}
          error={pathError}
          helperText={connectHint(t, props.connect, pathError)}
          placeholder={connectReachable ? 'C:\\Exames' : undefined}
          onChange={(e) => set('folderPath', e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'download-folder-path', maxLength: 200 } }}
        />
        <FormLabel sx={{ mt: 1, display: 'block' }}>{t('download.subfolders')}</FormLabel>
        <FormGroup row>
          {(['includePatientId', 'includePatientName', 'includeAccessionNumber', 'includeDate'] as const).map((k) =>
            check(k, !connectReachable),
          )}
        </FormGroup>
        <FormControl size="small" sx={{ mt: 2, minWidth: 240 }}>
          <InputLabel id="download-formats">{t('download.imageFormats')}</InputLabel>
          <Select
            labelId="download-formats"
            multiple
            label={t('download.imageFormats')}
            value={o.imageFormats}
            onChange={(e) =>
              set(
                'imageFormats',
                (typeof e.target.value === 'string'
                  ? e.target.value.split(',')
                  : e.target.value) as DownloadOptions['imageFormats'],
              )
            }
            data-testid="download-formats"
          >
            <MenuItem value="DICOM">DICOM</MenuItem>
            <MenuItem value="JPEG">JPEG</MenuItem>
          </Select>
        </FormControl>
        <FormLabel sx={{ mt: 2, display: 'block' }}>{t('download.include')}</FormLabel>
        <FormGroup row>
          {(['includeLaudoAtivo', 'includeLaudosInativos', 'includeAnexos'] as const).map((k) => check(k))}
        </FormGroup>
        <FormLabel sx={{ mt: 2, display: 'block' }}>{t('download.series')}</FormLabel>
        {series.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('download.noSeries')}
          </Typography>
        ) : (
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1, mt: 1 }}
            data-testid="download-series"
          >
            {series.map((s) => {
              const on = selected.includes(s.seriesId);
              return (
                <Box
                  key={s.seriesId}
                  role="checkbox"
                  aria-checked={on}
                  tabIndex={0}
                  onClick={() => setSelected((p) => (on ? p.filter((x) => x !== s.seriesId) : [...p, s.seriesId]))}
                  sx={{ border: 2, borderColor: on ? 'primary.main' : 'divider', borderRadius: 1, p: 0.5, cursor: 'pointer' }}
                >
                  {series.length <= MAX_SERIES_THUMBNAILS && <SeriesThumbnail src={s.image} />}
                  <Typography variant="caption" component="div" noWrap>
                    {s.description || '—'}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('download.images', { count: s.instanceCount })}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
        {(nothing || noSeries) && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('download.chooseSomething')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('download.cancel')}</Button>
        <Button
          variant="contained"
          disabled={nothing || noSeries || pathError}
          onClick={() => props.onDownload(o, selected.length === series.length ? [] : selected, viaConnect)}
          data-testid="download-submit"
        >
          {t('download.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
