import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { InstitutionInput } from '../../../../domain/institutions/institution';
import { formatCnpj } from '../../../../domain/people/cnpj';
import { describeError } from '../../lib/errors';
import { type Institution, fetchDoctors, saveInstitution } from './api';
import { fieldErrors, text } from './form';

/** Create (institution null) or edit an institution; checked with the API's own schema first. */
export function InstitutionDialog({
  accountId,
  institution,
  onClose,
  onSaved,
}: {
  accountId: string;
  institution: Institution | null;
  onClose: () => void;
  onSaved: (i: Institution) => void;
}) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState({
    name: text(institution?.name),
    email: text(institution?.email),
    phone: text(institution?.phone),
    cnpj: institution?.cnpj ? formatCnpj(institution.cnpj) : '',
    aeTitle: text(institution?.aeTitle),
    responsibleUserId: text(institution?.responsibleUserId),
  });
  const [allowStudyDownload, setAllow] = useState(institution?.allowStudyDownload ?? true);
  const [errors, setErrors] = useState<Record<string, true>>({});
  const doctors = useQuery({ queryKey: ['admin', 'doctors', accountId], queryFn: ({ signal }) => fetchDoctors(accountId, signal) });
  const save = useMutation({
    mutationFn: (input: InstitutionInput) => saveInstitution(institution?.id ?? null, input),
    meta: { silent: true },
    onSuccess: onSaved,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...form, allowStudyDownload };
    const parsed = InstitutionInput.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(input as InstitutionInput);
  };

  const field = (key: keyof typeof form, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={Boolean(errors[key])}
      helperText={errors[key] ? t('admin.invalid') : hint}
      slotProps={{ htmlInput: { 'data-testid': `institution-${key}` } }}
      {...props}
    />
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="institution-dialog-title">
      <form onSubmit={submit} noValidate data-testid="institution-dialog">
        <DialogTitle id="institution-dialog-title">
          {institution ? t('admin.institutions.editTitle') : t('admin.institutions.new')}
        </DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={12}>{field('name', t('admin.institutions.fields.name'), { required: true, autoFocus: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('email', t('admin.institutions.fields.email'), { type: 'email' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('phone', t('admin.institutions.fields.phone'), { type: 'tel' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('cnpj', t('admin.institutions.fields.cnpj'), { inputMode: 'numeric' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('aeTitle', t('admin.institutions.fields.aeTitle'), {}, t('admin.institutions.fields.aeTitleHint'))}
            </Grid>
            <Grid size={12}>
              {field('responsibleUserId', t('admin.institutions.fields.responsible'), {
                select: true,
                disabled: doctors.isPending,
                children: [
                  <MenuItem key="" value="">
                    {t('admin.institutions.noResponsible')}
                  </MenuItem>,
                  ...(doctors.data ?? []).map((d) => (
                    <MenuItem key={d.id} value={d.id}>
                      {d.name}
                    </MenuItem>
                  )),
                ],
              })}
            </Grid>
            <Grid size={12}>
              <FormControlLabel
                control={
                  <Switch
                    checked={allowStudyDownload}
                    onChange={(e) => setAllow(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'institution-allowStudyDownload' } as object }}
                  />
                }
                label={t('admin.institutions.fields.allowStudyDownload')}
              />
            </Grid>
          </Grid>
          {save.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {describeError(save.error, t)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('admin.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="institution-save">
            {t('admin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
