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
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import { ListShell, matches } from '../admin-roles/ListShell';
import { fetchAllInstitutions, institutionsKey } from '../institutions/api';
import { type Modality, catalogKeys, deleteModality, fetchModalities, saveModality } from './api';
import { SaveActions } from './SaveActions';
import { OptionalSelect } from './OptionalSelect';

/** Suggested codes (the DICOM ones clinics use most); any other code can be typed. */
const COMMON_CODES = ['CT', 'MR', 'US', 'CR', 'DX', 'MG', 'NM', 'PT', 'XA', 'RF', 'OT'];

function ModalityDialog({ editing, onClose }: { editing: Modality | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = editing === 'new' ? null : editing;
  const [code, setCode] = useState(current?.code ?? '');
  const [description, setDescription] = useState(current?.description ?? '');
  const [institutionId, setInstitutionId] = useState(current?.institutionId ?? '');
  const [error, setError] = useState<string | null>(null);
  const institutions = useQuery({ queryKey: [...institutionsKey, 'all'], queryFn: ({ signal }) => fetchAllInstitutions(signal) });
  const save = useMutation({
    mutationFn: () =>
      saveModality(current?.id ?? null, { code: code.trim().toUpperCase(), description, institutionId: institutionId || null }),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: catalogKeys.modalities });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="modality-dialog">
      <DialogTitle>{current ? t('catalog.modalities.edit') : t('catalog.modalities.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('catalog.modalities.code')}
            value={code}
            autoFocus
            required
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            helperText={t('catalog.modalities.codeHint', { codes: COMMON_CODES.join(', ') })}
            slotProps={{ htmlInput: { maxLength: 16, 'data-testid': 'modality-code' } }}
          />
          <TextField
            label={t('catalog.modalities.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'modality-description' } }}
          />
          <OptionalSelect
            label={t('catalog.modalities.institution')}
            value={institutionId}
            onChange={setInstitutionId}
            emptyLabel={t('catalog.allInstitutions')}
            options={(institutions.data?.institutions ?? []).map((i) => ({ value: i.id, label: i.name }))}
            testId="modality-institution"
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!code.trim()}
        saving={save.isPending}
        testId="modality-save"
      />
    </Dialog>
  );
}

/** Modalities of the account and of each institution (spec 3 'Modalities by account and institution'). */
export function ModalitiesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Modality | 'new' | null>(null);
  const list = useQuery({
    queryKey: catalogKeys.modalities,
    queryFn: ({ signal }) => fetchModalities(signal),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteModality(id),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogKeys.modalities }),
    onError: (err) => notify(describeError(err, t), 'error'),
  });
  const shown = (list.data ?? []).filter((m) => matches(`${m.code} ${m.description} ${m.institutionName ?? ''}`, search));
  return (
    <>
      <ListShell
        testId="modalities-page"
        title={t('catalog.modalities.title')}
        intro={t('catalog.modalities.intro')}
        search={search}
        onSearch={setSearch}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="modality-new">
            {t('catalog.modalities.create')}
          </Button>
        }
        state={list.status}
        empty={shown.length === 0}
        emptyText={t('catalog.modalities.empty')}
      >
        {shown.map((m) => (
          <Paper key={m.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`modality-row-${m.code}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip label={m.code} color="primary" size="small" sx={{ fontWeight: 600, minWidth: 48 }} />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{m.description || '—'}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {m.institutionName ?? t('catalog.allInstitutions')}
                </Typography>
              </Stack>
              <IconButton aria-label={`${t('catalog.edit')}: ${m.code}`} onClick={() => setEditing(m)}>
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={m.code} onConfirm={() => remove.mutate(m.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && (
        <ModalityDialog key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
