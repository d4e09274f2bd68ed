/** Spec 2 §8: print errors are dialogs with the catalogue's title and the error's text. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function PrintErrorDialog({
  title,
  text,
  onClose,
  testId,
}: {
  title: string;
  /** Null: no error, the dialog is closed. */
  text: string | null;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={text !== null}
      onClose={onClose}
      aria-labelledby={`${testId}-title`}
      aria-describedby={`${testId}-text`}
      data-testid={testId}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`} data-testid={`${testId}-text`}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="contained">
          {t('print.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
