/**
 * Spec 2 §2 "Print preview dialog": the generated PDF in its own dialog titled
 * 'Pre-visualização', 857 px wide, with print and download.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';

/** Spec 2 §2: the print preview dialog is 857 px wide. */
export const PRINT_PREVIEW_WIDTH = 857;

export function PrintPreviewDialog({
  open,
  downloadUrl,
  pages,
  onClose,
}: {
  open: boolean;
  downloadUrl: string;
  pages: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="print-preview-title"
      data-testid="print-preview-dialog"
      slotProps={{ paper: { sx: { width: PRINT_PREVIEW_WIDTH, maxWidth: '100%', height: '90vh' } } }}
    >
      <DialogTitle id="print-preview-title">{t('print.previewTitle')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', bgcolor: 'action.hover' }}>
        <Box
          component="iframe"
          ref={frame}
          src={downloadUrl}
          title={t('print.previewTitle')}
          data-testid="print-preview-frame"
          sx={{ border: 0, width: '100%', flex: 1, bgcolor: 'background.paper' }}
        />
      </DialogContent>
      <DialogActions>
        <Typography variant="body2" sx={{ flex: 1, pl: 1 }} data-testid="print-pages">
          {t('print.pages', { count: pages })}
        </Typography>
        <Button startIcon={<PrintOutlinedIcon />} onClick={() => frame.current?.contentWindow?.print()} data-testid="print-print">
          {t('print.print')}
        </Button>
        <Button startIcon={<DownloadIcon />} href={`${downloadUrl}?download=1`} data-testid="print-download">
          {t('print.download')}
        </Button>
        <Button onClick={onClose} variant="contained" data-testid="print-preview-close">
          {t('print.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
