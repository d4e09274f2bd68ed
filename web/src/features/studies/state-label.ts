import type { TFunction } from 'i18next';
import type { ChipProps } from '@mui/material/Chip';
import { isLaudoState, LaudoState } from '../../../../domain/laudo/states';

/** The translated name of a report state ('Não iniciado', 'Em andamento', …). */
export function laudoStateLabel(t: TFunction, state: number): string {
  return isLaudoState(state) ? t(`laudoState.${state}`) : t('laudoState.unknown', { state });
}

/** Chip colour per state: presentation only. */
export function laudoStateColor(state: number): ChipProps['color'] {
  switch (state) {
    case LaudoState.NOT_STARTED:
      return 'default';
    case LaudoState.IN_PROGRESS:
    case LaudoState.TYPING:
      return 'info';
    case LaudoState.CONCLUDED:
    case LaudoState.SIGNED:
      return 'success';
    case LaudoState.AWAITING_REVIEW:
    case LaudoState.REVIEWING:
    case LaudoState.REVIEWING_TYPED:
    case LaudoState.TYPED:
      return 'warning';
    case LaudoState.OPINION_REQUESTED:
    case LaudoState.OPINION_DONE:
    case LaudoState.NO_INSTITUTION_OPINION_REQUESTED:
    case LaudoState.NO_INSTITUTION_OPINION_PENDING:
    case LaudoState.NO_INSTITUTION_OPINION_DONE:
      return 'secondary';
    case LaudoState.NARRATED:
      return 'primary';
    default:
      return 'default';
  }
}
