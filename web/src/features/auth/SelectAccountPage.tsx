import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import PetsIcon from '@mui/icons-material/Pets';
import { CenteredLayout } from '../../app/CenteredLayout';
import { accountList, decideAccess } from './access';
import { NoAccessPage } from './NoAccessPage';
import { useSession, useSessionData } from './session';

/** Account-selection screen: choosing an account calls changeAccount, then goes on. */
export function SelectAccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const data = useSessionData();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  const select = useMutation({
    mutationFn: session.changeAccount,
    onSuccess: () => navigate(from && from.startsWith('/') && from !== '/select-account' ? from : '/studies', { replace: true }),
  });

  if (decideAccess(data) === 'no-access') return <NoAccessPage />;
  const accounts = accountList(data);

  return (
    <CenteredLayout maxWidth={520}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h5" component="h1">
            {t('account.selectTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('account.selectSubtitle')}
          </Typography>
        </div>
        <List aria-label={t('account.selectTitle')} sx={{ maxHeight: '50dvh', overflow: 'auto' }}>
          {accounts.map((account) => {
            const pending = select.isPending && select.variables === account.id;
            return (
              // A list item holding its button: a <ul> takes only <li> children (issue 24).
              <ListItem key={account.id} disablePadding>
                <ListItemButton
                  selected={account.id === data.currentAccountId}
                  disabled={select.isPending}
                  onClick={() => select.mutate(account.id)}
                  data-testid={`account-${account.id}`}
                >
                  <ListItemIcon>
                    {pending ? <CircularProgress size={24} /> : account.isForHuman === false ? <PetsIcon /> : <BusinessIcon />}
                  </ListItemIcon>
                  <ListItemText
                    primary={account.name}
                    secondary={t('account.institutions', { count: account.institutions.length })}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        <Button onClick={() => void session.logout()}>{t('auth.logout')}</Button>
      </Stack>
    </CenteredLayout>
  );
}
