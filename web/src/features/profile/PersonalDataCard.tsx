import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { formatDateTime } from '../../../../domain/dates';
import { AnyPhone, MobilePhone, formatPhone } from '../../../../domain/people/phones';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { type Profile, profileKey, updateProfile } from './api';
import { CardLoading } from './CardLoading';
import { EmailChangeDialog } from './EmailChangeDialog';
import { ProfileCard } from './ProfileCard';
import { useProfile } from './useProfile';

/** A typed phone shown formatted once it is a valid number; anything else stays as typed. */
function tidy(value: string, schema: typeof MobilePhone | typeof AnyPhone): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? formatPhone(parsed.data) : value;
}

/** Name, mobile and another phone (spec 3 §5: checked for validity), and the e-mail. */
export function PersonalDataCard() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <ProfileCard title={t('profile.personal.title')} icon={<BadgeOutlinedIcon />}>
      {profile.data ? (
        <PersonalDataForm key={JSON.stringify(profile.data)} profile={profile.data} />
      ) : (
        <CardLoading error={profile.error} onRetry={() => void profile.refetch()} />
      )}
    </ProfileCard>
  );
}

function PersonalDataForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [mobile, setMobile] = useState(profile.mobile ?? '');
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  const nameError = name.trim().length < 3 || name.trim().length > 200;
  const mobileError = mobile.trim() !== '' && !MobilePhone.safeParse(mobile).success;
  const phoneError = phone.trim() !== '' && !AnyPhone.safeParse(phone).success;
  const changed = name.trim() !== profile.name || mobile !== (profile.mobile ?? '') || phone !== (profile.phone ?? '');

  const save = useMutation({
    mutationFn: () => updateProfile({ name: name.trim(), mobile: mobile.trim(), phone: phone.trim() }),
    meta: { silent: true },
    onSuccess: (data) => {
      setError(null);
      queryClient.setQueryData(profileKey, data);
      notify(t('profile.personal.saved'), 'success');
    },
    onError: (err) => setError(describeError(err, t)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (nameError || mobileError || phoneError || !changed) return;
    save.mutate();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="profile-personal-form">
      <TextField
        label={t('profile.personal.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        error={touched && nameError}
        helperText={touched && nameError ? t('profile.personal.nameInvalid') : ' '}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'profile-name', autoComplete: 'name' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('profile.personal.mobile')}
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          onBlur={() => setMobile((v) => tidy(v, MobilePhone))}
          error={mobileError && (touched || mobile.length >= 14)}
          helperText={
            mobileError && (touched || mobile.length >= 14)
              ? t('profile.personal.mobileInvalid')
              : t('profile.personal.mobileHint')
          }
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 30, 'data-testid': 'profile-mobile', autoComplete: 'tel' } }}
        />
        <TextField
          label={t('profile.personal.phone')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onBlur={() => setPhone((v) => tidy(v, AnyPhone))}
          error={phoneError && (touched || phone.length >= 14)}
          helperText={
            phoneError && (touched || phone.length >= 14) ? t('profile.personal.phoneInvalid') : t('profile.personal.phoneHint')
          }
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 30, 'data-testid': 'profile-phone' } }}
        />
      </Stack>
      {error && (
        <Alert severity="error" data-testid="profile-personal-error">
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        disabled={!changed}
        sx={{ alignSelf: 'start' }}
        data-testid="profile-personal-save"
      >
        {t('profile.personal.save')}
      </Button>

      <Stack spacing={1} sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
          {t('profile.email.label')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }} data-testid="profile-email">
            {profile.email}
          </Typography>
          <Button variant="outlined" onClick={() => setEmailOpen(true)} data-testid="profile-email-change">
            {t('profile.email.change')}
          </Button>
        </Stack>
        {profile.pendingEmail && (
          <Alert severity="info" data-testid="profile-email-pending">
            {t('profile.email.pending', {
              email: profile.pendingEmail.email,
              date: formatDateTime(profile.pendingEmail.expiresAt, i18n.language),
            })}
          </Alert>
        )}
      </Stack>
      <EmailChangeDialog open={emailOpen} onClose={() => setEmailOpen(false)} />
    </Stack>
  );
}
