import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AccountInput } from '../../../../domain/accounts/account';
import { UFS } from '../../../../domain/people/professional-id';
import { describeError } from '../../lib/errors';
import { type Account, saveAccount } from './api';
import { fieldErrors, text } from './form';

type Brand = 'human' | 'veterinary' | 'unset';
const FLAGS = ['doNotUsePng', 'resultsPortal', 'resultsPortalImages', 'twoFactorRequired'] as const;

/** Create (account null) or edit an account; checked with the API's own schema before sending. */
export function AccountDialog({ account, onClose, onSaved }: { account: Account | null; onClose: () => void; onSaved: (a: Account) => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState({
    name: text(account?.name),
    legalName: text(account?.legalName),
    billingEmail: text(account?.billingEmail),
    notificationEmail: text(account?.notificationEmail),
    street: text(account?.address.street),
    number: text(account?.address.number),
    city: text(account?.address.city),
    uf: text(account?.address.uf),
    cep: text(account?.address.cep),
  });
  const [brand, setBrand] = useState<Brand>(account ? (account.isForHuman === null ? 'unset' : account.isForHuman ? 'human' : 'veterinary') : 'human');
  const [flags, setFlags] = useState<Record<(typeof FLAGS)[number], boolean>>({
    doNotUsePng: account?.doNotUsePng ?? false,
    resultsPortal: account?.resultsPortal ?? false,
    resultsPortalImages: account?.resultsPortalImages ?? false,
    twoFactorRequired: account?.twoFactorRequired ?? false,
  });
  const [errors, setErrors] = useState<Record<string, true>>({});
  const save = useMutation({
    mutationFn: (input: AccountInput) => saveAccount(account?.id ?? null, input),
    meta: { silent: true },
    onSuccess: onSaved,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      name: form.name,
      legalName: form.legalName,
      billingEmail: form.billingEmail,
      notificationEmail: form.notificationEmail,
      address: { street: form.street, number: form.number, city: form.city, uf: form.uf, cep: form.cep },
      isForHuman: brand === 'unset' ? null : brand === 'human',
      ...flags,
    };
    const parsed = AccountInput.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(input as AccountInput);
  };

  const field = (key: keyof typeof form, label: string, errorKey: string = key, props: Record<string, unknown> = {}) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={Boolean(errors[errorKey])}
      helperText={errors[errorKey] ? t('admin.invalid') : undefined}
      slotProps={{ htmlInput: { 'data-testid': `account-${key}` } }}
      {...props}
    />
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="account-dialog-title">
      <form onSubmit={submit} noValidate data-testid="account-dialog">
        <DialogTitle id="account-dialog-title">{account ? t('admin.accounts.editTitle') : t('admin.accounts.new')}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('name', t('admin.accounts.fields.name'), 'name', { required: true, autoFocus: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('legalName', t('admin.accounts.fields.legalName'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('billingEmail', t('admin.accounts.fields.billingEmail'), 'billingEmail', { type: 'email' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('notificationEmail', t('admin.accounts.fields.notificationEmail'), 'notificationEmail', { type: 'email' })}
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle2">{t('admin.accounts.address')}</Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>{field('street', t('admin.accounts.fields.street'), 'address.street')}</Grid>
            <Grid size={{ xs: 6, sm: 4 }}>{field('number', t('admin.accounts.fields.number'), 'address.number')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{field('cep', t('admin.accounts.fields.cep'), 'address.cep', { inputMode: 'numeric' })}</Grid>
            <Grid size={{ xs: 8, sm: 6 }}>{field('city', t('admin.accounts.fields.city'), 'address.city')}</Grid>
            <Grid size={{ xs: 4, sm: 3 }}>
              {field('uf', t('admin.accounts.fields.uf'), 'address.uf', {
                select: true,
                children: [
                  <MenuItem key="" value="">
                    —
                  </MenuItem>,
                  ...UFS.map((uf) => (
                    <MenuItem key={uf} value={uf}>
                      {uf}
                    </MenuItem>
                  )),
                ],
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                fullWidth
                size="small"
                label={t('admin.accounts.fields.isForHuman')}
                value={brand}
                onChange={(e) => setBrand(e.target.value as Brand)}
                slotProps={{ htmlInput: { 'data-testid': 'account-brand' } }}
              >
                <MenuItem value="human">{t('admin.accounts.human')}</MenuItem>
                <MenuItem value="veterinary">{t('admin.accounts.veterinary')}</MenuItem>
                <MenuItem value="unset">{t('admin.accounts.brandUnset')}</MenuItem>
              </TextField>
            </Grid>
            <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {FLAGS.map((flag) => (
                <FormControlLabel
                  key={flag}
                  control={
                    <Switch
                      checked={flags[flag]}
                      onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })}
                      slotProps={{ input: { 'data-testid': `account-${flag}` } as object }}
                    />
                  }
                  label={t(`admin.accounts.fields.${flag}`)}
                />
              ))}
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
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="account-save">
            {t('admin.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
