import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { getToken } from '../../lib/token';

/** A series thumbnail: the image needs the session header, so it is fetched and shown as a blob. */
export function SeriesThumbnail({ src }: { src: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    fetch(src, {
      headers: { access_token: getToken() ?? '', Authorization: `Bearer ${getToken() ?? ''}` },
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined); // no thumbnail: the black square stays
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return (
    <Box sx={{ width: '100%', aspectRatio: '1', bgcolor: 'black' }}>
      {url && <Box component="img" src={url} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
    </Box>
  );
}
