/** The user's data an administrator edits: seniority, CPF, council (CRM/CRMV + UF), personal-filters bar. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SENIORITIES } from '../../../../../domain/account-users/schemas';
import { COUNCILS, UFS, formatCpf, isValidCpf } from '../../../../../domain/people/professional-id';
import { notify } from '../../../app/notifications/store';
import { describeError } from '../../../lib/errors';
import { type UserDetail, updateUser } from '../api';

export function DataTab({ accountId, user, onChanged }: { accountId: string; user: UserDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const [seniority, setSeniority] = useState(user.seniority ?? '');
  const [cpf, setCpf] = useState(user.cpf ? formatCpf(user.cpf) : '');
  const [councilType, setCouncilType] = useState(user.council?.type ?? '');
  const [councilNumber, setCouncilNumber] = useState(user.council?.number ?? '');
  const [councilUf, setCouncilUf] = useState(user.council?.uf ?? '');
  const [barred, setBarred] = useState(user.barredFromPersonalFilters);
  const cpfWrong = cpf.trim() !== '' && !isValidCpf(cpf);
  const councilBlank = !councilType && !councilNumber.trim() && !councilUf;
  const councilPartial = !councilBlank && !(councilType && councilNumber.trim() && councilUf);
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      updateUser(accountId, user.id!, {
        seniority: seniority ? (seniority as (typeof SENIORITIES)[number]) : null,
        ...((user.cpf ? formatCpf(user.cpf) : '') !== cpf ? { cpf: cpf.trim() || null } : {}),
        ...(councilChanged()
          ? { council: councilBlank ? null : { type: councilType, number: councilNumber.trim(), uf: councilUf } }
          : {}),
        barredFromPersonalFilters: barred,
      }),
    onSuccess: () => {
      notify(t('adminUsers.saved'), 'success');
      onChanged();
    },
  });
  function councilChanged() {
    const c = user.council;
    return (c?.type ?? '') !== councilType || (c?.number ?? '') !== councilNumber.trim() || (c?.uf ?? '') !== councilUf;
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!cpfWrong && !councilPartial) save.mutate();
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="user-data-form">
      <TextField
        select
        label={t('adminUsers.seniority')}
        value={seniority}
        onChange={(e) => setSeniority(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'user-seniority' } }}
      >
        <MenuItem value="">—</MenuItem>
        {SENIORITIES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`adminUsers.seniorities.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="CPF"
        value={cpf}
        onChange={(e) => setCpf(e.target.value)}
        error={cpfWrong}
        helperText={cpfWrong ? t('adminUsers.cpfInvalid') : ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14, 'data-testid': 'user-cpf' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          label={t('adminUsers.council')}
          value={councilType}
          onChange={(e) => setCouncilType(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">—</MenuItem>
          {COUNCILS.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('adminUsers.councilNumber')}
          value={councilNumber}
          onChange={(e) => setCouncilNumber(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 14 } }}
        />
        <TextField select label="UF" value={councilUf} onChange={(e) => setCouncilUf(e.target.value)} sx={{ minWidth: 90 }}>
          <MenuItem value="">—</MenuItem>
          {UFS.map((u) => (
            <MenuItem key={u} value={u}>
              {u}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {councilPartial && <Alert severity="warning">{t('adminUsers.councilIncomplete')}</Alert>}
      <FormControlLabel
        control={
          <Switch
            checked={barred}
            onChange={(e) => setBarred(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'user-barred' } as object }}
          />
        }
        label={t('adminUsers.barred')}
      />
      {save.isError && <Alert severity="error">{describeError(save.error, t)}</Alert>}
      <Box>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          disabled={cpfWrong || councilPartial}
          data-testid="user-data-save"
        >
          {t('adminUsers.save')}
        </Button>
      </Box>
    </Stack>
  );
}
