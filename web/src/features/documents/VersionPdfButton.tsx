import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { ReportActionErrorDialog } from '../report/ReportActionErrorDialog';
import { downloadPath, fetchPdf, saveBlob } from './api';

/** Versions that have a document: concluded, signed, or archived by a reopen. */
export const VERSION_DOCUMENT_STATUSES: readonly string[] = ['FINISHED', 'SIGNED', 'CANCELLED'];

/** The versions table's PDF of one version (`reports/download?version`): signed once signed. */
export function VersionPdfButton({ studyId, version, status }: { studyId: string; version: number; status: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!VERSION_DOCUMENT_STATUSES.includes(status)) return null;
  const download = () => {
    setBusy(true);
    fetchPdf(downloadPath(studyId, version))
      .then((pdf) => saveBlob(pdf, `laudo-v${version}.pdf`))
      .catch((err: unknown) => setError(err))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <ReportActionErrorDialog title={t('documents.errors.downloadTitle')} error={error} onClose={() => setError(null)} />
      <Tooltip title={t('documents.download')}>
        <span>
          <IconButton
            size="small"
            onClick={download}
            disabled={busy}
            aria-label={t('documents.download')}
            data-testid={`version-pdf-${version}`}
          >
            {busy ? <CircularProgress size={18} /> : <PictureAsPdfOutlinedIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
