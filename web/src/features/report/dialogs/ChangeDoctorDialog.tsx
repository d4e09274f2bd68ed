import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DoctorSelect } from './DoctorSelect';

/**
 * Change doctor: the performing-physician list without the current doctor (spec 2 §5). Also
 * the coordinator's reassignment of a not-started report (issue 18), with its own title.
 */
export function ChangeDoctorDialog({
  mode = 'change',
  open,
  studyId,
  currentDoctorId,
  currentDoctorName,
  pending,
  onSubmit,
  onClose,
}: {
  mode?: 'change' | 'reassign';
  open: boolean;
  studyId: string;
  currentDoctorId: string | null;
  currentDoctorName: string | null;
  pending: boolean;
  onSubmit: (doctorId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [doctor, setDoctor] = useState('');
  const [tried, setTried] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="change-doctor-dialog">
      <DialogTitle>{mode === 'reassign' ? t('editor.changeDoctor.reassignTitle') : t('editor.changeDoctor.title')}</DialogTitle>
      <DialogContent>
        {currentDoctorName && (
          <DialogContentText sx={{ mb: 2 }}>{t('editor.changeDoctor.current', { name: currentDoctorName })}</DialogContentText>
        )}
        <DoctorSelect
          open={open}
          studyId={studyId}
          purpose="changeDoctor"
          exclude={[currentDoctorId]}
          value={doctor}
          onChange={setDoctor}
          label={t('editor.changeDoctor.label')}
          error={tried && !doctor ? t('editor.changeDoctor.none') : null}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.dialogs.cancel')}</Button>
        <Button
          variant="contained"
          loading={pending}
          onClick={() => {
            setTried(true);
            if (doctor) onSubmit(doctor);
          }}
          data-testid="change-doctor-submit"
        >
          {mode === 'reassign' ? t('editor.changeDoctor.reassignSubmit') : t('editor.changeDoctor.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
