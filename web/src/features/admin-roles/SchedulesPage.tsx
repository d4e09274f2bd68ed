import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { type Period, type Schedule, deleteSchedule, fetchSchedules, saveSchedule, saveTimeZone, schedulesKey } from './api';
import { ConfirmDelete } from './ConfirmDelete';
import { ListShell } from './ListShell';
import { useKeysetList } from './use-keyset-list';
import { ScheduleEditor } from './ScheduleEditor';

/** The account's time zone, in which every period is read. */
function TimeZoneField({ value }: { value: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveTimeZone(zone.trim()),
    meta: { silent: true },
    onSuccess: () => {
      setError(null);
      notify(t('adminRoles.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: schedulesKey });
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        size="small"
        label={t('adminRoles.schedules.timeZone')}
        value={zone}
        error={Boolean(error)}
        helperText={error ?? t('adminRoles.schedules.timeZoneHint')}
        onChange={(e) => setZone(e.target.value)}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'time-zone' } }}
      />
      <Button variant="outlined" loading={save.isPending} disabled={zone.trim() === value} onClick={() => save.mutate()}>
        {t('adminRoles.save')}
      </Button>
    </Stack>
  );
}

/** Shift schedules (spec 3 §5): outside its periods a role with the schedule grants nothing. */
export function SchedulesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { typed, setTyped, short, list, pages, more, searching, busy } = useKeysetList(schedulesKey, fetchSchedules);
  const save = useMutation({
    mutationFn: (input: { name: string; periods: Period[] }) =>
      saveSchedule(editing && editing !== 'new' ? editing.id : null, input),
    meta: { silent: true },
    onSuccess: () => {
      setEditing(null);
      notify(t('adminRoles.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: schedulesKey });
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSchedule(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
  const shown = pages.flatMap((p) => p.schedules);
  const timeZone = pages[0]?.timeZone;
  const open = (s: Schedule | 'new') => {
    setError(null);
    setEditing(s);
  };

  return (
    <>
      <ListShell
        testId="schedules-page"
        title={t('adminRoles.schedules.title')}
        intro={t('adminRoles.schedules.intro')}
        search={typed}
        onSearch={setTyped}
        searchShort={short}
        more={more}
        searching={searching}
        busy={busy}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('new')} data-testid="schedule-new">
            {t('adminRoles.schedules.create')}
          </Button>
        }
        header={timeZone && <TimeZoneField key={timeZone} value={timeZone} />}
        state={list.status}
        empty={shown.length === 0}
        emptyText={t('adminRoles.schedules.empty')}
      >
        {shown.map((s) => (
          <Paper key={s.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`schedule-${s.name}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" noWrap>
                  {s.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.periods.map((p) => `${t(`adminRoles.weekdaysShort.${p.weekday as 0}`)} ${p.start}–${p.end}`).join(' · ')}
                </Typography>
              </Stack>
              <IconButton aria-label={t('adminRoles.edit')} onClick={() => open(s)}>
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={s.name} onConfirm={() => remove.mutate(s.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && (
        <ScheduleEditor
          schedule={editing === 'new' ? null : editing}
          saving={save.isPending}
          error={error}
          onSave={(input) => save.mutate(input)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
