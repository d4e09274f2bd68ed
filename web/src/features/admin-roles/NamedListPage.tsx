import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { describeError } from '../../lib/errors';
import { type Named, type NamedKind, deleteNamed, fetchNamed, namedKey, saveNamed } from './api';
import { ConfirmDelete } from './ConfirmDelete';
import { ListShell } from './ListShell';
import { useKeysetList } from './use-keyset-list';

function NamedRow({ kind, item }: { kind: NamedKind; item: Named }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: namedKey(kind) });
  const rename = useMutation({
    mutationFn: (n: string) => saveNamed(kind, item.id, n),
    meta: { silent: true },
    onSuccess: () => {
      setName(null);
      setError(null);
      refresh();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const remove = useMutation({ mutationFn: () => deleteNamed(kind, item.id), onSuccess: refresh });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`${kind}-${item.name}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {name === null ? (
          <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
            {item.name}
          </Typography>
        ) : (
          <TextField
            size="small"
            value={name}
            autoFocus
            error={Boolean(error)}
            helperText={error}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && name.trim() && rename.mutate(name.trim())}
            sx={{ flex: 1 }}
          />
        )}
        <Chip size="small" label={t('adminRoles.named.members', { count: item.members })} />
        {name === null ? (
          <IconButton aria-label={t('adminRoles.edit')} onClick={() => setName(item.name)}>
            <EditOutlinedIcon />
          </IconButton>
        ) : (
          <IconButton aria-label={t('adminRoles.save')} disabled={!name.trim()} onClick={() => rename.mutate(name.trim())}>
            <CheckIcon />
          </IconButton>
        )}
        <ConfirmDelete name={item.name} onConfirm={() => remove.mutate()} />
      </Stack>
    </Paper>
  );
}

/** Medical groups or specialties of the account (the orchestrator's filters use them). */
export function NamedListPage({ kind }: { kind: NamedKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { typed, setTyped, short, list, pages, more, searching, busy } = useKeysetList(namedKey(kind), (q, cursor, signal) =>
    fetchNamed(kind, q, cursor, signal),
  );
  const create = useMutation({
    mutationFn: () => saveNamed(kind, null, name.trim()),
    meta: { silent: true },
    onSuccess: () => {
      setName('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: namedKey(kind) });
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const shown = pages.flatMap((p) => p.items);
  return (
    <ListShell
      testId={`${kind}-page`}
      title={t(`adminRoles.named.${kind}.title`)}
      intro={t(`adminRoles.named.${kind}.intro`)}
      search={typed}
      onSearch={setTyped}
      searchShort={short}
      more={more}
      searching={searching}
      busy={busy}
      header={
        <Stack spacing={1}>
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label={t(`adminRoles.named.${kind}.new`)}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && name.trim() && create.mutate()}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': `${kind}-new-name` } }}
            />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={!name.trim()}
              loading={create.isPending}
              onClick={() => create.mutate()}
            >
              {t('adminRoles.add')}
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      }
      state={list.status}
      empty={shown.length === 0}
      emptyText={t(`adminRoles.named.${kind}.empty`)}
    >
      {shown.map((i) => (
        <NamedRow key={i.id} kind={kind} item={i} />
      ))}
    </ListShell>
  );
}

export const MedicalGroupsPage = () => <NamedListPage kind="medicalGroups" />;
export const SpecialtiesPage = () => <NamedListPage kind="specialties" />;
