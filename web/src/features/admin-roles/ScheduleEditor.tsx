import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { Period, Schedule } from './api';
import { checkPeriods } from './periods';

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A schedule's name and periods (weekday, start, end), checked as the server checks them. */
export function ScheduleEditor(props: {
  schedule: Schedule | null;
  saving: boolean;
  error: string | null;
  onSave: (input: { name: string; periods: Period[] }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const [name, setName] = useState(props.schedule?.name ?? '');
  const [periods, setPeriods] = useState<Period[]>(props.schedule?.periods ?? [{ weekday: 1, start: '08:00', end: '18:00' }]);
  const [submitted, setSubmitted] = useState(false);
  const check = checkPeriods(periods);
  const valid = name.trim() !== '' && !check.empty && check.each.every((p) => p === null);
  const set = (i: number, patch: Partial<Period>) => setPeriods((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  return (
    <Dialog open onClose={props.onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth data-testid="schedule-editor">
      <DialogTitle>{props.schedule ? t('adminRoles.schedules.edit') : t('adminRoles.schedules.create')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t('adminRoles.name')}
            value={name}
            required
            error={submitted && !name.trim()}
            helperText={submitted && !name.trim() ? t('adminRoles.nameRequired') : undefined}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'schedule-name' } }}
          />
          <Typography variant="subtitle2">{t('adminRoles.schedules.periods')}</Typography>
          {periods.map((p, i) => {
            const problem = check.each[i];
            return (
              <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid={`period-${i}`}>
                <TextField
                  select
                  size="small"
                  label={t('adminRoles.schedules.weekday')}
                  value={p.weekday}
                  onChange={(e) => set(i, { weekday: Number(e.target.value) })}
                  sx={{ minWidth: 150 }}
                >
                  {WEEKDAYS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {t(`adminRoles.weekdays.${d}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  type="time"
                  label={t('adminRoles.schedules.start')}
                  value={p.start}
                  onChange={(e) => set(i, { start: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `period-${i}-start` } }}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flex: 1 }}>
                  <TextField
                    size="small"
                    type="time"
                    label={t('adminRoles.schedules.end')}
                    value={p.end}
                    error={problem !== null}
                    helperText={problem ? t(`adminRoles.schedules.problems.${problem}`) : undefined}
                    onChange={(e) => set(i, { end: e.target.value })}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `period-${i}-end` } }}
                    sx={{ flex: 1 }}
                  />
                  <IconButton
                    aria-label={t('adminRoles.schedules.removePeriod')}
                    onClick={() => setPeriods((ps) => ps.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              </Stack>
            );
          })}
          {check.empty && (
            <Alert severity="warning" data-testid="schedule-no-periods">
              {t('adminRoles.schedules.problems.required')}
            </Alert>
          )}
          <Button
            startIcon={<AddIcon />}
            onClick={() => setPeriods((ps) => [...ps, { weekday: 1, start: '08:00', end: '18:00' }])}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="period-add"
          >
            {t('adminRoles.schedules.addPeriod')}
          </Button>
          {props.error && (
            <Alert severity="error" data-testid="schedule-error">
              {props.error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('adminRoles.cancel')}</Button>
        <Button
          variant="contained"
          loading={props.saving}
          data-testid="schedule-save"
          onClick={() => {
            setSubmitted(true);
            if (valid) props.onSave({ name: name.trim(), periods });
          }}
        >
          {t('adminRoles.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
