import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import { ListShell, matches } from '../admin-roles/ListShell';
import { type Exam, catalogKeys, deleteExam, fetchExams, fetchModalities, saveExam } from './api';
import { ExamImportDialog } from './ExamImportDialog';
import { SaveActions } from './SaveActions';
import { OptionalSelect } from './OptionalSelect';

function ExamDialog({ editing, onClose }: { editing: Exam | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = editing === 'new' ? null : editing;
  const [title, setTitle] = useState(current?.title ?? '');
  const [modality, setModality] = useState(current?.modality ?? '');
  const [error, setError] = useState<string | null>(null);
  const modalities = useQuery({ queryKey: catalogKeys.modalities, queryFn: ({ signal }) => fetchModalities(signal) });
  const codes = [...new Set([...(modalities.data ?? []).map((m) => m.code), ...(modality ? [modality] : [])])].sort();
  const save = useMutation({
    mutationFn: () => saveExam(current?.id ?? null, { title, modality: modality || null }),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: catalogKeys.exams });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="exam-dialog">
      <DialogTitle>{current ? t('catalog.exams.edit') : t('catalog.exams.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('catalog.exams.examTitle')}
            value={title}
            autoFocus
            required
            onChange={(e) => setTitle(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'exam-title' } }}
          />
          <OptionalSelect
            label={t('catalog.exams.modality')}
            value={modality}
            onChange={setModality}
            emptyLabel={t('catalog.none')}
            options={codes.map((c) => ({ value: c, label: c }))}
            testId="exam-modality"
            optionTestId={(c) => `exam-modality-option-${c}`}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!title.trim()}
        saving={save.isPending}
        testId="exam-save"
      />
    </Dialog>
  );
}

/** Exams of the account, one by one or imported from Excel / CSV (spec 3 'Exams by account and import of exams'). */
export function ExamsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Exam | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useQuery({ queryKey: catalogKeys.exams, queryFn: ({ signal }) => fetchExams(signal), meta: { silent: true } });
  const remove = useMutation({
    mutationFn: (id: string) => deleteExam(id),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogKeys.exams }),
    onError: (err) => notify(describeError(err, t), 'error'),
  });
  const shown = (list.data ?? []).filter((e) => matches(`${e.title} ${e.modality ?? ''}`, search));
  return (
    <>
      <ListShell
        testId="exams-page"
        title={t('catalog.exams.title')}
        intro={t('catalog.exams.intro')}
        search={search}
        onSearch={setSearch}
        action={
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => setImporting(true)}
              data-testid="exam-import"
            >
              {t('catalog.exams.import.open')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="exam-new">
              {t('catalog.exams.create')}
            </Button>
          </Stack>
        }
        state={list.status}
        empty={shown.length === 0}
        emptyText={t('catalog.exams.empty')}
      >
        {shown.map((e) => (
          <Paper key={e.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`exam-row-${e.title}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                {e.title}
              </Typography>
              {e.modality && <Chip size="small" label={e.modality} />}
              <IconButton aria-label={`${t('catalog.edit')}: ${e.title}`} onClick={() => setEditing(e)}>
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={e.title} onConfirm={() => remove.mutate(e.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && <ExamDialog key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />}
      {importing && <ExamImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}
