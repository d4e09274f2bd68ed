import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { PageHeader } from '../../app/PageHeader';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import {
  type Filter,
  type FilterInput,
  deleteFilter,
  fetchOrchestrator,
  orchestratorKey,
  saveFilter,
  setFilterActive,
  setFilterOrder,
  setPaused,
} from './api';
import { FilterEditor } from './FilterEditor';

/**
 * 'Orquestrador' (issue 18): the account's distribution filters in order (the first with a
 * study's modality takes it), each with its switch, and pausing or resuming the distribution.
 */
export function OrchestratorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Filter | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useQuery({ queryKey: orchestratorKey, queryFn: ({ signal }) => fetchOrchestrator(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orchestratorKey });
  const save = useMutation({
    mutationFn: (input: FilterInput) => saveFilter(editing && editing !== 'new' ? editing.id : null, input),
    meta: { silent: true },
    onSuccess: () => {
      setEditing(null);
      notify(t('orchestrator.saved'), 'success');
      refresh();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const pause = useMutation({ mutationFn: setPaused, onSuccess: refresh });
  const toggle = useMutation({ mutationFn: (f: Filter) => setFilterActive(f.id, !f.active), onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteFilter, onSuccess: refresh });
  const reorder = useMutation({ mutationFn: setFilterOrder, onSuccess: refresh });
  /** Swaps the filter with its neighbour above (-1) or below (+1). */
  const move = (index: number, by: -1 | 1) => {
    const ids = (state.data?.filters ?? []).map((f) => f.id);
    const other = index + by;
    if (other < 0 || other >= ids.length) return;
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    reorder.mutate(ids);
  };
  const names = new Map([...(state.data?.candidates.users ?? []), ...(state.data?.candidates.groups ?? [])].map((c) => [c.id, c.name]));
  const open = (f: Filter | 'new') => {
    setError(null);
    setEditing(f);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }} data-testid="orchestrator-page">
      <PageHeader title={t('orchestrator.title')} intro={t('orchestrator.intro')} />
      {state.isPending && <Skeleton variant="rounded" height={120} />}
      {state.isError && <Alert severity="error">{describeError(state.error, t)}</Alert>}
      {state.data && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Chip
              color={state.data.paused ? 'warning' : 'success'}
              label={state.data.paused ? t('orchestrator.paused') : t('orchestrator.running')}
              data-testid="orchestrator-status"
            />
            <Button
              variant="outlined"
              startIcon={state.data.paused ? <PlayArrowIcon /> : <PauseIcon />}
              loading={pause.isPending}
              onClick={() => pause.mutate(!state.data.paused)}
              data-testid="orchestrator-pause"
            >
              {state.data.paused ? t('orchestrator.resume') : t('orchestrator.pause')}
            </Button>
            <span style={{ flex: 1 }} />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => open('new')} data-testid="filter-new">
              {t('orchestrator.newFilter')}
            </Button>
          </Stack>
          {state.data.paused && (
            <Typography variant="body2" color="text.secondary" data-testid="orchestrator-paused-hint">
              {t('orchestrator.resumedHint')}
            </Typography>
          )}
          {toggle.isError && <Alert severity="error">{describeError(toggle.error, t)}</Alert>}
          {reorder.isError && <Alert severity="error">{describeError(reorder.error, t)}</Alert>}
          {state.data.filters.length === 0 && <Typography color="text.secondary">{t('orchestrator.empty')}</Typography>}
          {state.data.filters.map((f, index, all) => (
            <Paper key={f.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`filter-${f.name}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle1" noWrap>
                    {f.name} · {f.modalities.join(', ')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {f.members.map((m) => `${names.get(m.id) ?? '?'} ${m.percentage} %`).join(' · ') || t('orchestrator.noMembers')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[f.seniority ? t('orchestrator.seniority') : null, f.limitPerDoctor ? t('orchestrator.limitShort', { count: f.limitPerDoctor }) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Stack>
                <IconButton
                  aria-label={t('orchestrator.moveUp', { name: f.name })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                  data-testid={`filter-${f.name}-up`}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={t('orchestrator.moveDown', { name: f.name })}
                  disabled={index === all.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                  data-testid={`filter-${f.name}-down`}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <Switch
                  checked={f.active}
                  onChange={() => toggle.mutate(f)}
                  slotProps={{ input: { 'aria-label': t('orchestrator.active') } }}
                  data-testid={`filter-${f.name}-active`}
                />
                <IconButton aria-label={t('orchestrator.editFilter')} onClick={() => open(f)}>
                  <EditOutlinedIcon />
                </IconButton>
                <ConfirmDelete name={f.name} onConfirm={() => remove.mutate(f.id)} />
              </Stack>
            </Paper>
          ))}
          {editing && (
            <FilterEditor
              filter={editing === 'new' ? null : editing}
              candidates={state.data.candidates}
              saving={save.isPending}
              error={error}
              onSave={(input) => save.mutate(input)}
              onClose={() => setEditing(null)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
