import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { CenteredLayout } from '../../app/CenteredLayout';
import { useSession } from './session';

/** No super role, no billing role, no account: a message and an exit button. */
export function NoAccessPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <CenteredLayout>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="no-access">
        <BlockIcon color="error" fontSize="large" aria-hidden />
        <Typography variant="h5" component="h1">
          {t('noAccess.title')}
        </Typography>
        <Typography color="text.secondary">{t('noAccess.message')}</Typography>
        <Button variant="contained" onClick={() => void session.logout()} data-testid="no-access-exit">
          {t('common.exit')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}
