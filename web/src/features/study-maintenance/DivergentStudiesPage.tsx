import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import { PageHeader } from '../../app/PageHeader';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import {
  DIVERGENCE_CONFIRMATION,
  type Divergence,
  type DivergenceAction,
  type DivergenceStatus,
  fetchDivergences,
  maintenanceKeys,
  resolveDivergence,
} from './api';
import { IrreversibleDialog } from './IrreversibleDialog';

type Filter = DivergenceStatus | 'ALL';
const FILTERS: Filter[] = ['RECEIVED', 'MERGED', 'SEPARATED', 'ALL'];
const STATUS_COLOR = { RECEIVED: 'warning', MERGED: 'info', SEPARATED: 'default' } as const;

function Side({ label, side }: { label: string; side: NonNullable<Divergence['otherStudy']> }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {side.patientName} · {side.patientId}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[side.examType, side.accessionNumber && `${t('studyMaintenance.accession')} ${side.accessionNumber}`]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
        {t('studyMaintenance.counts', { series: side.seriesCount, instances: side.instanceCount })} · UID {side.studyInstanceUid}
      </Typography>
    </Box>
  );
}

function DivergenceCard({ d, onAct }: { d: Divergence; onAct: (a: DivergenceAction) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`divergence-${d.id}`} data-status={d.status}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={t(`studyMaintenance.kind.${d.kind}`)} />
          <Chip
            size="small"
            color={STATUS_COLOR[d.status]}
            label={t(`studyMaintenance.status.${d.status}`)}
            data-testid="divergence-status"
          />
          <Typography variant="caption" color="text.secondary">
            {new Date(d.createdAt).toLocaleString(i18n.language)}
            {d.resolvedAt &&
              ` · ${t('studyMaintenance.resolvedBy', { name: d.resolvedByName ?? '—', at: new Date(d.resolvedAt).toLocaleString(i18n.language) })}`}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Side label={t('studyMaintenance.study')} side={d.study} />
          {d.otherStudy ? (
            <Side label={t('studyMaintenance.otherStudy')} side={d.otherStudy} />
          ) : (
            d.otherPatient && (
              <Box sx={{ flex: 1 }}>
                <Typography variant="overline" color="text.secondary">
                  {t('studyMaintenance.otherPatient')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {d.otherPatient.name} · {d.otherPatient.patientId}
                </Typography>
              </Box>
            )
          )}
        </Stack>
        {d.allowedActions.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {d.allowedActions.includes('merge') && (
              <Button startIcon={<CallMergeIcon />} onClick={() => onAct('merge')} data-testid="divergence-merge">
                {t('studyMaintenance.merge')}
              </Button>
            )}
            {d.allowedActions.includes('split') && (
              <Button startIcon={<CallSplitIcon />} onClick={() => onAct('split')} data-testid="divergence-split">
                {t('studyMaintenance.split')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The 'divergent studies' screen (issue 16): received, merged and separated, with merge and split. */
export function DivergentStudiesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('RECEIVED');
  const [acting, setActing] = useState<{ d: Divergence; action: DivergenceAction } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: maintenanceKeys.divergent(filter),
    queryFn: ({ signal }) => fetchDivergences(filter, signal),
  });
  const act = useMutation({
    mutationFn: (v: { id: string; action: DivergenceAction; typed: string }) => resolveDivergence(v.id, v.action, v.typed),
    meta: { silent: true },
    onSuccess: (_r, v) => {
      notify(t(v.action === 'merge' ? 'studyMaintenance.merged' : 'studyMaintenance.separated'), 'success');
      setActing(null);
      void queryClient.invalidateQueries({ queryKey: ['studies'] });
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} data-testid="divergent-studies-page">
      <PageHeader title={t('studyMaintenance.divergentTitle')} intro={t('studyMaintenance.divergentIntro')} />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_e, v: Filter | null) => v && setFilter(v)}
        aria-label={t('studyMaintenance.filter')}
        sx={{ flexWrap: 'wrap' }}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f} value={f} data-testid={`divergent-filter-${f}`}>
            {f === 'ALL' ? t('studyMaintenance.all') : t(`studyMaintenance.statusPlural.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {list.isPending ? (
        <Stack spacing={1} aria-busy>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">{describeError(list.error, t)}</Alert>
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="divergent-empty">
          {t('studyMaintenance.divergentEmpty')}
        </Typography>
      ) : (
        list.data.map((d) => (
          <DivergenceCard
            key={d.id}
            d={d}
            onAct={(action) => {
              setError(null);
              setActing({ d, action });
            }}
          />
        ))
      )}
      {acting && (
        <IrreversibleDialog
          title={t(acting.action === 'merge' ? 'studyMaintenance.mergeTitle' : 'studyMaintenance.splitTitle')}
          body={t(
            acting.action === 'merge'
              ? 'studyMaintenance.mergeBody'
              : acting.d.otherStudy
                ? 'studyMaintenance.splitBody'
                : 'studyMaintenance.splitPatientBody',
          )}
          word={DIVERGENCE_CONFIRMATION[acting.action]}
          confirmLabel={t(acting.action === 'merge' ? 'studyMaintenance.merge' : 'studyMaintenance.split')}
          pending={act.isPending}
          error={error}
          onClose={() => setActing(null)}
          onConfirm={(typed) => act.mutate({ id: acting.d.id, action: acting.action, typed })}
        />
      )}
    </Stack>
  );
}
