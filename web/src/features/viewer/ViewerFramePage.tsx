import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { setLanguage } from '../../i18n';
import { toLang } from '../../i18n/languages';
import { describeError } from '../../lib/errors';
import { useImageToken } from '../../lib/image-token';
import { fetchSeriesPreview, fetchSeriesWindows, fetchViewerStudy, setKeyImage } from './api';
import type { FrameMessage, StackImage } from './stack';
import { StackViewer } from './StackViewer';

/**
 * The embedded image frame (spec 3 §2): given token, study id, key image, modality, account,
 * patient and language in its query; posts JSON text messages with the selected series and
 * image to the page that holds it. The token is an image token (read-only, minutes of life),
 * renewed here before it ends; key images are written with the session's header.
 */
export function ViewerFramePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const givenToken = params.get('token');
  const givenExpiry = params.get('tokenExpiresAt');
  // Without its end in the address, the token is treated as due: renewed at once.
  const given = useMemo(
    () => (givenToken ? { token: givenToken, expiresAt: Number(givenExpiry) || Date.now() } : null),
    [givenToken, givenExpiry],
  );
  const imageToken = useImageToken(given);
  const token = imageToken?.token ?? '';
  // Queries read the newest token when they run; a renewal does not refetch them.
  const latest = useRef(token);
  latest.current = token;
  const studyId = params.get('studyId') ?? '';
  const keyImage = params.get('keyImage') ?? undefined;
  const modality = params.get('modality') ?? '';
  const lang = params.get('lang');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (lang) setLanguage(toLang(lang));
  }, [lang]);

  const preview = useQuery({
    queryKey: ['viewerFrame', 'series', studyId],
    queryFn: ({ signal }) => fetchSeriesPreview(studyId, signal, latest.current),
    enabled: !!studyId && !!token,
    meta: { silent: true },
  });
  const study = useQuery({
    queryKey: ['viewerFrame', 'study', studyId],
    queryFn: ({ signal }) => fetchViewerStudy(studyId, signal, latest.current),
    enabled: !!studyId && !!token,
    meta: { silent: true },
  });
  const [seriesShown, setSeriesShown] = useState<string | null>(null);
  const seriesUrl = useMemo(() => {
    const s = preview.data?.find((x) => x.seriesId === seriesShown) ?? preview.data?.[0];
    return s ? s.url.replace(/\/thumbnail$/, '') : null;
  }, [preview.data, seriesShown]);
  const windows = useQuery({
    queryKey: ['viewerFrame', 'windows', seriesUrl],
    queryFn: ({ signal }) => fetchSeriesWindows(seriesUrl!, latest.current, signal),
    enabled: !!seriesUrl,
    staleTime: Infinity,
    meta: { silent: true },
  });
  const defaultWindow = useCallback(
    (_seriesId: string, imageKey: string) => windows.data?.windows.get(imageKey) ?? null,
    [windows.data],
  );
  const cineRate = useCallback((imageKey: string) => windows.data?.cineRates.get(imageKey) ?? null, [windows.data]);

  const keyImages = useMemo(
    () => new Set((study.data?.keyImages ?? []).map((k) => `${k.imageKey}#${k.frame}`)),
    [study.data?.keyImages],
  );
  const onToggleKeyImage = (image: StackImage, seriesId: string, marked: boolean) => {
    void setKeyImage(studyId, { seriesId, imageKey: image.imageKey, frame: image.frame }, marked).then(() =>
      queryClient.invalidateQueries({ queryKey: ['viewerFrame', 'study', studyId] }),
    );
  };
  const onSelection = useCallback(
    (seriesId: string, image: StackImage, index: number, count: number) => {
      setSeriesShown(seriesId);
      const message: FrameMessage = {
        type: 'laudos-viewer:selection',
        studyId,
        seriesId,
        imageKey: image.imageKey,
        index,
        count,
      };
      if (window.parent !== window) window.parent.postMessage(JSON.stringify(message), window.location.origin);
    },
    [studyId],
  );

  const initialSeriesId = useMemo(() => {
    if (!keyImage || !preview.data) return undefined;
    return preview.data.find((s) => s.instances.some((i) => i.imageKey === keyImage))?.seriesId;
  }, [keyImage, preview.data]);

  if (!givenToken || !studyId) return <Alert severity="error">{t('viewer.frameMissing')}</Alert>;
  const error = preview.error ?? study.error;
  if (error) return <Alert severity="error">{describeError(error, t)}</Alert>;
  // No usable token yet (one given without its end is renewed first): wait for it.
  if (!token || !preview.data || !study.data)
    return (
      <Box sx={{ height: '100dvh', display: 'grid', placeItems: 'center', bgcolor: '#000' }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  return (
    <Box sx={{ height: '100dvh' }}>
      <StackViewer
        studyId={studyId}
        token={token}
        series={preview.data}
        defaultWindow={defaultWindow}
        cineRate={cineRate}
        keyImages={keyImages}
        onToggleKeyImage={onToggleKeyImage}
        onSelection={onSelection}
        initialSeriesId={initialSeriesId}
        modality={modality || (study.data.modalities[0] ?? '')}
      />
    </Box>
  );
}
