/** Asks before a destructive action; the action's button is the dialog's last, in its colour. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function ConfirmDialog(props: {
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={props.onClose} data-testid="confirm-dialog">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t('adminUsers.cancel')}
        </Button>
        <Button color="error" variant="contained" loading={props.busy} onClick={props.onConfirm} data-testid="confirm-ok">
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
