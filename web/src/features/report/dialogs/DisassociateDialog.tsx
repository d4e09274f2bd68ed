import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

/** Disassociate: asks only 'this study' or 'all' (spec 1 §2). */
export function DisassociateDialog({
  open,
  studies,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  studies: number;
  pending: boolean;
  onSubmit: (all: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<'this' | 'all'>('this');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="disassociate-dialog">
      <DialogTitle>{t('editor.disassociate.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('editor.disassociate.intro', { count: studies })}</DialogContentText>
        <RadioGroup value={scope} onChange={(e) => setScope(e.target.value as 'this' | 'all')} sx={{ mt: 1 }}>
          <FormControlLabel value="this" control={<Radio />} label={t('editor.disassociate.thisStudy')} />
          <FormControlLabel value="all" control={<Radio />} label={t('editor.disassociate.all')} />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.dialogs.cancel')}</Button>
        <Button variant="contained" onClick={() => onSubmit(scope === 'all')} loading={pending} data-testid="disassociate-submit">
          {t('editor.disassociate.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
