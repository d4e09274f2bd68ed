import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { FindingStatus } from '../../../../domain/findings/critical-findings';

/** A suspicion shows as a warning, a finding (created or accepted) as an error. */
export function FindingStatusChip({ status }: { status: FindingStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'SUSPICION_CREATED' ? 'warning' : 'error'}
      label={t(`findings.status.${status}`)}
      data-testid="finding-status"
      data-status={status}
    />
  );
}
