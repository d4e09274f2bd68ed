import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { describeError } from '../../lib/errors';
import { fetchViewerStudy } from '../viewer/api';
import { PrintDialog, printStudyOf } from './PrintDialog';
import { PrintErrorDialog } from './PrintErrorDialog';

/** The print dialog for a study known only by id (the report page): its series loaded first. */
export function StudyPrintDialog({ studyId, onClose }: { studyId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const study = useQuery({ queryKey: ['print-study', studyId], queryFn: ({ signal }) => fetchViewerStudy(studyId, signal) });
  if (study.data) return <PrintDialog study={printStudyOf(study.data)} onClose={onClose} />;
  // Spec 2 §8: the study's print information not read is a dialog with this title.
  if (study.isError)
    return (
      <PrintErrorDialog
        title={t('print.configError')}
        text={describeError(study.error, t)}
        onClose={onClose}
        testId="print-study-error"
      />
    );
  return (
    <Dialog open onClose={onClose} data-testid="print-dialog-loading">
      <DialogContent>
        <CircularProgress aria-label={t('print.loading')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('print.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
