import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { type ExamImportResult, catalogKeys, importExams } from './api';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
/** Lines of the preview shown per group (the counts say the rest). */
const SHOWN = 50;

/**
 * Import of exams from Excel or CSV: the file is read by the server twice — first a preview of
 * what would be created or changed, then, on confirmation, the import itself.
 */
export function ExamImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (f: File) => importExams(f, false),
    meta: { silent: true },
    onMutate: () => setError(null),
    onError: (err) => setError(describeError(err, t)),
  });
  const commit = useMutation({
    mutationFn: (f: File) => importExams(f, true),
    meta: { silent: true },
    onSuccess: (r) => {
      notify(t('catalog.exams.import.done', { created: r.create.length, updated: r.update.length }), 'success');
      void queryClient.invalidateQueries({ queryKey: catalogKeys.exams });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const result: ExamImportResult | undefined = preview.data;
  const changes = result ? result.create.length + result.update.length : 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="exam-import-dialog">
      <DialogTitle>{t('catalog.exams.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('catalog.exams.import.hint')}
          </Typography>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="exam-import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (!f) return;
              setFile(f);
              preview.mutate(f);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            loading={preview.isPending}
            sx={{ textTransform: file ? 'none' : undefined }}
          >
            {file ? file.name : t('catalog.exams.import.choose')}
          </Button>
          {error && (
            <Alert severity="error" data-testid="exam-import-error">
              {error}
            </Alert>
          )}
          {result && !error && (
            <Stack spacing={1} data-testid="exam-import-preview">
              <Typography>
                {t('catalog.exams.import.summary', {
                  created: result.create.length,
                  updated: result.update.length,
                  unchanged: result.unchanged,
                })}
              </Typography>
              {changes > 0 && (
                <List dense sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  {result.create.slice(0, SHOWN).map((l) => (
                    <ListItem key={`c-${l.title}`}>
                      <ListItemText
                        primary={l.title}
                        secondary={`${t('catalog.exams.import.new')}${l.modality ? ` · ${l.modality}` : ''}`}
                      />
                    </ListItem>
                  ))}
                  {result.update.slice(0, SHOWN).map((l) => (
                    <ListItem key={`u-${l.title}`}>
                      <ListItemText
                        primary={l.title}
                        secondary={t('catalog.exams.import.changed', { from: l.from ?? '—', to: l.to ?? '—' })}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('catalog.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || !result || Boolean(error) || changes === 0}
          loading={commit.isPending}
          onClick={() => file && commit.mutate(file)}
          data-testid="exam-import-commit"
        >
          {t('catalog.exams.import.commit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
