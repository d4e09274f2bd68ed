import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NotFoundPage } from '../../app/NotFoundPage';
import { visibleAdminNav } from './nav';
import { useAdminCaller } from './use-admin';

/**
 * The Administration area (/admin): a left navigation built from nav.ts — above the page on a
 * narrow screen, beside it from 900 px — and the page. Only administrators and the super role
 * enter; /admin opens the first entry the caller may use.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const caller = useAdminCaller();
  const { pathname } = useLocation();
  const entries = visibleAdminNav(caller);
  if (entries.length === 0) return <NotFoundPage />;
  if (pathname.replace(/\/$/, '') === '/admin') return <Navigate to={entries[0]!.path} replace />;
  const allowed = entries.some((e) => pathname.startsWith(e.path));
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        component="nav"
        aria-label={t('admin.title')}
        sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 64 } }}
        data-testid="admin-nav"
      >
        <Typography variant="overline" sx={{ px: 2, pt: 1, display: 'block', color: 'text.secondary' }}>
          {t('admin.title')}
        </Typography>
        <List
          dense
          // On a phone the entries wrap into rows: every entry stays in sight, nothing scrolls sideways.
          sx={{ display: { xs: 'flex', md: 'block' }, flexWrap: 'wrap', py: 0.5 }}
        >
          {entries.map((e) => {
            const Icon = e.icon;
            return (
              // Each link in its own <li> (a list holds only list items, WCAG 1.3.1).
              <ListItem key={e.path} disablePadding sx={{ width: { xs: 'auto', md: '100%' }, flexShrink: 0 }}>
                <ListItemButton
                  component={NavLink}
                  to={e.path}
                  selected={pathname.startsWith(e.path)}
                  sx={{ borderRadius: 1, mx: 0.5 }}
                  data-testid={`admin-nav-${e.path.split('/').pop()}`}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={t(e.label)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>{allowed ? <Outlet /> : <NotFoundPage />}</Box>
    </Box>
  );
}
