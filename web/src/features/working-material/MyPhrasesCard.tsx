import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ShortTextOutlinedIcon from '@mui/icons-material/ShortTextOutlined';
import { ProfileCard } from '../profile/ProfileCard';
import { PhrasesPage } from './PhrasesPage';

/** My profile's way to the user's own standard phrases (their own page). */
export function MyPhrasesCard() {
  const { t } = useTranslation();
  return (
    <ProfileCard title={t('material.phrases.mineTitle')} icon={<ShortTextOutlinedIcon />}>
      <Typography variant="body2" color="text.secondary">
        {t('material.phrases.mineHint')}
      </Typography>
      <Button
        component={RouterLink}
        to="/phrases"
        variant="outlined"
        sx={{ alignSelf: 'start' }}
        data-testid="profile-phrases-link"
      >
        {t('material.phrases.manageMine')}
      </Button>
    </ProfileCard>
  );
}

/** The route's page: only the user's own phrases. */
export function MyPhrasesPage() {
  return <PhrasesPage ownOnly />;
}
