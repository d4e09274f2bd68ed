import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { CineControls } from './CineControls';
import { FrameImages, frameImageUrl } from './frame-images';
import { SeriesStrip } from './SeriesStrip';
import { type StackImage, type Window, clampIndex, dragWindow, stackImages } from './stack';
import { useCine } from './use-cine';
import { type PictureMode, frameVariants, needsPreview, useFramePicture } from './use-frame-picture';

type Tool = 'window' | 'pan' | 'zoom';

export interface StackViewerProps {
  studyId: string;
  token: string;
  series: SeriesPreview;
  /** Default window per image key (from the DICOM metadata), when the image carries one. */
  defaultWindow: (seriesId: string, imageKey: string) => Window | null;
  /** The rate a multi-frame instance was acquired at (frames/s), when its header says. */
  cineRate?: (imageKey: string) => number | null;
  keyImages: ReadonlySet<string>;
  onToggleKeyImage: (image: StackImage, seriesId: string, marked: boolean) => void;
  onSelection: (seriesId: string, image: StackImage, index: number, count: number) => void;
  initialSeriesId?: string;
  modality: string;
}

const keyOf = (image: StackImage) => `${image.imageKey}#${image.frame}`;
const PRELOAD = 3;
const DRAG_RENDER_MS = 120;
const MIN_SCALE = 0.02;
const MAX_SCALE = 16;

/** The fast picture's size: the screen's pixels rounded up to a step (so a resize rarely refetches). */
function fastSizeFor(area: { w: number; h: number }): number {
  const need = Math.max(area.w, area.h) * (globalThis.devicePixelRatio || 1);
  return [256, 512, 1024].find((s) => s >= need) ?? 1024;
}

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
  // scale: screen (CSS) pixels per image pixel; null fits the image in the area.
  const [view, setView] = useState<{ scale: number | null; x: number; y: number }>({ scale: null, x: 0, y: 0 });
  const [area_, setArea] = useState({ w: 0, h: 0 });
  const [dragging, setDragging] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState<number>(30);
  const [loadedSize, setLoadedSize] = useState<Record<string, { rows: number; columns: number }>>({});
  const imgRef = useRef<HTMLImageElement | null>(null);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const cache = useMemo(() => new FrameImages(() => tokenRef.current), []);
  useEffect(() => () => cache.clear(), [cache]);
  const [presetAnchor, setPresetAnchor] = useState<HTMLElement | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; window: Window | null; view: typeof view; last: number } | null>(null);

  const base = image ? props.defaultWindow(current!.seriesId, image.imageKey) : null;
  // Cine plays at the instance's own rate until the user picks another.
  const fileRate = image ? (props.cineRate?.(image.imageKey) ?? null) : null;
  const [rateTouched, setRateTouched] = useState(false);
  const rate = rateTouched || !fileRate ? fps : fileRate;
  const effective = window ?? base;

  const pickSeries = (id: string) => {
    const next = series.find((s) => s.seriesId === id);
    setPlaying(false);
    setSeriesId(id);
    setIndex(Math.floor(stackImages(next?.instances ?? []).length / 2));
    setWindow(null);
    setShownWindow(null);
  };
  const reset = useCallback(() => {
    setWindow(null);
    setShownWindow(null);
    setView({ scale: null, x: 0, y: 0 });
  }, []);
  const move = useCallback((delta: number) => setIndex((i) => clampIndex(i + delta, images.length)), [images.length]);

  const fastSize = fastSizeFor(area_);
  const shownWin = shownWindow ?? base;
  const mode: PictureMode = playing ? 'cine' : dragging ? 'drag' : 'still';
  const picture = useFramePicture({ cache, studyId: props.studyId, image, window: shownWin, fastSize, mode, ready: area_.w > 0 });
  const studyId = props.studyId;

  // Tell the page what is on screen, and warm the neighbours so scrolling does not wait.
  const { onSelection } = props;
  useEffect(() => {
    if (!image || !current) return;
    onSelection(current.seriesId, image, clampIndex(index, images.length), images.length);
    if (playing) return; // cine loads its own frames ahead
    const v = frameVariants(shownWin, fastSize);
    for (let d = 1; d <= PRELOAD; d++)
      for (const n of [index + d, index - d]) {
        const near = images[n];
        if (near)
          void cache.load(frameImageUrl(studyId, near, needsPreview(near, fastSize) ? v.fast : v.native)).catch(() => undefined);
      }
  }, [image, current, index, images, shownWin, fastSize, onSelection, cache, studyId, playing]);

  const fastOf = useCallback(
    (i: number) => {
      const im = images[i];
      return im ? frameImageUrl(studyId, im, frameVariants(shownWin, fastSize).fast) : null;
    },
    [images, studyId, shownWin, fastSize],
  );
  const measuredFps = useCine({
    playing,
    fps: rate,
    count: images.length,
    index: clampIndex(index, images.length),
    setIndex,
    img: () => imgRef.current,
    picture: (i) => {
      const address = fastOf(i);
      if (!address) return undefined;
      const url = cache.peek(address);
      if (!url) void cache.load(address).catch(() => undefined);
      return url;
    },
  });

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setArea({ w: entry.contentRect.width, h: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Native size: from the index (Rows × Columns), else from the native picture once loaded.
  const size =
    image?.rows && image.columns ? { rows: image.rows, columns: image.columns } : image ? loadedSize[image.imageKey] : undefined;
  const fit = size && area_.w > 0 ? Math.min(area_.w / size.columns, area_.h / size.rows) : null;
  const scale = view.scale ?? fit;
  const dpr = globalThis.devicePixelRatio || 1;
  const oneToOne = () => setView((v) => ({ ...v, scale: 1 / dpr }));

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
    else if (e.key === '1') oneToOne();
    else if (e.key === ' ' && images.length > 1) setPlaying((p) => !p);
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, window: effective, view, last: 0 };
    if (tool === 'window') setDragging(true);
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
    else if (tool === 'zoom' && (d.view.scale ?? fit))
      setView({ ...d.view, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, (d.view.scale ?? fit!) * Math.exp(-dy / 200))) });
  };
  const onPointerUp = () => {
    if (drag.current && tool === 'window') setShownWindow(window);
    drag.current = null;
    setDragging(false);
  };

  const marked = image ? props.keyImages.has(keyOf(image)) : false;
  const presets = windowPresets(props.modality);
  // While cine plays it owns the image element (use-cine.ts): React keeps what it last set.
  const shownIndex = clampIndex(index, images.length);
  const frozen = useRef({ src: picture.url, index: shownIndex });
  if (!playing) frozen.current = { src: picture.url, index: shownIndex };
  const src = playing ? frozen.current.src : picture.url;

  return (
    <Box sx={{ display: 'flex', height: '100%', bgcolor: '#000', color: '#eee' }} data-testid="stack-viewer">
      <SeriesStrip series={series} currentId={current?.seriesId} token={token} onPick={pickSeries} />
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', px: 1, py: 0.5, borderBottom: '1px solid #333' }}
        >
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
          <Tooltip title={t('viewer.oneToOne')}>
            <Button
              size="small"
              color="inherit"
              onClick={oneToOne}
              disabled={!size}
              aria-label={t('viewer.oneToOne')}
              sx={{ minWidth: 0, px: 1 }}
              data-testid="viewer-zoom-1to1"
            >
              1:1
            </Button>
          </Tooltip>
          {images.length > 1 && (
            <CineControls
              playing={playing}
              onPlaying={setPlaying}
              fps={rate}
              onFps={(f) => {
                setRateTouched(true);
                setFps(f);
              }}
              measuredFps={measuredFps}
            />
          )}
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" data-testid="viewer-zoom">
            {scale ? `${Math.round(scale * dpr * 100)}%` : ''}
          </Typography>
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
            // never an empty name (issue 24): the series and position, else 'no images'
            aria-label={
              current
                ? `${current.description || t('viewer.series')} ${clampIndex(index, images.length) + 1}/${images.length}`
                : t('viewer.noImages')
            }
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
                onLoad={(e: React.SyntheticEvent<HTMLImageElement>) => {
                  const img = e.currentTarget;
                  if (picture.native && image && !loadedSize[image.imageKey])
                    setLoadedSize((m) => ({ ...m, [image.imageKey]: { rows: img.naturalHeight, columns: img.naturalWidth } }));
                }}
                sx={{
                  position: 'absolute',
                  left: '50%',
                  top: '50%',
                  // Sized in image pixels × scale: 1:1 is one image pixel per screen pixel.
                  ...(size && scale
                    ? { width: size.columns * scale, height: size.rows * scale, maxWidth: 'none', maxHeight: 'none' }
                    : { width: '100%', height: '100%', objectFit: 'contain' }),
                  transform: `translate(calc(-50% + ${view.x}px), calc(-50% + ${view.y}px))`,
                  imageRendering: scale && scale * dpr > 1.5 ? 'pixelated' : 'auto',
                  userSelect: 'none',
                  pointerEvents: 'none',
                }}
                data-testid="viewer-image"
                data-image-key={image?.imageKey}
                data-frame={image?.frame}
                ref={imgRef}
                data-index={playing ? frozen.current.index : shownIndex}
                data-native={picture.native ? 'true' : 'false'}
                data-address={picture.address ?? undefined}
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
