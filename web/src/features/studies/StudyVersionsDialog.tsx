import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import { VersionsPanel } from '../report/VersionsPanel';

/** The report panel of a study (spec 1 §2) from the list, in a dialog. */
export function StudyVersionsDialog({ studyId, title, onClose }: { studyId: string | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!studyId} onClose={onClose} maxWidth="md" fullWidth data-testid="study-versions-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{studyId && <VersionsPanel studyId={studyId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
