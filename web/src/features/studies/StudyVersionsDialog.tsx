import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { describeError } from '../../lib/errors';
import { VersionsPanel } from '../report/VersionsPanel';
import { useStartReport, useStudyDetail } from '../report/use-report';

/**
 * The report panel of a study (spec 1 §2) from the list, in a dialog. A report the caller may
 * start (state 0) is offered to start — or to restart, when earlier versions were returned to
 * not started (spec 1) — and opens on its page once started.
 */
export function StudyVersionsDialog({ studyId, title, onClose }: { studyId: string | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!studyId} onClose={onClose} maxWidth="md" fullWidth data-testid="study-versions-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{studyId && <VersionsPanel studyId={studyId} />}</DialogContent>
      {studyId ? (
        <VersionsActions studyId={studyId} onClose={onClose} />
      ) : (
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function VersionsActions({ studyId, onClose }: { studyId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useStudyDetail(studyId);
  const start = useStartReport(studyId);
  const allowed = detail.data?.report.allowedActions ?? [];
  const action = allowed.includes('restart') ? 'restart' : allowed.includes('start') ? 'start' : null;
  return (
    <>
      {start.error && (
        <Alert severity="error" sx={{ mx: 3 }} data-testid="study-versions-start-error">
          {t('report.startErrorTitle')}: {describeError(start.error, t)}
        </Alert>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {action && (
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={start.isPending}
            data-testid="study-versions-start"
            onClick={() =>
              start.mutate(undefined, { onSuccess: () => void navigate(`/studies/report/${encodeURIComponent(studyId)}`) })
            }
          >
            {action === 'restart' ? t('editor.header.restart') : t('report.start')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
