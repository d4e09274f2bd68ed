import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatRemaining, routineTiming } from '../../../../domain/catalog/routines';
import type { StudyListItem } from '../../../../domain/studies/schemas';

/**
 * One clock for every row, moving every 30 s, so the remaining times count down without
 * refetching: one timer for the page, not three per row (issue 24). Read with state and an
 * effect, not useSyncExternalStore: a store read during the list's deferred render that
 * changes meanwhile makes React render the whole list again, synchronously.
 */
const CLOCK_MS = 30_000;
const clockListeners = new Set<(now: Date) => void>();
let clockTimer: ReturnType<typeof setInterval> | undefined;
function subscribeClock(listener: (now: Date) => void): () => void {
  if (clockListeners.size === 0) {
    clockTimer = setInterval(() => {
      const now = new Date();
      for (const l of clockListeners) l(now);
    }, CLOCK_MS);
  }
  clockListeners.add(listener);
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) clearInterval(clockTimer);
  };
}
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => subscribeClock(setNow), []);
  return now;
}

/**
 * The routine's status and remaining time as of now (recomputed from the deadline: the
 * server's figure is as of the page's load); null without a routine.
 */
export function useRoutineTiming(study: StudyListItem) {
  const { t } = useTranslation();
  const now = useNow();
  const routine = study.routine;
  if (!routine) return null;
  const duration = (Date.parse(routine.deadline) - Date.parse(study.receivedAt ?? routine.deadline)) / 60_000;
  const alert = (Date.parse(routine.deadline) - Date.parse(routine.alertAt)) / 60_000;
  const timing = study.receivedAt ? routineTiming(study.receivedAt, duration, alert, now) : routine;
  const remaining =
    timing.status === 'overdue'
      ? t('studies.routine.overdue', { time: formatRemaining(-timing.remainingMinutes) })
      : formatRemaining(timing.remainingMinutes);
  return { timing, remaining };
}

const URGENCY_COLOR = { overdue: 'error', alert: 'warning', onTime: 'success' } as const;

/** Urgency column: the routine's status (overdue, in its alert window, on time). */
export function UrgencyCell({ study }: { study: StudyListItem }) {
  const { t } = useTranslation();
  const live = useRoutineTiming(study);
  if (!live) return <>—</>;
  return (
    <Chip
      size="small"
      variant={live.timing.status === 'onTime' ? 'outlined' : 'filled'}
      color={URGENCY_COLOR[live.timing.status]}
      label={t(`studies.urgency.${live.timing.status}`)}
      data-testid={`study-urgency-${study.id}`}
      data-status={live.timing.status}
    />
  );
}

/** Remaining-time column: until the routine's deadline, or how late past it. */
export function RemainingCell({ study }: { study: StudyListItem }) {
  const live = useRoutineTiming(study);
  if (!live) return <>—</>;
  return (
    <Box
      component="span"
      sx={{ color: live.timing.status === 'overdue' ? 'error.main' : live.timing.status === 'alert' ? 'warning.main' : undefined }}
      data-testid={`study-remaining-${study.id}`}
    >
      {live.remaining}
    </Box>
  );
}

/**
 * The study's routine and its remaining time (deadline = arrival + duration): in the routine's
 * colour while on time, warning inside the alert window, error once overdue. Clicking it asks
 * to change the routine.
 */
export function RoutineChip({ study, onClick }: { study: StudyListItem; onClick: () => void }) {
  const { t } = useTranslation();
  const live = useRoutineTiming(study);
  const routine = study.routine;
  if (!routine || !live) return null;
  const { timing, remaining } = live;
  const label = routine.showRemainingTime ? `${routine.name} · ${remaining}` : routine.name;
  return (
    <Chip
      size="small"
      label={label}
      clickable
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      onKeyDown={(e) => e.stopPropagation()}
      color={timing.status === 'overdue' ? 'error' : timing.status === 'alert' ? 'warning' : 'default'}
      variant={timing.status === 'onTime' ? 'outlined' : 'filled'}
      icon={
        timing.status === 'onTime' ? (
          <Box
            component="span"
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: routine.color, ml: '6px !important' }}
          />
        ) : undefined
      }
      aria-label={t('studies.routine.label', { name: routine.name, time: remaining })}
      data-testid={`study-routine-${study.id}`}
      data-status={timing.status}
      sx={{ maxWidth: 200 }}
    />
  );
}
