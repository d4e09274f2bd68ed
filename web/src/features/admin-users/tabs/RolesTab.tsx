/** The user's roles per institution: rows of institution and role, saved as the whole set. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { notify } from '../../../app/notifications/store';
import { describeError } from '../../../lib/errors';
import { type UserDetail, type UserOptions, replaceRoles } from '../api';

interface Pair {
  institutionId: string;
  roleId: string;
}

export function RolesTab(props: {
  accountId: string;
  user: UserDetail;
  options: UserOptions | undefined;
  onChanged: () => void;
}) {
  const { accountId, user, options, onChanged } = props;
  const { t } = useTranslation();
  const [pairs, setPairs] = useState<Pair[]>(user.roles.map((r) => ({ institutionId: r.institutionId, roleId: r.roleId })));
  const complete = pairs.every((p) => p.institutionId && p.roleId);
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => replaceRoles(accountId, user.id!, pairs),
    onSuccess: () => {
      notify(t('adminUsers.saved'), 'success');
      onChanged();
    },
  });
  const set = (i: number, change: Partial<Pair>) => setPairs((ps) => ps.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <Stack spacing={2} data-testid="user-roles">
      <Typography variant="body2" color="text.secondary">
        {t('adminUsers.rolesHelp')}
      </Typography>
      {pairs.length === 0 && (
        <Typography color="text.secondary" data-testid="user-roles-empty">
          {t('adminUsers.noRoles')}
        </Typography>
      )}
      {pairs.map((p, i) => (
        <Stack
          key={i}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
          data-testid="role-pair"
        >
          <TextField
            select
            size="small"
            label={t('adminUsers.institution')}
            value={p.institutionId}
            onChange={(e) => set(i, { institutionId: e.target.value })}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': `role-pair-institution-${i}` } }}
          >
            {options?.institutions.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('adminUsers.role')}
            value={p.roleId}
            onChange={(e) => set(i, { roleId: e.target.value })}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': `role-pair-role-${i}` } }}
          >
            {options?.roles.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
          <IconButton aria-label={t('adminUsers.removeRole')} onClick={() => setPairs((ps) => ps.filter((_p, j) => j !== i))}>
            <DeleteOutline />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button onClick={() => setPairs((ps) => [...ps, { institutionId: '', roleId: '' }])} data-testid="role-add">
          {t('adminUsers.addRole')}
        </Button>
      </Box>
      {save.isError && <Alert severity="error">{describeError(save.error, t)}</Alert>}
      <Box>
        <Button
          variant="contained"
          onClick={() => save.mutate()}
          disabled={!complete}
          loading={save.isPending}
          data-testid="roles-save"
        >
          {t('adminUsers.save')}
        </Button>
      </Box>
    </Stack>
  );
}
