import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import { accountList, currentAccount } from '../features/auth/access';
import { useSession, useSessionData } from '../features/auth/session';

/** The current account's name; with several accounts, a menu that switches (changeAccount). */
export function AccountMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const data = useSessionData();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const accounts = accountList(data);
  const current = currentAccount(data);
  const name = current?.name ?? t('account.none');

  const switchAccount = useMutation({
    mutationFn: session.changeAccount,
    onSuccess: () => navigate('/studies'),
  });

  const nameSx = { maxWidth: { xs: 120, sm: 240, md: 360 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

  if (accounts.length <= 1) {
    return (
      <Typography variant="body2" sx={nameSx} title={name} data-testid="current-account">
        {name}
      </Typography>
    );
  }

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`${t('account.current')}: ${name}. ${t('account.switch')}`}
        loading={switchAccount.isPending}
        loadingPosition="end"
        sx={{ textTransform: 'none' }}
        data-testid="current-account"
      >
        <Typography component="span" variant="body2" sx={nameSx}>
          {name}
        </Typography>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled dense>
          <Typography variant="overline">{t('account.switch')}</Typography>
        </MenuItem>
        {accounts.map((account) => {
          const isCurrent = account.id === data.currentAccountId;
          return (
            <MenuItem
              key={account.id}
              selected={isCurrent}
              onClick={() => {
                setAnchor(null);
                if (!isCurrent) switchAccount.mutate(account.id);
              }}
              data-testid={`switch-account-${account.id}`}
            >
              <ListItemIcon>{isCurrent ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{account.name}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
