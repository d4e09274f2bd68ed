import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ViewerStudy } from '../../../../domain/studies/viewer';
import { type ImageToken, useImageToken } from '../../lib/image-token';

/**
 * One study's embedded image frame (spec 3 §2: given token, study id, key image, modality,
 * account, patient, language). The token is an image token, never the session's: the frame
 * renews it on its own, so the address is made once and the frame never reloads for it.
 */
export function ViewerFrame({ study, lang, title }: { study: ViewerStudy; lang: string; title: string }) {
  const live = useImageToken();
  const [given, setGiven] = useState<ImageToken | null>(live);
  useEffect(() => {
    if (!given && live) setGiven(live);
  }, [given, live]);
  if (!given)
    return (
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} />
      </Box>
    );
  const params = new URLSearchParams({
    token: given.token,
    tokenExpiresAt: String(given.expiresAt),
    studyId: study.id,
    keyImage: study.keyImages[0]?.imageKey ?? '',
    modality: study.modalities[0] ?? '',
    account: study.accountId,
    patient: study.patientId,
    lang,
  });
  return (
    <Box
      component="iframe"
      title={title}
      src={`/viewer-frame?${params.toString()}`}
      sx={{ flex: 1, border: 0, width: '100%', minHeight: 0 }}
      data-testid={`viewer-frame-${study.id}`}
    />
  );
}
