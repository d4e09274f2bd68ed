import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { catalogKeys, fetchRoutines, setStudyRoutine } from '../catalog/api';
import { studyKeys } from './query-keys';

/** Changes the routine of one study (its deadline follows: arrival + the new duration). */
export function StudyRoutineDialog({ study, onClose }: { study: StudyListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [routineId, setRoutineId] = useState(study.routine?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const routines = useQuery({ queryKey: catalogKeys.routines, queryFn: ({ signal }) => fetchRoutines(signal) });
  const save = useMutation({
    mutationFn: () => setStudyRoutine(study.id, routineId),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('studies.routine.changed'), 'success');
      void queryClient.invalidateQueries({ queryKey: studyKeys.lists() });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="study-routine-dialog">
      <DialogTitle>{t('studies.routine.change', { name: study.patientName })}</DialogTitle>
      <DialogContent>
        {routines.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : routines.isError ? (
          <Alert severity="error">{describeError(routines.error, t)}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('studies.columns.routine')}
            value={routineId}
            onChange={(e) => setRoutineId(e.target.value)}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'study-routine-select' } }}
          >
            {(routines.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('catalog.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!routineId || routineId === study.routine?.id}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="study-routine-save"
        >
          {t('catalog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
