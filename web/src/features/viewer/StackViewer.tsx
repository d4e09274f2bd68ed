import { useEffect, useMemo, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContrastIcon from '@mui/icons-material/Contrast';
import PanToolIcon from '@mui/icons-material/PanTool';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { presetsFor, type ViewerStudy } from '../../../../domain/imaging/viewer';
import { withToken } from './api';
import { dragWindow, scrollIndex, stackOf } from './stack';

type Tool = 'window' | 'pan';
type Win = { center: number; width: number } | null;

/**
 * A 2D stack viewer over DICOMweb: series list with thumbnails, wheel or keys to scroll,
 * window/level by drag or presets by modality, zoom, pan, reset, key image mark. Pixels are
 * rendered by the server (`…/frames/{n}/rendered?window=`), so every transfer syntax shows.
 */
export function StackViewer({ study, testId }: { study: ViewerStudy; testId: string }) {
  const { t } = useTranslation();
  const [seriesIndex, setSeriesIndex] = useState(0);
  const series = study.series[seriesIndex];
  const stack = useMemo(() => (series ? stackOf(series) : []), [series]);
  const [index, setIndex] = useState(0);
  const [win, setWin] = useState<Win>(null);
  const [dragWin, setDragWin] = useState<Win>(null);
  const [tool, setTool] = useState<Tool>('window');
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [keyImages, setKeyImages] = useState<Set<string>>(new Set());
  const drag = useRef<{ x: number; y: number; win: { center: number; width: number }; pan: { x: number; y: number } } | null>(
    null,
  );

  useEffect(() => {
    setIndex(series ? Math.floor(stackOf(series).length / 2) : 0);
  }, [series]);

  const image = stack[index];
  const base = series ? `/dicomweb/studies/${study.studyInstanceUid}/series/${series.seriesId}/instances` : '';
  const shown = dragWin ?? win;
  const src = (i: number) => {
    const img = stack[i];
    return img
      ? withToken(
          `${base}/${img.instanceId}/frames/${img.frame}/rendered`,
          shown ? { window: `${shown.center},${shown.width}` } : {},
        )
      : '';
  };
  // The neighbours load ahead, so scrolling does not wait on the network.
  const ahead = [1, 2, -1].map((d) => src(index + d)).join('\n');
  useEffect(() => {
    for (const url of ahead.split('\n')) if (url) new Image().src = url;
  }, [ahead]);

  const reset = () => {
    setWin(null);
    setZoom(1);
    setPan({ x: 0, y: 0 });
  };
  const onWheel = (e: WheelEvent) => {
    if (e.ctrlKey) setZoom((z) => Math.min(8, Math.max(0.25, z * (e.deltaY < 0 ? 1.2 : 1 / 1.2))));
    else setIndex((i) => scrollIndex(i, Math.sign(e.deltaY), stack.length));
  };
  const onPointerDown = (e: PointerEvent) => {
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, win: win ?? series?.window ?? defaultWindow(study), pan };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (tool === 'pan') setPan({ x: d.pan.x + dx, y: d.pan.y + dy });
    else setDragWin(dragWindow(d.win, dx, dy));
  };
  const onPointerUp = () => {
    if (drag.current && tool === 'window' && dragWin) setWin(dragWin);
    drag.current = null;
    setDragWin(null);
  };
  const key = image ? `${image.instanceId}:${image.frame}` : '';
  const isKey = keyImages.has(key);
  const presets = presetsFor(series?.modality ?? '');

  if (!series) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={`${testId}-empty`}>
        {t('viewer.noImages')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ flex: 1, minHeight: 0 }} data-testid={testId}>
      <Stack spacing={1} sx={{ width: 112, p: 1, overflowY: 'auto', bgcolor: 'grey.900' }} aria-label={t('viewer.series')}>
        {study.series.map((s, i) => (
          <Box
            key={s.seriesId}
            component="button"
            onClick={() => setSeriesIndex(i)}
            data-testid={`${testId}-series-${i}`}
            aria-pressed={i === seriesIndex}
            sx={{
              p: 0.5,
              border: 2,
              borderColor: i === seriesIndex ? 'primary.main' : 'transparent',
              bgcolor: 'black',
              color: 'grey.300',
              cursor: 'pointer',
              textAlign: 'left',
            }}
          >
            <Box component="img" src={withToken(s.image)} alt={s.description} sx={{ width: '100%', display: 'block' }} />
            <Typography variant="caption" sx={{ display: 'block' }} noWrap>
              {s.description || s.modality}
            </Typography>
            <Typography variant="caption" sx={{ display: 'block' }}>
              {t('viewer.images', { count: s.instanceCount })}
            </Typography>
          </Box>
        ))}
      </Stack>
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ p: 0.5, alignItems: 'center', flexWrap: 'wrap', bgcolor: 'grey.900' }}>
          <ToggleButtonGroup size="small" exclusive value={tool} onChange={(_e, v: Tool | null) => v && setTool(v)}>
            <ToggleButton value="window" aria-label={t('viewer.windowTool')} sx={{ color: 'grey.300' }}>
              <ContrastIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="pan" aria-label={t('viewer.panTool')} sx={{ color: 'grey.300' }}>
              <PanToolIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
          <ButtonGroup size="small" variant="text">
            <Button onClick={() => setWin(null)} data-testid={`${testId}-preset-default`} sx={{ color: 'grey.300' }}>
              {t('viewer.presets.default')}
            </Button>
            {presets.map((p) => (
              <Button
                key={p.key}
                onClick={() => setWin({ center: p.center, width: p.width })}
                data-testid={`${testId}-preset-${p.key}`}
                sx={{ color: 'grey.300' }}
              >
                {t(`viewer.presets.${p.key}`)}
              </Button>
            ))}
          </ButtonGroup>
          <Tooltip title={t('viewer.zoomIn')}>
            <IconButton
              size="small"
              onClick={() => setZoom((z) => Math.min(8, z * 1.25))}
              aria-label={t('viewer.zoomIn')}
              sx={{ color: 'grey.300' }}
            >
              <ZoomInIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('viewer.zoomOut')}>
            <IconButton
              size="small"
              onClick={() => setZoom((z) => Math.max(0.25, z / 1.25))}
              aria-label={t('viewer.zoomOut')}
              sx={{ color: 'grey.300' }}
            >
              <ZoomOutIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('viewer.reset')}>
            <IconButton
              size="small"
              onClick={reset}
              aria-label={t('viewer.reset')}
              data-testid={`${testId}-reset`}
              sx={{ color: 'grey.300' }}
            >
              <RestartAltIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('viewer.keyImage')}>
            <IconButton
              size="small"
              aria-pressed={isKey}
              aria-label={t('viewer.keyImage')}
              data-testid={`${testId}-key`}
              onClick={() =>
                setKeyImages((prev) => {
                  const next = new Set(prev);
                  if (next.has(key)) next.delete(key);
                  else next.add(key);
                  return next;
                })
              }
              sx={{ color: isKey ? 'warning.main' : 'grey.300' }}
            >
              {isKey ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Stack>
        <Box
          data-testid={`${testId}-canvas`}
          tabIndex={0}
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowRight') setIndex((i) => scrollIndex(i, 1, stack.length));
            if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') setIndex((i) => scrollIndex(i, -1, stack.length));
          }}
          sx={{
            flex: 1,
            minHeight: 0,
            position: 'relative',
            overflow: 'hidden',
            bgcolor: 'black',
            cursor: tool === 'pan' ? 'grab' : 'crosshair',
            touchAction: 'none',
            outline: 'none',
          }}
        >
          {!study.storageAvailable ? (
            <Typography color="grey.400" sx={{ p: 2 }}>
              {t('viewer.archived')}
            </Typography>
          ) : (
            <Box
              component="img"
              src={src(index)}
              alt={`${series.description} ${index + 1}/${stack.length}`}
              draggable={false}
              data-testid={`${testId}-image`}
              data-index={index}
              data-window={shown ? `${shown.center},${shown.width}` : ''}
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'contain',
                transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`,
                userSelect: 'none',
                pointerEvents: 'none',
              }}
            />
          )}
          <Typography variant="caption" sx={{ position: 'absolute', left: 8, top: 4, color: 'grey.300' }}>
            {series.modality} · {series.description}
          </Typography>
          <Typography
            variant="caption"
            sx={{ position: 'absolute', left: 8, bottom: 4, color: 'grey.300' }}
            data-testid={`${testId}-position`}
          >
            {t('viewer.position', { current: index + 1, total: stack.length })}
            {shown ? ` · ${t('viewer.windowValue', { center: shown.center, width: shown.width })}` : ''}
            {zoom !== 1 ? ` · ${Math.round(zoom * 100)}%` : ''}
          </Typography>
        </Box>
      </Stack>
    </Stack>
  );
}

/** Where a drag starts when neither the user nor the header chose a window: the modality's first preset, or a wide one. */
function defaultWindow(study: ViewerStudy): { center: number; width: number } {
  const first = presetsFor(study.modalities[0] ?? '')[0];
  return first ? { center: first.center, width: first.width } : { center: 1500, width: 3000 };
}
