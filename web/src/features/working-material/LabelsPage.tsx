import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import { ListShell, matches } from '../admin-roles/ListShell';
import { SaveActions } from '../catalog/SaveActions';
import { type AdminLabel, deleteLabel, fetchLabels, materialKeys, saveLabel } from './api';

function LabelDialog({ editing, onClose }: { editing: AdminLabel | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = editing === 'new' ? null : editing;
  const [name, setName] = useState(current?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveLabel(current?.id ?? null, name),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: materialKeys.labels });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="label-dialog">
      <DialogTitle>{current ? t('material.labels.edit') : t('material.labels.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('material.labels.name')}
            value={name}
            autoFocus
            required
            onChange={(e) => setName(e.target.value)}
            helperText={t('material.labels.hint')}
            slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'label-name' } }}
          />
          {error && (
            <Alert severity="error" data-testid="label-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!name.trim()}
        saving={save.isPending}
        testId="label-save"
      />
    </Dialog>
  );
}

/** The account's study labels: create, rename, delete (spec 3 §5). */
export function LabelsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminLabel | 'new' | null>(null);
  const list = useQuery({ queryKey: materialKeys.labels, queryFn: ({ signal }) => fetchLabels(signal), meta: { silent: true } });
  const remove = useMutation({
    mutationFn: (id: string) => deleteLabel(id),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: materialKeys.labels }),
    onError: (err) => notify(describeError(err, t), 'error'),
  });
  const shown = (list.data ?? []).filter((l) => matches(l.name, search));
  return (
    <>
      <ListShell
        testId="labels-page"
        title={t('material.labels.title')}
        intro={t('material.labels.intro')}
        search={search}
        onSearch={setSearch}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="label-new">
            {t('material.labels.create')}
          </Button>
        }
        state={list.status}
        empty={shown.length === 0}
        emptyText={t('material.labels.empty')}
      >
        {shown.map((l) => (
          <Paper key={l.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`label-row-${l.name}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{l.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('material.labels.studies', { count: l.studies })}
                </Typography>
              </Stack>
              <IconButton aria-label={`${t('catalog.edit')}: ${l.name}`} onClick={() => setEditing(l)}>
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={l.name} onConfirm={() => remove.mutate(l.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && <LabelDialog key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
