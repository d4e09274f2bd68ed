import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';

/** Narrated report: sends an MP3 (audio/mpeg) recorded elsewhere; in-browser recording is another issue. */
export function NarrateDialog({
  open,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  pending: boolean;
  onSubmit: (audio: Blob) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const invalid = file !== null && !(file.type === 'audio/mpeg' || /\.mp3$/i.test(file.name));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="narrate-dialog">
      <DialogTitle>{t('editor.narrate.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('editor.narrate.intro')}</DialogContentText>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {t('editor.narrate.choose')}
          <input type="file" accept="audio/mpeg,.mp3" hidden onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.name}
          </Typography>
        )}
        {invalid && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('editor.narrate.invalid')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.dialogs.cancel')}</Button>
        <Button variant="contained" disabled={!file || invalid} loading={pending} onClick={() => file && onSubmit(file)}>
          {t('editor.narrate.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
