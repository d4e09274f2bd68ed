import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { describeError } from '../../lib/errors';
import { notify } from '../../app/notifications/store';
import { downloadPath, fetchPdf, previewPdf, saveBlob } from './api';
import { PdfPreviewDialog } from './PdfPreviewDialog';

/** Spec 2 §3: the editor previews in states 1, 12 and 25; a concluded or signed report downloads. */
export const PREVIEW_STATES: readonly number[] = [1, 12, 25];
export const DOCUMENT_STATES: readonly number[] = [2, 3];

/**
 * The bottom bar's document buttons: Preview (the editor's current text as PDF), Sign
 * (state 2, the author) and the version's PDF download (signed once signed).
 */
export function ReportDocumentButtons({
  studyId,
  state,
  version,
  field,
  canSign,
  read,
  onSign,
}: {
  studyId: string;
  state: number;
  version: number;
  field: 'report' | 'review';
  canSign: boolean;
  read: () => string;
  onSign: () => void;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ pdf: Blob | null } | null>(null);
  const [downloading, setDownloading] = useState(false);

  const openPreview = () => {
    setPreview({ pdf: null });
    previewPdf(studyId, field, read())
      .then((pdf) => setPreview({ pdf }))
      .catch((err: unknown) => {
        setPreview(null);
        notify(`${t('documents.errors.previewTitle')} ${describeError(err, t)}`, 'error');
      });
  };
  const download = () => {
    setDownloading(true);
    fetchPdf(downloadPath(studyId, version))
      .then((pdf) => saveBlob(pdf, `laudo-v${version}.pdf`))
      .catch((err: unknown) => notify(`${t('documents.errors.downloadTitle')}: ${describeError(err, t)}`, 'error'))
      .finally(() => setDownloading(false));
  };

  return (
    <>
      {PREVIEW_STATES.includes(state) && (
        <Button startIcon={<PictureAsPdfOutlinedIcon />} onClick={openPreview} data-testid="bottom-preview">
          {t('documents.preview')}
        </Button>
      )}
      {canSign && (
        <Button startIcon={<DrawOutlinedIcon />} onClick={onSign} data-testid="bottom-sign">
          {t('documents.sign')}
        </Button>
      )}
      {DOCUMENT_STATES.includes(state) && (
        <Button
          startIcon={<DownloadIcon />}
          onClick={download}
          loading={downloading}
          loadingPosition="start"
          data-testid="bottom-download"
        >
          {t('documents.download')}
        </Button>
      )}
      {preview && (
        <PdfPreviewDialog
          pdf={preview.pdf}
          title={t('documents.previewTitle')}
          fileName={`pre-visualizacao-v${version}.pdf`}
          onClose={() => setPreview(null)}
        />
      )}
    </>
  );
}
