import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatRemaining } from '../../../../domain/catalog/routines';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import { ListShell, matches } from '../admin-roles/ListShell';
import { type Routine, catalogKeys, deleteRoutine, fetchRoutines } from './api';
import { RoutineDialog } from './RoutineDialog';

/** Time routines of the account (spec 3 'Routines'); the default one cannot be deleted. */
export function RoutinesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Routine | 'new' | null>(null);
  const list = useQuery({
    queryKey: catalogKeys.routines,
    queryFn: ({ signal }) => fetchRoutines(signal),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteRoutine(id),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogKeys.routines }),
    onError: (err) => notify(describeError(err, t), 'error'),
  });
  const shown = (list.data ?? []).filter((r) => matches(r.name, search));
  return (
    <>
      <ListShell
        testId="routines-page"
        title={t('catalog.routines.title')}
        intro={t('catalog.routines.intro')}
        search={search}
        onSearch={setSearch}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="routine-new">
            {t('catalog.routines.create')}
          </Button>
        }
        state={list.status}
        empty={shown.length === 0}
        emptyText={t('catalog.routines.empty')}
      >
        {shown.map((r) => (
          <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`routine-row-${r.name}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: r.color, flexShrink: 0 }} aria-hidden />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{r.name}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {t('catalog.routines.summary', {
                    duration: formatRemaining(r.durationMinutes),
                    alert: formatRemaining(r.alertMinutes),
                    weight: r.weight,
                    rules: r.rules.length,
                  })}
                </Typography>
              </Stack>
              {r.isDefault && <Chip size="small" color="primary" label={t('catalog.routines.default')} />}
              <IconButton aria-label={`${t('catalog.edit')}: ${r.name}`} onClick={() => setEditing(r)}>
                <EditOutlinedIcon />
              </IconButton>
              {!r.isDefault && <ConfirmDelete name={r.name} onConfirm={() => remove.mutate(r.id)} />}
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && (
        <RoutineDialog key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
