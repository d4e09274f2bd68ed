import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Grow from '@mui/material/Grow';
import Stack from '@mui/material/Stack';
import { dismissNotice, useNotices } from './store';

/** The stack of notifications, bottom left, newest at the bottom. */
export function Notifications() {
  const { t } = useTranslation();
  const notices = useNotices();
  return (
    <Stack
      spacing={1}
      aria-live="assertive"
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: { sm: 480 },
        pointerEvents: 'none',
      }}
    >
      {notices.map((n) => (
        <Grow in key={n.id}>
          <Alert
            variant="filled"
            severity={n.severity}
            onClose={() => dismissNotice(n.id)}
            slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
            sx={{ pointerEvents: 'auto', boxShadow: 6 }}
            data-testid="notification"
          >
            {n.message}
          </Alert>
        </Grow>
      ))}
    </Stack>
  );
}
