import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { droppedFiles, eachLimited, uploadDicomFile } from './upload-api';

export interface UploadInstitution {
  id: string;
  name: string;
}

interface Rejected {
  name: string;
  reason: string;
}

type Phase = 'idle' | 'sending' | 'done';

/** Drag and drop (files or folders) or pick DICOM files; sends them and sums up the result. */
export function UploadDialog({
  open,
  onClose,
  institutions,
}: {
  open: boolean;
  onClose: () => void;
  institutions: UploadInstitution[];
}) {
  const { t, i18n } = useTranslation();
  const [institutionId, setInstitutionId] = useState(institutions[0]?.id ?? '');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const [accepted, setAccepted] = useState(0);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const [dragging, setDragging] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setPhase('idle');
    setProgress({ sent: 0, total: 0 });
    setAccepted(0);
    setRejected([]);
  };

  const send = async (files: File[]) => {
    if (files.length === 0 || !institutionId) return;
    reset();
    setPhase('sending');
    const total = files.reduce((n, f) => n + f.size, 0);
    const sentBy = new Map<File, number>();
    setProgress({ sent: 0, total });
    const reasonText = (r: string) => (r === 'network' ? t('upload.network') : r);
    await eachLimited(files, 3, async (file) => {
      const outcome = await uploadDicomFile(file, institutionId, i18n.language, (sent) => {
        sentBy.set(file, sent);
        setProgress({ sent: [...sentBy.values()].reduce((a, b) => a + b, 0), total });
      });
      if (outcome.ok) setAccepted((n) => n + 1);
      else setRejected((list) => [...list, { name: file.webkitRelativePath || file.name, reason: reasonText(outcome.reason) }]);
    });
    setPhase('done');
  };

  const close = () => {
    if (phase === 'sending') return;
    reset();
    onClose();
  };
  const percent = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="upload-title">
      <DialogTitle id="upload-title">{t('upload.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {institutions.length > 1 && (
            <TextField
              select
              size="small"
              label={t('upload.institution')}
              value={institutionId}
              onChange={(e) => setInstitutionId(e.target.value)}
              disabled={phase === 'sending'}
              slotProps={{ htmlInput: { 'data-testid': 'upload-institution' } }}
            >
              {institutions.map((i) => (
                <MenuItem key={i.id} value={i.id}>
                  {i.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box
            data-testid="upload-dropzone"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              if (phase !== 'sending') void droppedFiles(e.dataTransfer.items).then(send);
            }}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
              bgcolor: dragging ? 'action.hover' : 'transparent',
            }}
          >
            <CloudUploadIcon color="action" sx={{ fontSize: 40 }} />
            <Typography>{t('upload.drop')}</Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 1.5 }}>
              <Button variant="outlined" size="small" disabled={phase === 'sending'} onClick={() => filesInput.current?.click()}>
                {t('upload.pickFiles')}
              </Button>
              <Button variant="outlined" size="small" disabled={phase === 'sending'} onClick={() => folderInput.current?.click()}>
                {t('upload.pickFolder')}
              </Button>
            </Stack>
            <input
              ref={filesInput}
              type="file"
              multiple
              hidden
              data-testid="upload-files-input"
              onChange={(e) => {
                void send([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
            <input
              ref={folderInput}
              type="file"
              multiple
              hidden
              {...({ webkitdirectory: '' } as object)}
              onChange={(e) => {
                void send([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
          </Box>
          {phase !== 'idle' && (
            <Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={t('upload.progress')}
                data-testid="upload-progress"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {phase === 'sending' ? t('upload.sending', { percent }) : t('upload.finished')}
              </Typography>
            </Box>
          )}
          {phase === 'done' && (
            <Stack spacing={1} data-testid="upload-summary">
              <Alert severity={rejected.length === 0 ? 'success' : accepted > 0 ? 'warning' : 'error'}>
                {t('upload.summary', { accepted, rejected: rejected.length })}
              </Alert>
              {rejected.length > 0 && (
                <List dense data-testid="upload-rejected" sx={{ maxHeight: 200, overflow: 'auto' }}>
                  {rejected.map((r, i) => (
                    <ListItem key={`${r.name}-${i}`} disableGutters>
                      <ListItemText primary={r.name} secondary={r.reason} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={phase === 'sending'} data-testid="upload-close">
          {t('upload.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
