import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import type { ReportView } from '../../../../../domain/studies/schemas';
import type { ReportActionKey } from '../actions';
import { ChangeDoctorDialog } from './ChangeDoctorDialog';

/**
 * A coordinator gives a not-started report to another doctor (issue 18: overriding the
 * orchestrator's choice, or assigning by hand). Shown only while the server allows 'reassign'.
 */
export function ReassignButton({
  studyId,
  report,
  run,
  pending,
}: {
  studyId: string;
  report: Pick<ReportView, 'responsibleUserId' | 'doctorName' | 'allowedActions'>;
  run: (action: ReportActionKey, body?: unknown) => Promise<unknown>;
  pending: ReportActionKey | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!report.allowedActions.includes('reassign')) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<AssignmentIndOutlinedIcon />} onClick={() => setOpen(true)} data-testid="reassign-report">
        {t('editor.changeDoctor.reassign')}
      </Button>
      <ChangeDoctorDialog
        key={`reassign-${open}`}
        mode="reassign"
        open={open}
        studyId={studyId}
        currentDoctorId={report.responsibleUserId}
        currentDoctorName={report.responsibleUserId ? report.doctorName : null}
        pending={pending === 'reassign'}
        onSubmit={(id) =>
          void run('reassign', { performingPhysician: id }).then((done) => {
            if (done) setOpen(false);
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
