import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { describeError } from '../../lib/errors';

/** A failed report action: the spec's title and the server's description. */
export function ReportActionErrorDialog({
  title,
  error,
  message,
  onClose,
}: {
  title: string;
  error: unknown;
  /** Text shown instead of the error's own description. */
  message?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={error !== null && error !== undefined}
      onClose={onClose}
      aria-labelledby="report-action-error-title"
      aria-describedby="report-action-error-text"
      data-testid="report-action-error"
    >
      <DialogTitle id="report-action-error-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="report-action-error-text">{error ? (message ?? describeError(error, t)) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
