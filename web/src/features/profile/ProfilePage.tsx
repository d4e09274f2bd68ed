import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { PageHeader } from '../../app/PageHeader';
import { useSessionData } from '../auth/session';
import { PROFILE_SECTIONS } from './sections';
import { useProfile } from './useProfile';

/** My profile and settings (spec 3 §2): one card per section, in the order of PROFILE_SECTIONS. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionData();
  // The name just saved in the personal data card, before the session is read again.
  const name = useProfile().data?.name ?? user.name;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <PageHeader title={t('profile.title')} intro={`${name} (${user.username})`} icon={<AccountCircleOutlinedIcon />} />
      {PROFILE_SECTIONS.map(({ id, Component }) => (
        <section key={id} id={id} data-testid={`profile-${id}`}>
          <Component />
        </section>
      ))}
    </Stack>
  );
}
