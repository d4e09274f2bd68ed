import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { type Role, type RoleInput, deleteRole, fetchAllSchedules, fetchRoles, rolesKey, saveRole, schedulesKey } from './api';
import { ConfirmDelete } from './ConfirmDelete';
import { ListShell } from './ListShell';
import { useKeysetList } from './use-keyset-list';
import { RoleEditor } from './RoleEditor';

/** Roles and permissions of the account (spec 3 §6). */
export function RolesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { typed, setTyped, short, list: roles, pages, more, searching, busy } = useKeysetList(rolesKey, fetchRoles);
  // The editor's picker offers every schedule, page after page.
  const schedules = useQuery({
    queryKey: [...schedulesKey, 'all'],
    queryFn: ({ signal }) => fetchAllSchedules(signal),
    meta: { silent: true },
  });
  const save = useMutation({
    mutationFn: (input: RoleInput) => saveRole(editing && editing !== 'new' ? editing.id : null, input),
    meta: { silent: true },
    onSuccess: () => {
      setEditing(null);
      notify(t('adminRoles.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: rolesKey });
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteRole(id),
    onSuccess: () => {
      notify(t('adminRoles.deleted'), 'success');
      void queryClient.invalidateQueries({ queryKey: rolesKey });
    },
  });
  const shown = pages.flatMap((p) => p.roles);

  return (
    <>
      <ListShell
        testId="roles-page"
        title={t('adminRoles.roles.title')}
        intro={t('adminRoles.roles.intro')}
        search={typed}
        onSearch={setTyped}
        searchShort={short}
        more={more}
        searching={searching}
        busy={busy}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setError(null);
              setEditing('new');
            }}
            data-testid="role-new"
          >
            {t('adminRoles.roles.create')}
          </Button>
        }
        state={roles.status}
        empty={shown.length === 0}
        emptyText={t('adminRoles.roles.empty')}
      >
        {shown.map((r) => (
          <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`role-${r.name}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
                <Typography variant="subtitle1" noWrap>
                  {r.predefined === r.name
                    ? t(`adminRoles.defaultRoles.${r.name as 'Reader'}`, { defaultValue: r.name })
                    : r.name}
                </Typography>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Chip size="small" label={t('adminRoles.roles.permissions', { count: r.permissions.length })} />
                  <Chip size="small" label={t('adminRoles.roles.holders', { count: r.holders })} />
                  {r.appliesToAllInstitutions && (
                    <Chip size="small" color="primary" label={t('adminRoles.roles.allInstitutionsShort')} />
                  )}
                  {r.scheduleName && (
                    <Chip
                      size="small"
                      color="secondary"
                      label={t('adminRoles.roles.shift', { name: r.scheduleName })}
                      data-testid="role-shift-chip"
                    />
                  )}
                </Stack>
              </Stack>
              <IconButton
                aria-label={t('adminRoles.edit')}
                onClick={() => {
                  setError(null);
                  setEditing(r);
                }}
              >
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={r.name} onConfirm={() => remove.mutate(r.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && (
        <RoleEditor
          role={editing === 'new' ? null : editing}
          schedules={schedules.data ?? []}
          saving={save.isPending}
          error={error}
          onSave={(input) => save.mutate(input)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
