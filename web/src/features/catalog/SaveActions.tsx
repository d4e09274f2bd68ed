import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** A catalogue dialog's footer: cancel, and save (busy while the write runs). */
export function SaveActions(props: { onCancel: () => void; onSave: () => void; disabled: boolean; saving: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={props.onCancel}>{t('catalog.cancel')}</Button>
      <Button
        variant="contained"
        disabled={props.disabled}
        loading={props.saving}
        onClick={props.onSave}
        data-testid={props.testId}
      >
        {t('catalog.save')}
      </Button>
    </DialogActions>
  );
}
