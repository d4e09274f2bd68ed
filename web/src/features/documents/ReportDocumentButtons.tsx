import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { ReportActionErrorDialog } from '../report/ReportActionErrorDialog';
import { downloadPath, fetchPdf, previewPdf, saveBlob } from './api';
import { PdfPreviewDialog } from './PdfPreviewDialog';
import { ShareReportButton } from '../share/ShareReportButton';

/** Spec 2 §3: the editor previews in states 1, 12 and 25; a concluded or signed report downloads. */
export const PREVIEW_STATES: readonly number[] = [1, 12, 25];
export const DOCUMENT_STATES: readonly number[] = [2, 3];

/**
 * The bottom bar's document buttons: Preview (the editor's current text as PDF), Sign
 * (state 2, the author), the version's PDF download (signed once signed) and, for veterinary
 * accounts, sharing that PDF by e-mail (spec 1 §2, §6).
 */
export function ReportDocumentButtons({
  studyId,
  state,
  version,
  field,
  canSign,
  canShare = false,
  read,
  onSign,
  beforePreview,
}: {
  studyId: string;
  state: number;
  version: number;
  field: 'report' | 'review';
  canSign: boolean;
  /** A veterinary account: sharing by e-mail is offered with the document. */
  canShare?: boolean;
  read: () => string;
  onSign: () => void;
  /** A structured form validates first (spec 2 §5); false: no preview (it showed why). */
  beforePreview?: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ pdf: Blob | null } | null>(null);
  const [downloading, setDownloading] = useState(false);
  // Spec 1 §8 'Erro ao baixar PDF do laudo'; spec 2 §8 preview failure 'Ocorreu um erro!'.
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);

  const openPreview = async () => {
    if (beforePreview && !(await beforePreview())) return;
    setPreview({ pdf: null });
    previewPdf(studyId, field, read())
      .then((pdf) => setPreview({ pdf }))
      .catch((error: unknown) => {
        setPreview(null);
        setFailure({ title: t('documents.errors.previewTitle'), error });
      });
  };
  const download = () => {
    setDownloading(true);
    fetchPdf(downloadPath(studyId, version))
      .then((pdf) => saveBlob(pdf, `laudo-v${version}.pdf`))
      .catch((error: unknown) => setFailure({ title: t('documents.errors.downloadTitle'), error }))
      .finally(() => setDownloading(false));
  };

  return (
    <>
      {PREVIEW_STATES.includes(state) && (
        <Button startIcon={<PictureAsPdfOutlinedIcon />} onClick={() => void openPreview()} data-testid="bottom-preview">
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
      {canShare && DOCUMENT_STATES.includes(state) && <ShareReportButton studyId={studyId} />}
      <ReportActionErrorDialog title={failure?.title ?? ''} error={failure?.error ?? null} onClose={() => setFailure(null)} />
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
