import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate, useSearchParams } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@mui/utils';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import OutboxOutlinedIcon from '@mui/icons-material/OutboxOutlined';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { currentAccount } from '../features/auth/access';
import { mayReadManagement } from '../features/management/access';
import { useSession, useSessionData } from '../features/auth/session';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { BrandLogo } from '../theme/BrandLogo';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { AccountMenu } from './AccountMenu';
import { Footer } from './Footer';

/** An icon link of the app bar, named by its tooltip. */
function AppBarLink({ to, label, testId, icon }: { to: string; label: string; testId: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to={to} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The app bar's entries on a phone: one menu holding the links and logout. */
function PhoneMenu({
  administers,
  isAdmin,
  veterinary,
  management,
}: {
  administers: boolean;
  isAdmin: boolean;
  veterinary: boolean;
  management: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string) => {
    setAnchor(null);
    void navigate(to);
  };
  const links = [
    administers && {
      to: '/admin',
      label: t('admin.menu'),
      icon: <AdminPanelSettingsOutlinedIcon fontSize="small" />,
      id: 'admin',
    },
    { to: '/institutions', label: t('institutions.menu'), icon: <ApartmentOutlinedIcon fontSize="small" />, id: 'institutions' },
    { to: '/overdue-studies', label: t('overdue.menu'), icon: <AlarmOutlinedIcon fontSize="small" />, id: 'overdue' },
    management && {
      to: '/management',
      label: t('management.menu'),
      icon: <InsightsOutlinedIcon fontSize="small" />,
      id: 'management',
    },
    isAdmin && {
      to: '/invitations',
      label: t('signup.invitations.menu'),
      icon: <ForwardToInboxOutlinedIcon fontSize="small" />,
      id: 'invitations',
    },
    veterinary && { to: '/outbox', label: t('share.outbox.menu'), icon: <OutboxOutlinedIcon fontSize="small" />, id: 'outbox' },
    { to: '/profile', label: t('profile.menu'), icon: <AccountCircleOutlinedIcon fontSize="small" />, id: 'profile' },
  ].filter((l) => l !== false);
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('app.moreMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="app-menu"
        sx={{ p: 0.75 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {links.map((l) => (
          <MenuItem key={l.id} onClick={() => go(l.to)} data-testid={`app-menu-${l.id}`}>
            <ListItemIcon>{l.icon}</ListItemIcon>
            <ListItemText>{l.label}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void session.logout();
          }}
          data-testid="app-menu-logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('auth.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * Logged-in frame: app bar (brand, account, language, theme, logout), page, footer. With
 * `?embedded=1` (the report beside the viewer's images) only the page.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  // Sharing by e-mail, and so its outbox, is for veterinary accounts (spec 1 §6).
  const data = useSessionData();
  const account = currentAccount(data);
  const administers = data.superRole || Boolean(account?.isAdmin);
  const veterinary = account?.isForHuman === false;
  const management = account !== null && mayReadManagement(account, data.superRole);
  const [search] = useSearchParams();
  // Below 600 px the entries after the language and theme go into one menu (a 390 px phone has no room for them).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (search.get('embedded') === '1')
    return (
      <Box component="main" sx={{ p: 1 }}>
        <Outlet />
      </Box>
    );
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {/* The first Tab stop: past the app bar to the page (WCAG 2.4.1). */}
      <Box
        component="a"
        href="#main-content"
        data-testid="skip-link"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 600,
          '&:focus': { top: 8, outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {t('titles.skipToContent')}
      </Box>
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar
          component="nav"
          variant="dense"
          sx={{ gap: { xs: 0, sm: 1 }, px: { xs: 1, sm: 2 } }}
          aria-label={t('app.mainMenu')}
        >
          {/* Below 600 px the brand shows as its mark (heart monitor or paw): the bar keeps room for its entries. */}
          <ButtonBase
            component={RouterLink}
            to="/studies"
            sx={(theme) => ({
              borderRadius: 1,
              px: 0.5,
              // a visible focus on the brand link (WCAG 2.4.7; ButtonBase draws none by itself)
              '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
              [theme.breakpoints.down('sm')]: { '& [data-testid=brand] > span': visuallyHidden },
            })}
          >
            <BrandLogo />
          </ButtonBase>
          <Box sx={{ flex: 1 }} />
          <AccountMenu />
          <LanguageSwitch />
          <ThemeSwitch />
          <NotificationBell accountId={data.currentAccountId} userId={data.id} />
          {phone ? (
            <PhoneMenu
              administers={administers}
              isAdmin={Boolean(account?.isAdmin)}
              veterinary={veterinary}
              management={management}
            />
          ) : (
            <>
              {administers && (
                <AppBarLink to="/admin" label={t('admin.menu')} testId="admin-menu" icon={<AdminPanelSettingsOutlinedIcon />} />
              )}
              <AppBarLink
                to="/institutions"
                label={t('institutions.menu')}
                testId="institutions-menu"
                icon={<ApartmentOutlinedIcon />}
              />
              <AppBarLink to="/overdue-studies" label={t('overdue.menu')} testId="overdue-menu" icon={<AlarmOutlinedIcon />} />
              {management && (
                <AppBarLink
                  to="/management"
                  label={t('management.menu')}
                  testId="management-menu"
                  icon={<InsightsOutlinedIcon />}
                />
              )}
              {account?.isAdmin && (
                <AppBarLink
                  to="/invitations"
                  label={t('signup.invitations.menu')}
                  testId="invitations-menu"
                  icon={<ForwardToInboxOutlinedIcon />}
                />
              )}
              {veterinary && (
                <AppBarLink to="/outbox" label={t('share.outbox.menu')} testId="outbox-menu" icon={<OutboxOutlinedIcon />} />
              )}
              <AppBarLink to="/profile" label={t('profile.menu')} testId="profile-menu" icon={<AccountCircleOutlinedIcon />} />
              <Tooltip title={t('auth.logout')}>
                <IconButton
                  color="inherit"
                  onClick={() => void session.logout()}
                  aria-label={t('auth.logout')}
                  data-testid="logout"
                >
                  <LogoutIcon />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Toolbar>
      </AppBar>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="xl"
        sx={{ flex: 1, py: { xs: 2, sm: 3 }, px: { xs: 1, sm: 2, md: 3 } }}
      >
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
