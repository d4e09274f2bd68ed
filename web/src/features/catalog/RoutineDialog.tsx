import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { fetchAllInstitutions, institutionsKey } from '../institutions/api';
import { type Routine, catalogKeys, fetchExams, fetchModalities, saveRoutine } from './api';
import { SaveActions } from './SaveActions';
import { OptionalSelect } from './OptionalSelect';

interface RuleDraft {
  institutionId: string;
  modality: string;
  examId: string;
}

const toNumber = (s: string) => (s.trim() === '' ? NaN : Number(s));

/** One routine: its times, weight, colour and flags, and the rules that give it to arriving studies. */
export function RoutineDialog({ editing, onClose }: { editing: Routine | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = editing === 'new' ? null : editing;
  const [name, setName] = useState(current?.name ?? '');
  const [duration, setDuration] = useState(String(current?.durationMinutes ?? 60));
  const [alert, setAlert] = useState(String(current?.alertMinutes ?? 15));
  const [weight, setWeight] = useState(String(current?.weight ?? 1));
  const [color, setColor] = useState(current?.color ?? '#1976d2');
  const [isDefault, setIsDefault] = useState(current?.isDefault ?? false);
  const [showRemaining, setShowRemaining] = useState(current?.showRemainingTime ?? true);
  const [rules, setRules] = useState<RuleDraft[]>(
    (current?.rules ?? []).map((r) => ({
      institutionId: r.institutionId ?? '',
      modality: r.modality ?? '',
      examId: r.examId ?? '',
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const institutions = useQuery({ queryKey: [...institutionsKey, 'all'], queryFn: ({ signal }) => fetchAllInstitutions(signal) });
  const modalities = useQuery({ queryKey: catalogKeys.modalities, queryFn: ({ signal }) => fetchModalities(signal) });
  const exams = useQuery({ queryKey: catalogKeys.exams, queryFn: ({ signal }) => fetchExams(signal) });
  const codes = [...new Set((modalities.data ?? []).map((m) => m.code))].sort();

  const save = useMutation({
    mutationFn: () =>
      saveRoutine(current?.id ?? null, {
        name,
        durationMinutes: toNumber(duration),
        alertMinutes: toNumber(alert),
        weight: toNumber(weight),
        color,
        isDefault,
        showRemainingTime: showRemaining,
        rules: rules.map((r) => ({
          institutionId: r.institutionId || null,
          modality: r.modality || null,
          examId: r.examId || null,
        })),
      }),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: catalogKeys.routines });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const setRule = (i: number, patch: Partial<RuleDraft>) =>
    setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const numberField = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <TextField
      label={label}
      type="number"
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ flex: 1, minWidth: 100 }}
      slotProps={{ htmlInput: { min: 0, 'data-testid': testId } }}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="routine-dialog">
      <DialogTitle>{current ? t('catalog.routines.edit') : t('catalog.routines.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('catalog.routines.name')}
            value={name}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'routine-name' } }}
          />
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            {numberField(t('catalog.routines.duration'), duration, setDuration, 'routine-duration')}
            {numberField(t('catalog.routines.alert'), alert, setAlert, 'routine-alert')}
            {numberField(t('catalog.routines.weight'), weight, setWeight, 'routine-weight')}
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              label={t('catalog.routines.color')}
              type="color"
              value={color}
              onChange={(e) => setColor(e.target.value)}
              sx={{ width: 120 }}
              slotProps={{ htmlInput: { 'data-testid': 'routine-color' } }}
            />
            <Typography variant="body2" color="text.secondary">
              {color}
            </Typography>
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={isDefault}
                // The default stays the default: another routine takes the flag by being made default.
                disabled={current?.isDefault}
                onChange={(e) => setIsDefault(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'routine-default' } as object }}
              />
            }
            label={current?.isDefault ? t('catalog.routines.isDefaultLocked') : t('catalog.routines.isDefault')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={showRemaining}
                onChange={(e) => setShowRemaining(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'routine-show-remaining' } as object }}
              />
            }
            label={t('catalog.routines.showRemaining')}
          />
          <Stack spacing={1}>
            <Typography variant="subtitle2">{t('catalog.routines.rules')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('catalog.routines.rulesHint')}
            </Typography>
            {rules.map((r, i) => (
              <Paper key={i} variant="outlined" sx={{ p: 1 }} data-testid={`routine-rule-${i}`}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                  <OptionalSelect
                    size="small"
                    label={t('catalog.routines.ruleInstitution')}
                    value={r.institutionId}
                    onChange={(v) => setRule(i, { institutionId: v })}
                    sx={{ flex: 1, minWidth: 0 }}
                    emptyLabel={t('catalog.any')}
                    options={(institutions.data?.institutions ?? []).map((inst) => ({ value: inst.id, label: inst.name }))}
                  />
                  <OptionalSelect
                    size="small"
                    label={t('catalog.routines.ruleModality')}
                    value={r.modality}
                    onChange={(v) => setRule(i, { modality: v })}
                    sx={{ flex: 1, minWidth: 0 }}
                    emptyLabel={t('catalog.any')}
                    options={codes.map((c) => ({ value: c, label: c }))}
                    testId={`routine-rule-modality-${i}`}
                    optionTestId={(c) => `routine-rule-modality-option-${c}`}
                  />
                  <OptionalSelect
                    size="small"
                    label={t('catalog.routines.ruleExam')}
                    value={r.examId}
                    onChange={(v) => setRule(i, { examId: v })}
                    sx={{ flex: 1, minWidth: 0 }}
                    emptyLabel={t('catalog.any')}
                    options={(exams.data ?? []).map((ex) => ({ value: ex.id, label: ex.title }))}
                  />
                  <IconButton
                    aria-label={t('catalog.routines.removeRule')}
                    onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              </Paper>
            ))}
            <Button
              startIcon={<AddIcon />}
              onClick={() => setRules((rs) => [...rs, { institutionId: '', modality: '', examId: '' }])}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="routine-add-rule"
            >
              {t('catalog.routines.addRule')}
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!name.trim()}
        saving={save.isPending}
        testId="routine-save"
      />
    </Dialog>
  );
}
