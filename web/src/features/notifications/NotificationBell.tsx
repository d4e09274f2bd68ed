import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import AlarmIcon from '@mui/icons-material/Alarm';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { describeError } from '../../lib/errors';
import { type Notification, fetchNotifications, markAllNotificationsRead, markNotificationRead, notificationKeys } from './api';
import { useUnreadCount } from './use-unread-count';

/** One notification: what crossed, for which exam, and when its deadline is (or was). */
function NotificationRow({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t, i18n } = useTranslation();
  const overdue = n.kind === 'deadline.overdue';
  // An e-mailed critical finding nobody acknowledged: its data carries the finding where a routine goes.
  const critical = n.kind === 'critical.unacknowledged';
  const what = [n.data.patientName, n.data.examType].filter(Boolean).join(' · ') || '—';
  return (
    <ListItemButton
      onClick={() => onOpen(n)}
      data-testid={`notification-${n.id}`}
      data-unread={n.readAt ? 'false' : 'true'}
      sx={{ alignItems: 'flex-start', bgcolor: n.readAt ? undefined : 'action.hover' }}
    >
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
        {overdue || critical ? (
          <ErrorOutlineIcon color="error" fontSize="small" />
        ) : (
          <AlarmIcon color="warning" fontSize="small" />
        )}
      </ListItemIcon>
      <ListItemText
        primary={t(critical ? 'notifications.critical' : overdue ? 'notifications.overdue' : 'notifications.alert', { what })}
        secondary={
          critical
            ? t('notifications.criticalDue', {
                finding: n.data.routineName ?? '—',
                at: new Date(n.data.deadline).toLocaleString(i18n.language),
              })
            : t('notifications.deadline', {
                routine: n.data.routineName ?? '—',
                at: new Date(n.data.deadline).toLocaleString(i18n.language),
              })
        }
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: n.readAt ? 400 : 600 } }, secondary: { variant: 'caption' } }}
      />
    </ListItemButton>
  );
}

/**
 * The app bar's bell (issue 18): the unread count, live; a list of the newest notifications
 * (more on demand); opening one marks it read and goes to its study's report.
 */
export function NotificationBell({ accountId, userId }: { accountId: string | null; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadCount(accountId, userId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list(accountId),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: anchor !== null,
  });
  const settled = (count: number) => {
    queryClient.setQueryData(notificationKeys.unread(accountId), count);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
  };
  const markRead = useMutation({ mutationFn: markNotificationRead, onSuccess: settled });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: settled });
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    if (n.studyId) {
      setAnchor(null);
      void navigate(`/studies/report/${encodeURIComponent(n.studyId)}`);
    }
  };
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const label = t('notifications.bell', { count: unread });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={label}
          aria-haspopup="dialog"
          data-testid="notification-bell"
          sx={{ p: { xs: 0.75, sm: 1 } }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
            <NotificationsOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '95vw' }, role: 'dialog', 'aria-label': t('notifications.title') } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" sx={{ flex: 1 }}>
            {t('notifications.title')}
          </Typography>
          <Button
            size="small"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="notifications-read-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        </Stack>
        <Divider />
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {list.isPending ? (
            <Stack spacing={1} sx={{ p: 2 }} aria-busy>
              <Skeleton variant="rounded" height={48} />
              <Skeleton variant="rounded" height={48} />
            </Stack>
          ) : list.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {describeError(list.error, t)}
            </Alert>
          ) : items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }} data-testid="notifications-empty">
              {t('notifications.empty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {items.map((n) => (
                <NotificationRow key={n.id} n={n} onOpen={open} />
              ))}
            </List>
          )}
          {list.hasNextPage && (
            <Button fullWidth disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('notifications.more')}
            </Button>
          )}
        </Box>
      </Popover>
    </>
  );
}
