import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import { formatCnpj } from '../../../../domain/people/cnpj';
import { notify } from '../../app/notifications/store';
import { PageHeader } from '../../app/PageHeader';
import { describeError } from '../../lib/errors';
import { institutionsKey } from '../institutions/api';
import { AdminList } from './AdminList';
import { type Institution, fetchAdminInstitutions, setInstitutionActive } from './api';
import { InstitutionDialog } from './InstitutionDialog';
import { useAdminCaller } from './use-admin';

const adminInstitutionsKey = ['admin', 'institutions'] as const;

/** The account's institutions, deactivated ones included: create, edit, deactivate, reactivate. */
export function InstitutionsAdminPage() {
  const { t } = useTranslation();
  const caller = useAdminCaller();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Institution | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Institution | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminInstitutionsKey });
    void queryClient.invalidateQueries({ queryKey: institutionsKey });
  };
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setInstitutionActive(id, active),
    meta: { silent: true },
    onSuccess: (i) => {
      notify(i.active ? t('admin.institutions.reactivated') : t('admin.institutions.deactivated'), 'success');
      setDeactivating(null);
      refresh();
    },
    onError: (err) => notify(describeError(err, t), 'error'),
  });

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('admin.institutions.title')}
        intro={t('admin.institutions.intro')}
        icon={<ApartmentOutlinedIcon color="primary" />}
      />
      <AdminList<Institution>
        testId="institutions-list"
        queryKey={[...adminInstitutionsKey, caller.accountId]}
        fetchPage={fetchAdminInstitutions}
        searchLabel={t('admin.institutions.search')}
        empty={t('admin.institutions.empty')}
        toolbar={
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="institution-new">
              {t('admin.institutions.new')}
            </Button>
            <Button component={RouterLink} to="/institutions">
              {t('admin.institutions.logos')}
            </Button>
          </Stack>
        }
        renderRow={(i) => (
          <Paper variant="outlined" sx={{ p: 1.5, opacity: i.active ? 1 : 0.75 }} data-testid={`institution-row-${i.id}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {i.name}
                  </Typography>
                  {!i.active && <Chip size="small" color="warning" label={t('admin.institutions.inactive')} data-testid="institution-inactive" />}
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[
                    i.aeTitle && `AE ${i.aeTitle}`,
                    i.cnpj && formatCnpj(i.cnpj),
                    i.responsibleName,
                    i.allowStudyDownload ? t('admin.institutions.downloadOn') : t('admin.institutions.downloadOff'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setEditing(i)} data-testid={`institution-edit-${i.id}`}>
                  {t('admin.edit')}
                </Button>
                {i.active ? (
                  <Button size="small" color="warning" onClick={() => setDeactivating(i)} data-testid={`institution-deactivate-${i.id}`}>
                    {t('admin.institutions.deactivate')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    onClick={() => toggle.mutate({ id: i.id, active: true })}
                    loading={toggle.isPending && toggle.variables?.id === i.id}
                    data-testid={`institution-reactivate-${i.id}`}
                  >
                    {t('admin.institutions.reactivate')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </Paper>
        )}
      />
      {editing && caller.accountId && (
        <InstitutionDialog
          accountId={caller.accountId}
          institution={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify(editing === 'new' ? t('admin.institutions.created') : t('admin.institutions.updated'), 'success');
            setEditing(null);
            refresh();
          }}
        />
      )}
      {deactivating && (
        <Dialog open onClose={() => setDeactivating(null)} maxWidth="xs" fullWidth aria-labelledby="deactivate-title">
          <DialogTitle id="deactivate-title">{t('admin.institutions.deactivateTitle', { name: deactivating.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('admin.institutions.deactivateText')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeactivating(null)}>{t('admin.cancel')}</Button>
            <Button
              color="warning"
              variant="contained"
              loading={toggle.isPending}
              onClick={() => toggle.mutate({ id: deactivating.id, active: false })}
              data-testid="institution-deactivate-confirm"
            >
              {t('admin.institutions.deactivate')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
