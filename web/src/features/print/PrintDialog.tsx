/**
 * The full-screen print layout dialog (spec 2 §2–§5, §9): left, the patient and exam and the
 * choices (paper, orientation, series and key images, layout, grid or fit-columns, group
 * series); right, the live page sketch and the job's status, then the generated PDF in the
 * 'Pre-visualização' dialog (857 px). The job's status, with a progress bar, and then its PDF
 * come from its live document printStudy/{key} (usePrintJob). The dialog opens with the
 * account's saved config, else the preview's defaults (ADR 007, saved print config).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import LinearProgress from '@mui/material/LinearProgress';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  PAGE_SIZES,
  type PrintOptions,
  canPreview,
  initialPrintOptions,
  quickPickLayouts,
} from '../../../../domain/print/options';
import { describeError, toApiError } from '../../lib/errors';
import { LayoutPicker } from './LayoutPicker';
import { PageSketch } from './PageSketch';
import { PrintErrorDialog } from './PrintErrorDialog';
import { PRINT_PREVIEW_WIDTH, PrintPreviewDialog } from './PrintPreviewDialog';
import { fetchPrintConfig, savePrintConfig } from './api';
import { usePrintJob } from './usePrintJob';

export { PRINT_PREVIEW_WIDTH };

export interface PrintStudy {
  id: string;
  accountId: string;
  patientName: string;
  patientId: string;
  examType: string | null;
  series: { seriesId: string; description: string; instanceCount: number }[];
  keyImages: number;
}

/** The dialog's view of a study from the viewer's answer. */
export function printStudyOf(s: {
  id: string;
  accountId: string;
  patientName: string;
  patientId: string;
  examType: string | null;
  thumbnails: Record<string, { seriesId: string; description: string; instanceCount: number }>;
  keyImages: unknown[];
}): PrintStudy {
  return {
    id: s.id,
    accountId: s.accountId,
    patientName: s.patientName,
    patientId: s.patientId,
    examType: s.examType,
    series: Object.values(s.thumbnails).map(({ seriesId, description, instanceCount }) => ({
      seriesId,
      description,
      instanceCount,
    })),
    keyImages: s.keyImages.length,
  };
}

export function PrintDialog({ study, onClose }: { study: PrintStudy; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Read afresh on every opening: the account's config may have been saved elsewhere since.
  const config = useQuery({
    queryKey: ['print-config'],
    queryFn: ({ signal }) => fetchPrintConfig(signal),
    refetchOnMount: 'always',
  });
  // Until the saved config is known (or could not be read): spec 2 §9's preview defaults.
  const [options, setOptions] = useState<PrintOptions>(() => initialPrintOptions(undefined));
  const [columnText, setColumnText] = useState('1');
  const [configErrorSeen, setConfigErrorSeen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [applied, setApplied] = useState(false);
  useEffect(() => {
    if (applied || !config.data || !config.isFetchedAfterMount) return;
    setApplied(true);
    // The saved config when there is one: its series only where this study has them, its key
    // images only when this study has some (else it would print nothing at all).
    const start = initialPrintOptions(config.data);
    const known = new Set(study.series.map((s) => s.seriesId));
    setOptions({
      ...start,
      seriesIds: start.seriesIds.filter((id) => known.has(id)),
      includeKeyImages: start.includeKeyImages && study.keyImages > 0,
    });
    setColumnText(String(start.column));
  }, [applied, config.data, config.isFetchedAfterMount, study.series, study.keyImages]);

  const job = usePrintJob(study.id, study.accountId);
  const set = (patch: Partial<PrintOptions>) => {
    // A choice made before the saved config arrived is kept: the config must not undo it.
    setApplied(true);
    setOptions((o) => ({ ...o, ...patch }));
    // Other choices: the PDF shown no longer matches (the old job cleans up after itself).
    job.reset();
  };
  const allowed = canPreview(options);

  const state = job.state;
  const result = state.phase === 'done' ? state : null;
  // A new PDF opens in the preview dialog.
  useEffect(() => setPreviewOpen(result !== null), [result]);
  // Spec 2 §8: under the title 'Erro ao gerar arquivo para impressão', code 500 and the job's
  // own message when it failed, else the generic one.
  const failure =
    state.phase === 'failed'
      ? state.errorMessage
        ? t('print.errorCode', { code: 500, message: state.errorMessage })
        : t('print.errorCodeOnly', { code: 500 })
      : state.phase === 'timedOut'
        ? t('print.fileError')
        : state.phase === 'refused'
          ? toApiError(state.error).code === 'PRINT_NOT_ALLOWED'
            ? describeError(state.error, t)
            : t('print.fileError')
          : null;
  const save = useMutation({
    mutationFn: () => savePrintConfig(options),
    // The saved layouts (quick picks) follow; the choices on screen stay as they are.
    onSuccess: (answer) => queryClient.setQueryData(['print-config'], answer),
  });
  const savedLayouts = quickPickLayouts(config.data?.layouts ?? []);

  const statusText = {
    pending: t('print.status.pending'),
    requested: t('print.status.requested'),
    started: t('print.status.started'),
  } as const;
  const toggleSeries = (id: string) =>
    set({ seriesIds: options.seriesIds.includes(id) ? options.seriesIds.filter((s) => s !== id) : [...options.seriesIds, id] });

  return (
    <Dialog open fullScreen onClose={onClose} data-testid="print-dialog">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('print.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('print.close')} data-testid="print-close">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
        <Box
          sx={{
            width: { md: 400 },
            p: 2,
            overflowY: 'auto',
            borderRight: { md: 1 },
            borderColor: 'divider',
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
          }}
        >
          <Box data-testid="print-patient">
            <Typography variant="subtitle2">{study.patientName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[study.patientId, study.examType].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {config.isFetching && !applied && <CircularProgress size={20} aria-label={t('print.loading')} />}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <FormControl size="small" sx={{ minWidth: 110 }}>
              <InputLabel id="print-paper">{t('print.paper')}</InputLabel>
              <Select
                labelId="print-paper"
                label={t('print.paper')}
                value={options.pageSize}
                onChange={(e) => set({ pageSize: e.target.value as PrintOptions['pageSize'] })}
                data-testid="print-paper"
              >
                {PAGE_SIZES.map((p) => (
                  <MenuItem key={p} value={p}>
                    {p}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <RadioGroup
              row
              value={options.orientation}
              onChange={(e) => set({ orientation: e.target.value as PrintOptions['orientation'] })}
            >
              <FormControlLabel value="portrait" control={<Radio size="small" />} label={t('print.portrait')} />
              <FormControlLabel value="landscape" control={<Radio size="small" />} label={t('print.landscape')} />
            </RadioGroup>
          </Box>
          <Divider />
          <Typography variant="subtitle2">{t('print.series')}</Typography>
          {study.series.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('print.noSeries')}
            </Typography>
          )}
          <Box>
            {study.series.map((s) => (
              <FormControlLabel
                key={s.seriesId}
                sx={{ display: 'flex' }}
                control={
                  <Checkbox
                    size="small"
                    checked={options.seriesIds.includes(s.seriesId)}
                    onChange={() => toggleSeries(s.seriesId)}
                  />
                }
                label={`${s.description || t('print.untitledSeries')} (${s.instanceCount})`}
              />
            ))}
            <FormControlLabel
              sx={{ display: 'flex' }}
              control={
                <Checkbox
                  size="small"
                  checked={options.includeKeyImages}
                  disabled={study.keyImages === 0}
                  onChange={(e) => set({ includeKeyImages: e.target.checked })}
                  data-testid="print-key-images"
                />
              }
              label={t('print.keyImages', { count: study.keyImages })}
            />
            <Typography variant="caption" color="text.secondary">
              {t('print.allSeriesHint')}
            </Typography>
          </Box>
          <Divider />
          <Typography variant="subtitle2">{t('print.layout')}</Typography>
          <RadioGroup row value={options.option} onChange={(e) => set({ option: e.target.value as PrintOptions['option'] })}>
            <FormControlLabel
              value="grid"
              control={<Radio size="small" data-testid="print-option-grid" />}
              label={t('print.grid')}
            />
            <FormControlLabel
              value="fit-columns"
              control={<Radio size="small" data-testid="print-option-fit" />}
              label={t('print.fitColumns')}
            />
          </RadioGroup>
          {options.option === 'fit-columns' ? (
            <TextField
              size="small"
              type="number"
              label={t('print.columns')}
              value={columnText}
              error={!allowed}
              helperText={allowed ? ' ' : t('print.columnsHelp')}
              slotProps={{ htmlInput: { min: 0, max: 10, 'data-testid': 'print-columns' } }}
              onChange={(e) => {
                setColumnText(e.target.value);
                const n = Number(e.target.value);
                set({ column: e.target.value === '' || !Number.isInteger(n) ? 0 : Math.min(10, Math.max(0, n)) });
              }}
            />
          ) : (
            <LayoutPicker value={options.layout} saved={savedLayouts} onChange={(layout) => set({ layout })} />
          )}
          <FormControlLabel
            control={
              <Checkbox size="small" checked={options.groupSeries} onChange={(e) => set({ groupSeries: e.target.checked })} />
            }
            label={t('print.groupSeries')}
          />
          {save.isError && <Alert severity="error">{t('print.saveError')}</Alert>}
          {save.isSuccess && <Alert severity="success">{t('print.saved')}</Alert>}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              disabled={!allowed || save.isPending}
              onClick={() => save.mutate()}
              data-testid="print-save"
            >
              {t('print.save')}
            </Button>
            <Button
              variant="contained"
              disabled={!allowed || state.phase === 'running'}
              onClick={() => job.start(options)}
              data-testid="print-preview"
            >
              {t('print.preview')}
            </Button>
          </Box>
        </Box>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            overflow: 'auto',
            bgcolor: 'action.hover',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            p: 2,
            gap: 1,
          }}
        >
          {state.phase === 'running' && (
            <Box sx={{ width: '100%', maxWidth: PRINT_PREVIEW_WIDTH, mt: 2 }} role="status" aria-live="polite">
              <Typography data-testid="print-status" data-status={state.status} color="text.secondary" sx={{ mb: 1 }}>
                {statusText[state.status]}
              </Typography>
              <LinearProgress aria-label={statusText[state.status]} data-testid="print-progress" />
            </Box>
          )}
          {result && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-testid="print-result">
              <Typography variant="body2">{t('print.pages', { count: result.pages })}</Typography>
              <Button
                startIcon={<VisibilityOutlinedIcon />}
                onClick={() => setPreviewOpen(true)}
                data-testid="print-open-preview"
              >
                {t('print.openPreview')}
              </Button>
            </Box>
          )}
          {state.phase === 'running' ? null : <PageSketch options={options} />}
        </Box>
      </Box>
      {result && (
        <PrintPreviewDialog
          open={previewOpen}
          downloadUrl={result.downloadUrl}
          pages={result.pages}
          onClose={() => setPreviewOpen(false)}
        />
      )}
      <PrintErrorDialog title={t('print.generateError')} text={failure} onClose={job.reset} testId="print-error" />
      <PrintErrorDialog
        title={t('print.configError')}
        text={config.isError && !configErrorSeen ? describeError(config.error, t) : null}
        onClose={() => setConfigErrorSeen(true)}
        testId="print-config-error"
      />
    </Dialog>
  );
}
