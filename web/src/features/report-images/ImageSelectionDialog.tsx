import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ApiError, describeError } from '../../lib/errors';
import { SeriesThumbnail } from '../download/SeriesThumbnail';
import { fetchReportImages, fetchSeriesPreview, saveReportImages, uploadExternalImages } from './api';
import { reportImagesKeys } from './query-keys';
import { type Picked, acceptedFile, fromSaved, move, numberOf, selectAll, toSaved, toggle } from './selection';
import { groupsOf } from './image-groups';
import { ImageTile } from './ImageTile';
import { OrderButtons } from './OrderButtons';

/**
 * 'Selecionar Imagens' (spec 2 §2, issue 6): before a report is finished the doctor picks the
 * images its PDF shows — the viewer's key images come chosen — numbered in the order clicked
 * and reorderable, plus external jpg/png files. 'Continuar'/'Finalizar' saves and goes on with
 * the finish; 'Pular' finishes without images.
 */
export function ImageSelectionDialog({
  open,
  studyId,
  confirmLabel,
  pending,
  onContinue,
  onClose,
}: {
  open: boolean;
  studyId: string;
  /** 'Continuar' when the password dialog follows, else 'Finalizar'. */
  confirmLabel: string;
  pending: boolean;
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const series = useQuery({
    queryKey: reportImagesKeys.series(studyId),
    queryFn: () => fetchSeriesPreview(studyId),
    enabled: open,
  });
  const saved = useQuery({
    queryKey: reportImagesKeys.selection(studyId),
    queryFn: () => fetchReportImages(studyId),
    enabled: open,
    staleTime: 0,
  });
  const [picked, setPicked] = useState<Picked[]>([]);
  const [externals, setExternals] = useState<{ name: string; selected: boolean }[]>([]);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  /** The message of the last failed upload (null: none). */
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'confirm' | 'skip' | null>(null);
  const [saveError, setSaveError] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // The selection starts from the server's answer each time the dialog opens.
  const initialised = useRef(false);
  useEffect(() => {
    if (!open) initialised.current = false;
    else if (saved.data && !initialised.current) {
      initialised.current = true;
      setPicked(fromSaved(saved.data.laudoImages));
      const chosen = new Set(saved.data.externalImages);
      const names = [...saved.data.externalImages, ...saved.data.uploadedExternalImages.filter((n) => !chosen.has(n))];
      setExternals(names.map((name) => ({ name, selected: chosen.has(name) })));
      setUploadError(null);
      setSaveError(false);
    }
  }, [open, saved.data]);

  const settings = saved.data?.settings;
  const groups = useMemo(
    () =>
      series.data && settings
        ? groupsOf(series.data, settings.maxAdjacentImages, t('reportImages.allImages'), (s, i) =>
            t('reportImages.imageLabel', { series: s, image: i }),
          )
        : [],
    [series.data, settings, t],
  );
  const group = groups.find((g) => g.id === groupId) ?? groups[0];
  const tileByKey = useMemo(
    () => new Map(groups.flatMap((g) => g.tiles).map((tile) => [`${tile.imageKey}#${tile.frame}`, tile])),
    [groups],
  );
  const selectedExternals = externals.filter((e) => e.selected);

  const addFiles = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (files.length === 0) return;
    setUploadError(null);
    if (!files.every((f) => acceptedFile(f.name))) {
      setUploadError(t('reportImages.uploadError'));
      return;
    }
    setUploading(0);
    try {
      const names = await uploadExternalImages(studyId, files, setUploading);
      setExternals((prev) => [
        ...prev.filter((e) => !names.includes(e.name)),
        ...names.map((name) => ({ name, selected: true })),
      ]);
    } catch (err) {
      // The report's cap is worth its own words (reloading will not help); the rest is the spec's message.
      const limit = err instanceof ApiError && err.code === 'REPORT_EXTERNAL_IMAGES_LIMIT';
      setUploadError(limit ? describeError(err, t) : t('reportImages.uploadError'));
    } finally {
      setUploading(null);
    }
  };

  const finish = async (skip: boolean) => {
    setSaving(skip ? 'skip' : 'confirm');
    setSaveError(false);
    try {
      await saveReportImages(
        studyId,
        skip
          ? { laudoImages: [], externalImages: [] }
          : { laudoImages: toSaved(picked), externalImages: selectedExternals.map((e) => e.name) },
      );
      onContinue();
    } catch {
      setSaveError(true);
    } finally {
      setSaving(null);
    }
  };

  const loading = series.isPending || saved.isPending;
  const failed = series.isError || saved.isError;
  const busy = saving !== null || uploading !== null || pending;
  // Phones (spec 3: mobile up to 800 px): the whole screen, so the footer stays on it and can be tapped.
  const phone = useMediaQuery('(max-width: 800px)');

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
      data-testid="report-images-dialog"
    >
      <DialogTitle>{t('reportImages.title')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: phone ? 0 : 420 }}>
        {failed ? (
          <Alert severity="error">{t('reportImages.loadError')}</Alert>
        ) : loading ? (
          <Stack direction="row" spacing={2} aria-busy data-testid="report-images-loading">
            <Skeleton variant="rounded" width={220} height={320} />
            <Box sx={{ flex: 1, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}>
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} variant="rectangular" sx={{ aspectRatio: '1', height: 'auto' }} />
              ))}
            </Box>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ minHeight: 280 }}>
              <List
                dense
                sx={{ width: { md: 240 }, flexShrink: 0, maxHeight: 360, overflow: 'auto' }}
                aria-label={t('reportImages.groups')}
              >
                {groups.map((g) => (
                  <ListItemButton
                    key={g.id}
                    selected={g.id === group?.id}
                    onClick={() => setGroupId(g.id)}
                    data-testid="report-images-group"
                  >
                    {g.thumbnail && (
                      <Box sx={{ width: 40, mr: 1.5, flexShrink: 0 }}>
                        <SeriesThumbnail src={g.thumbnail} />
                      </Box>
                    )}
                    <ListItemText primary={g.title} secondary={t('reportImages.imageCount', { count: g.count })} />
                  </ListItemButton>
                ))}
              </List>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {groups.length === 0 || !group ? (
                  <Typography color="text.secondary" sx={{ p: 2 }} data-testid="report-images-empty">
                    {t('reportImages.noImages')}
                  </Typography>
                ) : (
                  <>
                    <Stack direction="row" sx={{ mb: 1, alignItems: 'center' }}>
                      <Typography variant="subtitle2" sx={{ flex: 1 }}>
                        {group.title}
                      </Typography>
                      {settings?.allowSelectAllImagesReport && (
                        <Button
                          size="small"
                          startIcon={<DoneAllIcon />}
                          onClick={() =>
                            setPicked((p) =>
                              selectAll(
                                p,
                                groups.flatMap((g) => g.tiles),
                              ),
                            )
                          }
                          data-testid="report-images-select-all"
                        >
                          {t('reportImages.selectAll')}
                        </Button>
                      )}
                    </Stack>
                    <Box
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
                        gap: 1,
                        maxHeight: 360,
                        overflow: 'auto',
                        p: 0.5,
                      }}
                    >
                      {group.tiles.map((tile) => {
                        const n = numberOf(picked, tile);
                        return (
                          <ImageTile
                            key={`${tile.imageKey}#${tile.frame}`}
                            tile={tile}
                            number={n}
                            onToggle={() => setPicked((p) => toggle(p, tile))}
                          />
                        );
                      })}
                    </Box>
                  </>
                )}
              </Box>
            </Stack>

            <Box>
              <Typography variant="subtitle2">
                {t('reportImages.selected', { count: picked.length + selectedExternals.length })}
              </Typography>
              {picked.length === 0 && selectedExternals.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('reportImages.noneSelected')}
                </Typography>
              )}
              <List dense data-testid="report-images-order">
                {picked.map((p, i) => (
                  <ListItem
                    key={`${p.imageKey}#${p.frame}`}
                    disableGutters
                    secondaryAction={
                      <OrderButtons
                        index={i}
                        length={picked.length}
                        onMove={(d) => setPicked((list) => move(list, i, d))}
                        onRemove={() => setPicked((list) => list.filter((_, j) => j !== i))}
                      />
                    }
                  >
                    <Badge badgeContent={i + 1} color="primary" sx={{ mr: 2.5, ml: 1 }} />
                    <ListItemText primary={tileByKey.get(`${p.imageKey}#${p.frame}`)?.label ?? p.imageKey} />
                  </ListItem>
                ))}
              </List>
            </Box>

            <Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {t('reportImages.external')}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={uploading !== null}
                  onClick={() => fileInput.current?.click()}
                  data-testid="report-images-add-external"
                >
                  {t('reportImages.addExternal')}
                </Button>
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  multiple
                  accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                  onChange={(e) => void addFiles(e.target.files)}
                  data-testid="report-images-file-input"
                />
              </Stack>
              {uploading !== null && (
                <LinearProgress
                  variant="determinate"
                  value={Math.round(uploading * 100)}
                  sx={{ my: 1 }}
                  aria-label={t('reportImages.uploading')}
                  data-testid="report-images-upload-progress"
                />
              )}
              {uploadError && (
                <Alert
                  severity="error"
                  sx={{ my: 1 }}
                  onClose={() => setUploadError(null)}
                  data-testid="report-images-upload-error"
                >
                  <AlertTitle>{t('reportImages.errorTitle')}</AlertTitle>
                  {uploadError}
                </Alert>
              )}
              <List dense>
                {externals.map((e, i) => {
                  const n = e.selected ? picked.length + selectedExternals.indexOf(e) + 1 : null;
                  return (
                    <ListItem
                      key={e.name}
                      disableGutters
                      secondaryAction={
                        e.selected ? (
                          <OrderButtons
                            index={i}
                            length={externals.length}
                            onMove={(d) => setExternals((list) => move(list, i, d))}
                            onRemove={() => setExternals((list) => list.map((x, j) => (j === i ? { ...x, selected: false } : x)))}
                          />
                        ) : null
                      }
                    >
                      <Checkbox
                        size="small"
                        checked={e.selected}
                        onChange={(ev) =>
                          setExternals((list) => list.map((x, j) => (j === i ? { ...x, selected: ev.target.checked } : x)))
                        }
                        slotProps={{ input: { 'aria-label': e.name } }}
                      />
                      {n !== null && <Badge badgeContent={n} color="primary" sx={{ mr: 2.5, ml: 1 }} />}
                      <ListItemText primary={e.name} />
                    </ListItem>
                  );
                })}
              </List>
            </Box>
            {saveError && (
              <Alert severity="error">
                <AlertTitle>{t('reportImages.errorTitle')}</AlertTitle>
                {t('reportImages.saveError')}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="report-images-footer">
        <Button onClick={onClose} disabled={busy}>
          {t('reportImages.cancel')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          onClick={() => void finish(true)}
          disabled={busy || failed}
          loading={saving === 'skip'}
          data-testid="report-images-skip"
        >
          {t('reportImages.skip')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void finish(false)}
          disabled={busy || loading || failed}
          loading={saving === 'confirm' || pending}
          data-testid="report-images-confirm"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
