import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useSessionData } from '../auth/session';
import { ProfileCard } from './ProfileCard';

/** The A1 certificate and the CPF/council it must match: managed on their own page. */
export function CertificateCard() {
  const { t } = useTranslation();
  const registered = useSessionData().personalKeyId !== null;
  return (
    <ProfileCard title={t('documents.certificate.title')} icon={<VerifiedUserOutlinedIcon />}>
      <Typography variant="body2" color="text.secondary">
        {registered ? t('profile.certificate.registered') : t('documents.certificate.none')}
      </Typography>
      <Button
        component={RouterLink}
        to="/profile/certificate"
        variant="outlined"
        sx={{ alignSelf: 'start' }}
        data-testid="profile-certificate-link"
      >
        {t('profile.certificate.manage')}
      </Button>
    </ProfileCard>
  );
}
