import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
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
import { windowPresets } from '../../../../domain/studies/viewer';
import type { SeriesPreview } from './api';
import { type StackImage, type Window, clampIndex, dragWindow, renderedUrl, stackImages } from './stack';

type Tool = 'window' | 'pan' | 'zoom';

export interface StackViewerProps {
  studyId: string;
  token: string;
  series: SeriesPreview;
  /** Default window per image key (from the DICOM metadata), when the image carries one. */
  defaultWindow: (seriesId: string, imageKey: string) => Window | null;
  keyImages: ReadonlySet<string>;
  onToggleKeyImage: (image: StackImage, seriesId: string, marked: boolean) => void;
  onSelection: (seriesId: string, image: StackImage, index: number, count: number) => void;
  initialSeriesId?: string;
  modality: string;
}

const keyOf = (image: StackImage) => `${image.imageKey}#${image.frame}`;
const PRELOAD = 3;
const DRAG_RENDER_MS = 120;

/**
 * The 2D stack viewer: series with thumbnails, scroll through images (wheel, keys, slider),
 * window/level by drag and by modality presets, zoom and pan, reset, and key images.
 */
export function StackViewer(props: StackViewerProps) {
  const { t } = useTranslation();
  const { series, token } = props;
  const [seriesId, setSeriesId] = useState(() => props.initialSeriesId ?? series[0]?.seriesId ?? '');
  const current = series.find((s) => s.seriesId === seriesId) ?? series[0];
  const images = useMemo(() => stackImages(current?.instances ?? []), [current]);
  const [index, setIndex] = useState(() => Math.floor(images.length / 2));
  const image = images[clampIndex(index, images.length)];
  const [tool, setTool] = useState<Tool>('window');
  const [window, setWindow] = useState<Window | null>(null);
  const [shownWindow, setShownWindow] = useState<Window | null>(null);
  const [view, setView] = useState({ zoom: 1, x: 0, y: 0 });
  const [presetAnchor, setPresetAnchor] = useState<HTMLElement | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; window: Window | null; view: typeof view; last: number } | null>(null);

  const base = image ? props.defaultWindow(current!.seriesId, image.imageKey) : null;
  const effective = window ?? base;

  const pickSeries = (id: string) => {
    const next = series.find((s) => s.seriesId === id);
    setSeriesId(id);
    setIndex(Math.floor(stackImages(next?.instances ?? []).length / 2));
    setWindow(null);
    setShownWindow(null);
  };
  const reset = useCallback(() => {
    setWindow(null);
    setShownWindow(null);
    setView({ zoom: 1, x: 0, y: 0 });
  }, []);
  const move = useCallback((delta: number) => setIndex((i) => clampIndex(i + delta, images.length)), [images.length]);

  // Tell the page what is on screen, and warm the neighbours so scrolling does not wait.
  const { onSelection } = props;
  useEffect(() => {
    if (!image || !current) return;
    onSelection(current.seriesId, image, clampIndex(index, images.length), images.length);
    for (let d = 1; d <= PRELOAD; d++)
      for (const n of [index + d, index - d]) {
        const near = images[n];
        if (near) new Image().src = renderedUrl(near, token, shownWindow ?? base, 1024);
      }
  }, [image, current, index, images, token, shownWindow, base, onSelection]);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      move(e.deltaY > 0 ? 1 : -1);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [move]);

  const onKey = (e: React.KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, PageDown: 10, ArrowUp: -1, ArrowLeft: -1, PageUp: -10 };
    if (e.key in steps) move(steps[e.key]!);
    else if (e.key === 'Home') setIndex(0);
    else if (e.key === 'End') setIndex(images.length - 1);
    else if (e.key === 'r' || e.key === 'R') reset();
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, window: effective, view, last: 0 };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (tool === 'window' && d.window) {
      const next = dragWindow(d.window, dx, dy);
      setWindow(next);
      // Rendering is on the server: ask for a new image at most every DRAG_RENDER_MS.
      if (performance.now() - d.last > DRAG_RENDER_MS) {
        d.last = performance.now();
        setShownWindow(next);
      }
    } else if (tool === 'pan') setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy });
    else if (tool === 'zoom') setView({ ...d.view, zoom: Math.min(8, Math.max(0.25, d.view.zoom * Math.exp(-dy / 200))) });
  };
  const onPointerUp = () => {
    if (drag.current && tool === 'window') setShownWindow(window);
    drag.current = null;
  };

  const marked = image ? props.keyImages.has(keyOf(image)) : false;
  const presets = windowPresets(props.modality);
  const src = image ? renderedUrl(image, token, shownWindow ?? base, 1024) : null;

  return (
    <Box sx={{ display: 'flex', height: '100%', bgcolor: '#000', color: '#eee' }} data-testid="stack-viewer">
      <Box
        component="nav"
        aria-label={t('viewer.series')}
        sx={{ width: 132, flexShrink: 0, overflowY: 'auto', borderRight: '1px solid #333', p: 0.5 }}
        data-testid="viewer-series-list"
      >
        {series.map((s) => (
          <ButtonBase
            key={s.seriesId}
            onClick={() => pickSeries(s.seriesId)}
            sx={{
              display: 'block',
              width: '100%',
              mb: 0.5,
              p: 0.5,
              borderRadius: 1,
              textAlign: 'left',
              outline: s.seriesId === current?.seriesId ? '2px solid #4fc3f7' : 'none',
            }}
            aria-current={s.seriesId === current?.seriesId}
            data-testid={`viewer-series-${s.seriesId}`}
          >
            <Box
              component="img"
              src={`${s.url}?token=${encodeURIComponent(token)}`}
              alt=""
              sx={{ width: '100%', aspectRatio: '1', objectFit: 'contain', bgcolor: '#111', display: 'block' }}
            />
            <Typography variant="caption" component="div" noWrap title={s.description}>
              {s.description || s.modality}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: '#aaa' }}>
              {t('viewer.images', { count: s.instanceCount })}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, py: 0.5, borderBottom: '1px solid #333' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={tool}
            onChange={(_e, v: Tool | null) => v && setTool(v)}
            sx={{
              '& .MuiToggleButton-root': { color: '#ccc', borderColor: '#444' },
              '& .MuiToggleButton-root.Mui-selected': { color: '#4fc3f7', bgcolor: 'rgba(79, 195, 247, 0.18)' },
            }}
          >
            <ToggleButton value="window" aria-label={t('viewer.tools.window')} data-testid="tool-window">
              <ContrastIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="pan" aria-label={t('viewer.tools.pan')} data-testid="tool-pan">
              <PanToolIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="zoom" aria-label={t('viewer.tools.zoom')} data-testid="tool-zoom">
              <ZoomInIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
          {presets.length > 0 && (
            <>
              <Button size="small" color="inherit" onClick={(e) => setPresetAnchor(e.currentTarget)} data-testid="window-presets">
                {t('viewer.presets')}
              </Button>
              <Menu anchorEl={presetAnchor} open={!!presetAnchor} onClose={() => setPresetAnchor(null)}>
                {presets.map(([name, center, width]) => (
                  <MenuItem
                    key={name}
                    onClick={() => {
                      setPresetAnchor(null);
                      setWindow({ center, width });
                      setShownWindow({ center, width });
                    }}
                    data-testid={`preset-${name}`}
                  >
                    {t(`viewer.preset.${name}`)} ({center}/{width})
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
          <Tooltip title={t('viewer.reset')}>
            <IconButton size="small" color="inherit" onClick={reset} aria-label={t('viewer.reset')} data-testid="viewer-reset">
              <RestartAltIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={marked ? t('viewer.unmarkKey') : t('viewer.markKey')}>
            <span>
              <IconButton
                size="small"
                color={marked ? 'warning' : 'inherit'}
                disabled={!image}
                onClick={() => image && current && props.onToggleKeyImage(image, current.seriesId, !marked)}
                aria-pressed={marked}
                aria-label={marked ? t('viewer.unmarkKey') : t('viewer.markKey')}
                data-testid="viewer-key-image"
              >
                {marked ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" data-testid="viewer-window">
            {effective ? t('viewer.windowLevel', { width: effective.width, center: effective.center }) : ''}
          </Typography>
          <Typography variant="caption" data-testid="viewer-position">
            {images.length ? `${clampIndex(index, images.length) + 1} / ${images.length}` : ''}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
          <Box
            ref={area}
            tabIndex={0}
            role="img"
            aria-label={current ? `${current.description} ${clampIndex(index, images.length) + 1}/${images.length}` : ''}
            onKeyDown={onKey}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            sx={{
              flex: 1,
              position: 'relative',
              overflow: 'hidden',
              touchAction: 'none',
              cursor: tool === 'pan' ? 'grab' : tool === 'zoom' ? 'zoom-in' : 'crosshair',
              outline: 'none',
            }}
            data-testid="viewer-image-area"
          >
            {src ? (
              <Box
                component="img"
                src={src}
                alt=""
                draggable={false}
                sx={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  objectFit: 'contain',
                  transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`,
                  userSelect: 'none',
                  pointerEvents: 'none',
                }}
                data-testid="viewer-image"
                data-image-key={image?.imageKey}
              />
            ) : (
              <Typography sx={{ p: 2, color: '#aaa' }}>{t('viewer.noImages')}</Typography>
            )}
          </Box>
          {images.length > 1 && (
            <Slider
              orientation="vertical"
              min={0}
              max={images.length - 1}
              value={images.length - 1 - clampIndex(index, images.length)}
              onChange={(_e, v) => setIndex(images.length - 1 - (v as number))}
              aria-label={t('viewer.scroll')}
              sx={{ my: 2, mx: 1, color: '#4fc3f7' }}
              data-testid="viewer-slider"
            />
          )}
        </Box>
      </Box>
    </Box>
  );
}
