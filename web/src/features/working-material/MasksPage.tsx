import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import { ListShell } from '../admin-roles/ListShell';
import { OptionalSelect } from '../catalog/OptionalSelect';
import { catalogKeys, fetchExams, fetchModalities } from '../catalog/api';
import { fetchAllInstitutions, institutionsKey } from '../institutions/api';
import { type AdminMask, MASK_SCOPES, type MaskFilters, deleteMask, fetchMasks, materialKeys } from './api';
import { MaskEditorDialog } from './MaskEditorDialog';

/** Masks by modality, exam, institution and user (spec 3), with filters; edited in the report editor. */
export function MasksPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<MaskFilters>({ scope: '', modality: '', examType: '', institutionId: '', q: '' });
  const [editing, setEditing] = useState<AdminMask | 'new' | null>(null);
  const set = (k: keyof MaskFilters) => (v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const list = useQuery({
    queryKey: [...materialKeys.masks, filters],
    queryFn: ({ signal }) => fetchMasks({ ...filters, q: filters.q.trim() }, signal),
    meta: { silent: true },
  });
  const modalities = useQuery({ queryKey: catalogKeys.modalities, queryFn: ({ signal }) => fetchModalities(signal) });
  const exams = useQuery({ queryKey: catalogKeys.exams, queryFn: ({ signal }) => fetchExams(signal) });
  const institutions = useQuery({ queryKey: [...institutionsKey, 'all'], queryFn: ({ signal }) => fetchAllInstitutions(signal) });
  const institutionName = (id: string | null) => institutions.data?.institutions.find((i) => i.id === id)?.name ?? '';
  const remove = useMutation({
    mutationFn: (id: string) => deleteMask(id),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: materialKeys.masks }),
    onError: (err) => notify(describeError(err, t), 'error'),
  });
  const owner = (m: AdminMask) =>
    m.scope === 'user'
      ? m.userName
      : m.scope === 'exam'
        ? m.examType
        : m.scope === 'institution'
          ? institutionName(m.institutionId)
          : null;
  const rows = list.data ?? [];
  const small = { size: 'small' as const, sx: { minWidth: 150, flex: 1 } };
  return (
    <>
      <ListShell
        testId="masks-page"
        title={t('material.masks.title')}
        intro={t('material.masks.intro')}
        search={filters.q}
        onSearch={set('q')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="mask-new">
            {t('material.masks.create')}
          </Button>
        }
        header={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid="mask-filters">
            <OptionalSelect
              {...small}
              label={t('material.masks.scope')}
              value={filters.scope}
              onChange={set('scope')}
              emptyLabel={t('catalog.any')}
              options={MASK_SCOPES.map((s) => ({ value: s, label: t(`material.masks.scopes.${s}`) }))}
            />
            <OptionalSelect
              {...small}
              label={t('material.masks.modality')}
              value={filters.modality}
              onChange={set('modality')}
              emptyLabel={t('catalog.any')}
              options={[...new Set((modalities.data ?? []).map((m) => m.code))].map((c) => ({ value: c, label: c }))}
            />
            <OptionalSelect
              {...small}
              label={t('material.masks.exam')}
              value={filters.examType}
              onChange={set('examType')}
              emptyLabel={t('catalog.any')}
              options={(exams.data ?? []).map((x) => ({ value: x.title, label: x.title }))}
            />
            <OptionalSelect
              {...small}
              label={t('material.masks.institution')}
              value={filters.institutionId}
              onChange={set('institutionId')}
              emptyLabel={t('catalog.any')}
              options={(institutions.data?.institutions ?? []).map((i) => ({ value: i.id, label: i.name }))}
            />
          </Stack>
        }
        state={list.status}
        empty={rows.length === 0}
        emptyText={t('material.masks.empty')}
      >
        {rows.map((m) => (
          <Paper key={m.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`mask-row-${m.title}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip label={m.modality} color="primary" size="small" sx={{ fontWeight: 600, minWidth: 48 }} />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{m.title}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {t(`material.masks.scopes.${m.scope}`)}
                  {owner(m) ? ` · ${owner(m)}` : ''}
                </Typography>
              </Stack>
              {m.isDefault && <Chip size="small" label={t('material.masks.default')} />}
              <IconButton aria-label={`${t('catalog.edit')}: ${m.title}`} onClick={() => setEditing(m)}>
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={m.title} onConfirm={() => remove.mutate(m.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && (
        <MaskEditorDialog key={editing === 'new' ? 'new' : editing.id} editing={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
