import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { laudoStateColor, laudoStateLabel } from './state-label';

export function StudyStatusChip({ state, size = 'small' }: { state: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      color={laudoStateColor(state)}
      variant={state === 0 ? 'outlined' : 'filled'}
      label={laudoStateLabel(t, state)}
      data-state={state}
    />
  );
}
