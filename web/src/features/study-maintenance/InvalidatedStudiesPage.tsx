import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import { PageHeader } from '../../app/PageHeader';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { fetchInvalidated, maintenanceKeys, recoverStudy } from './api';

/** Invalidated studies (issue 16): who invalidated each, when and why; recovery with the permission. */
export function InvalidatedStudiesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: maintenanceKeys.invalidated, queryFn: ({ signal }) => fetchInvalidated(signal) });
  const recover = useMutation({
    mutationFn: recoverStudy,
    onSuccess: () => {
      notify(t('studyMaintenance.recovered'), 'success');
      void queryClient.invalidateQueries({ queryKey: ['studies'] });
    },
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} data-testid="invalidated-studies-page">
      <PageHeader title={t('studyMaintenance.invalidatedTitle')} intro={t('studyMaintenance.invalidatedIntro')} />
      {list.isPending ? (
        <Stack spacing={1} aria-busy>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{describeError(list.error, t)}</Alert>
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="invalidated-empty">
          {t('studyMaintenance.invalidatedEmpty')}
        </Typography>
      ) : (
        list.data.map((s) => (
          <Paper key={s.id} variant="outlined" sx={{ p: 2 }} data-testid={`invalidated-${s.id}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {s.patientName} · {s.patientId}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[s.modalities.join(', '), s.examType, s.accessionNumber, s.institutionName].filter(Boolean).join(' · ')}
                </Typography>
                <Typography variant="body2">{t('studyMaintenance.reasonShown', { reason: s.reason })}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('studyMaintenance.invalidatedBy', {
                    name: s.invalidatedByName ?? '—',
                    at: new Date(s.invalidatedAt).toLocaleString(i18n.language),
                  })}
                </Typography>
              </Stack>
              {s.mayRecover && (
                <Button
                  startIcon={<RestoreIcon />}
                  disabled={recover.isPending}
                  onClick={() => recover.mutate(s.id)}
                  data-testid={`recover-${s.id}`}
                >
                  {t('studyMaintenance.recover')}
                </Button>
              )}
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
