import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import WifiOffOutlinedIcon from '@mui/icons-material/WifiOffOutlined';
import CallSplitOutlinedIcon from '@mui/icons-material/CallSplitOutlined';
import type { SaveStatus } from './autosaver';

const COLOR: Record<SaveStatus, string> = {
  idle: 'text.secondary',
  pending: 'text.secondary',
  saving: 'text.secondary',
  saved: 'success.main',
  error: 'error',
  offline: 'warning.main',
  conflict: 'warning.main',
};

/** The draft's save state under the editor (spec 2 §4: saving, ok, error; offline and conflict: issue 23). */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const icon = {
    idle: null,
    pending: <CloudSyncOutlinedIcon fontSize="inherit" />,
    saving: <CloudSyncOutlinedIcon fontSize="inherit" />,
    saved: <CloudDoneOutlinedIcon fontSize="inherit" />,
    error: <CloudOffOutlinedIcon fontSize="inherit" />,
    offline: <WifiOffOutlinedIcon fontSize="inherit" />,
    conflict: <CallSplitOutlinedIcon fontSize="inherit" />,
  }[status];
  if (status === 'idle') return <span data-testid="draft-status" data-status="idle" />;
  return (
    <Typography
      variant="caption"
      color={COLOR[status]}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
      role="status"
      data-testid="draft-status"
      data-status={status}
    >
      {icon}
      {t(`editor.status.${status}`)}
    </Typography>
  );
}
