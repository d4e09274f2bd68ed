import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { errorMessage } from '../../../../domain/errors';
import { filterRefusals } from '../../../../domain/orchestrator/filters';
import { toLang } from '../../i18n/languages';
import type { Filter, FilterInput, OrchestratorState } from './api';

type Member = FilterInput['members'] extends (infer M)[] | undefined ? M : never;

/**
 * One distribution filter: modalities (required), users and medical groups with their
 * percentages (total at most 100), seniority, limit per doctor, active. The form runs the same
 * rules as the server (domain/orchestrator/filters.ts) and shows the server's message for each.
 */
export function FilterEditor(props: {
  filter: Filter | null;
  candidates: OrchestratorState['candidates'];
  saving: boolean;
  error: string | null;
  onSave: (input: FilterInput) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const f = props.filter;
  const [name, setName] = useState(f?.name ?? '');
  const [modalities, setModalities] = useState<string[]>(f?.modalities ?? []);
  const [members, setMembers] = useState<Member[]>(f?.members ?? []);
  const [seniority, setSeniority] = useState(f?.seniority ?? false);
  const [limit, setLimit] = useState(f?.limitPerDoctor ? String(f.limitPerDoctor) : '');
  const [active, setActive] = useState(f?.active ?? false);
  const total = members.reduce((s, m) => s + m.percentage, 0);
  const refusals = filterRefusals({ modalities, members, seniority, active });
  const valid = name.trim() !== '' && refusals.length === 0 && members.every((m) => m.id);
  const set = (i: number, patch: Partial<Member>) => setMembers((ms) => ms.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const options = (kind: Member['kind']) => (kind === 'user' ? props.candidates.users : props.candidates.groups);
  const input = (): FilterInput => ({
    name: name.trim(),
    modalities,
    members,
    seniority,
    limitPerDoctor: limit ? Number(limit) : null,
    active,
  });

  return (
    <Dialog open onClose={props.onClose} fullScreen={fullScreen} maxWidth="md" fullWidth data-testid="filter-editor">
      <DialogTitle>{f ? t('orchestrator.editFilter') : t('orchestrator.newFilter')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t('orchestrator.name')}
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'filter-name' } }}
          />
          <Autocomplete
            multiple
            data-testid="filter-modalities"
            freeSolo
            options={['CR', 'CT', 'DX', 'MG', 'MR', 'NM', 'PT', 'US', 'XA']}
            value={modalities}
            onChange={(_e, v) => setModalities([...new Set(v.map((m) => m.trim().toUpperCase()).filter(Boolean))])}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('orchestrator.modalities')}
                error={refusals.includes('ORCHESTRATOR_MODALITY_REQUIRED')}
                helperText={t('orchestrator.modalitiesHint')}
              />
            )}
          />
          <Typography variant="subtitle2">{t('orchestrator.members')}</Typography>
          {members.map((m, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid={`member-${i}`}>
              <TextField
                select
                size="small"
                label={t(m.kind === 'user' ? 'orchestrator.user' : 'orchestrator.group')}
                value={m.id}
                onChange={(e) => set(i, { id: e.target.value })}
                sx={{ flex: 1 }}
              >
                {options(m.kind).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={t('orchestrator.percentage')}
                value={m.percentage}
                onChange={(e) => set(i, { percentage: Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))) })}
                sx={{ width: { sm: 140 } }}
                slotProps={{ htmlInput: { min: 0, max: 100, 'data-testid': `member-${i}-percentage` } }}
              />
              <IconButton aria-label={t('orchestrator.removeMember')} onClick={() => setMembers((ms) => ms.filter((_, j) => j !== i))}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setMembers((ms) => [...ms, { kind: 'user', id: '', percentage: 0 }])} data-testid="add-user">
              {t('orchestrator.addUser')}
            </Button>
            <Button onClick={() => setMembers((ms) => [...ms, { kind: 'group', id: '', percentage: 0 }])}>
              {t('orchestrator.addGroup')}
            </Button>
          </Stack>
          <Typography variant="body2" color={total > 100 ? 'error' : 'text.secondary'} data-testid="filter-total">
            {t('orchestrator.total', { total, rest: Math.max(0, 100 - total) })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <FormControlLabel
              control={<Switch checked={seniority} onChange={(e) => setSeniority(e.target.checked)} />}
              label={t('orchestrator.seniority')}
            />
            <TextField
              size="small"
              type="number"
              label={t('orchestrator.limit')}
              helperText={t('orchestrator.limitHint')}
              value={limit}
              onChange={(e) => setLimit(e.target.value.replace(/\D/g, ''))}
              slotProps={{ htmlInput: { min: 1 } }}
            />
            <FormControlLabel
              control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
              label={t('orchestrator.active')}
            />
          </Stack>
          {refusals.map((code) => (
            <Alert key={code} severity="warning" data-testid={`refusal-${code}`}>
              {errorMessage(code, toLang(i18n.language))}
            </Alert>
          ))}
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('orchestrator.cancel')}</Button>
        <Button variant="contained" disabled={!valid} loading={props.saving} onClick={() => props.onSave(input())} data-testid="filter-save">
          {t('orchestrator.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
