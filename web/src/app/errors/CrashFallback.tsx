import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/**
 * What replaces a crashed screen, or one whose code could not be loaded (`moduleLoad`: the
 * connection message of spec 3 §8). Reloading fetches the page afresh.
 */
export function CrashFallback({ moduleLoad = false, onRetry }: { moduleLoad?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, display: 'flex', justifyContent: 'center' }}>
      <Stack spacing={2} sx={{ maxWidth: 520, width: '100%' }}>
        <Alert severity={moduleLoad ? 'warning' : 'error'} data-testid={moduleLoad ? 'module-load-failed' : 'crash-fallback'}>
          {moduleLoad ? `${t('crash.moduleLoad')} ${t('errors.NETWORK_ERROR')}` : t('crash.message')}
        </Alert>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={onRetry ?? (() => window.location.reload())} data-testid="crash-retry">
            {t('common.retry')}
          </Button>
          <Button href="/studies">{t('notFound.back')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
