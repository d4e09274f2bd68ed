import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import { OtherSessionsEnded, SessionList, type SessionListItem } from '../../../../domain/auth/sessions';
import { deviceLabel, parseUserAgent } from '../../../../domain/auth/user-agent';
import { formatDateTime } from '../../../../domain/dates';
import { toast } from '../../app/notifications/store';
import { apiRequest } from '../../lib/api';
import { AccessLinkButton } from './AccessLinkButton';
import { ProfileCard } from './ProfileCard';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** My sessions: device, address, last seen, this one marked; sign out one or all the others. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiRequest('/auth/sessions', { schema: SessionList, signal }).then((a) => a.data),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOthers = useMutation({
    mutationFn: () => apiRequest('/auth/sessions/revokeOthers', { method: 'POST', schema: OtherSessionsEnded }),
    onSuccess: (answer) => {
      toast(t('sessions.othersEnded', { count: answer.data.ended }), 'success');
      refresh();
    },
  });
  const endOne = useMutation({
    mutationFn: (id: string) => apiRequest(`/auth/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast(t('sessions.ended'), 'success');
      refresh();
    },
  });

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const device = (s: SessionListItem) => deviceLabel(s.userAgent) ?? t('sessions.unknownDevice');

  return (
    <ProfileCard title={t('sessions.title')} icon={<DevicesOutlinedIcon />}>
      <Typography variant="body2" color="text.secondary">
        {t('sessions.subtitle')}
      </Typography>
      {sessions.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : (
        <List dense disablePadding data-testid="sessions-list">
          {list.map((s) => (
            <ListItem
              key={s.id}
              disableGutters
              data-testid={s.current ? 'session-current' : 'session-other'}
              secondaryAction={
                s.current ? undefined : (
                  <Tooltip title={t('sessions.signOut')}>
                    <span>
                      <IconButton
                        edge="end"
                        aria-label={t('sessions.signOutNamed', { device: device(s) })}
                        disabled={endOne.isPending}
                        onClick={() => endOne.mutate(s.id)}
                        data-testid={`session-end-${s.id}`}
                      >
                        <LogoutIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {parseUserAgent(s.userAgent).mobile ? <PhoneIphoneOutlinedIcon /> : <ComputerOutlinedIcon />}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {device(s)}
                    {s.current && <Chip size="small" color="primary" label={t('sessions.current')} />}
                  </Box>
                }
                secondary={[
                  t('sessions.lastSeen', { when: formatDateTime(s.lastSeenAt, i18n.language) }),
                  s.ip ? t('sessions.address', { ip: s.ip }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {!sessions.isPending && others === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="sessions-no-others">
          {t('sessions.noOthers')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
          data-testid="sessions-sign-out-others"
        >
          {t('sessions.signOutOthers')}
        </Button>
        <AccessLinkButton />
      </Stack>
    </ProfileCard>
  );
}
