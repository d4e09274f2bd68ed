import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import SensorsIcon from '@mui/icons-material/Sensors';
import SensorsOffIcon from '@mui/icons-material/SensorsOff';
import type { LiveStatus } from '../../lib/live';

/** Whether a list follows its changes live: 'Ao vivo' or 'Offline' (nothing while connecting). */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle' || status === 'connecting') return null;
  const online = status === 'online';
  const label = online ? t('studies.live') : t('studies.offline');
  return (
    <Tooltip title={label}>
      <Chip
        size="small"
        variant="outlined"
        color={online ? 'success' : 'default'}
        icon={online ? <SensorsIcon /> : <SensorsOffIcon />}
        label={online ? t('studies.liveShort') : t('studies.offlineShort')}
        aria-label={label}
        data-testid="live-status"
        data-status={status}
      />
    </Tooltip>
  );
}
