import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { describeError, toApiError } from '../../lib/errors';

/** A study that could not be read: 'not found' as a warning, anything else with Retry. */
export function StudyLoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  const notFound = toApiError(error).code === 'NOT_FOUND';
  return (
    <Alert
      severity={notFound ? 'warning' : 'error'}
      data-testid={testId}
      action={
        notFound ? undefined : (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      {notFound ? t('report.notFound') : `${t('report.loadError')} ${describeError(error, t)}`}
    </Alert>
  );
}
