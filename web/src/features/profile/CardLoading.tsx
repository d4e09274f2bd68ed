import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { describeError } from '../../lib/errors';

/** What a card shows while its data loads, or when loading failed (with a retry). */
export function CardLoading({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {describeError(error, t)}
      </Alert>
    );
  }
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={48} />
      <Skeleton height={48} />
      <Skeleton height={48} width="60%" />
    </Box>
  );
}
