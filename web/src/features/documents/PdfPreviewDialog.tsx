import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/Download';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { saveBlob } from './api';

/** Spec 1 §9: PDF preview page width 800; below the 800px breakpoint the dialog fills the screen. */
export const PREVIEW_PAGE_WIDTH = 800;

/** A PDF in a dialog with download and print (spec 1 §2 'PDF preview with download and print'). */
export function PdfPreviewDialog({
  pdf,
  title,
  fileName,
  onClose,
}: {
  /** null while it is being generated. */
  pdf: Blob | null;
  title: string;
  fileName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(`(max-width:${PREVIEW_PAGE_WIDTH}px)`);
  const frame = useRef<HTMLIFrameElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return;
    const u = URL.createObjectURL(pdf);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [pdf]);

  return (
    <Dialog open onClose={onClose} fullScreen={mobile} maxWidth={false} data-testid="pdf-preview-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {url ? (
          <Box
            component="iframe"
            ref={frame}
            src={url}
            title={title}
            data-testid="pdf-preview-frame"
            sx={{ display: 'block', border: 0, width: mobile ? '100%' : PREVIEW_PAGE_WIDTH, height: mobile ? '100%' : '75vh' }}
          />
        ) : (
          <Box sx={{ width: mobile ? '100%' : PREVIEW_PAGE_WIDTH, height: 320, display: 'grid', placeItems: 'center' }} aria-busy>
            <Box sx={{ textAlign: 'center' }}>
              <CircularProgress />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('documents.loading')}
              </Typography>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<PrintOutlinedIcon />}
          disabled={!url}
          onClick={() => frame.current?.contentWindow?.print()}
          data-testid="pdf-print"
        >
          {t('documents.print')}
        </Button>
        <Button
          startIcon={<DownloadIcon />}
          disabled={!pdf}
          onClick={() => pdf && saveBlob(pdf, fileName)}
          data-testid="pdf-download"
        >
          {t('documents.download')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('documents.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
