/** 'Campos inválidos.' with each message of the form (spec 2 §5). */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';

export function InvalidFieldsDialog({ messages, onClose }: { messages: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={messages !== null} onClose={onClose} data-testid="invalid-fields-dialog" maxWidth="sm" fullWidth>
      <DialogTitle>{t('structured.invalidTitle')}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {(messages ?? []).map((m) => (
            <ListItem key={m} disableGutters>
              <ListItemText primary={m} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('structured.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
