import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { ReportActionErrorDialog } from '../report/ReportActionErrorDialog';
import { downloadPath, fetchPdf, saveBlob } from './api';

/**
 * The versions table's PDF of one version (`reports/download?version`): signed once signed.
 * Shown only where the download answers a PDF (`hasDocument`, the server's one rule).
 */
export function VersionPdfButton({ studyId, version, hasDocument }: { studyId: string; version: number; hasDocument: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!hasDocument) return null;
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
