import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';

/** A delete icon that asks first: removing a role or a grant takes access away at once. */
export function ConfirmDelete({ name, label, onConfirm }: { name: string; label?: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton aria-label={label ?? t('adminRoles.delete')} onClick={() => setOpen(true)}>
        <DeleteOutlineIcon />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} data-testid="confirm-delete">
        <DialogTitle>{t('adminRoles.confirmDelete', { name })}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('adminRoles.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="confirm-delete-yes"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {label ?? t('adminRoles.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
