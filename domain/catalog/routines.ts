/**
 * Time routines (spec 3 §3 Routine, §5): which routine an arriving study gets, and how much
 * time it has left. Pure: the API, the ingest and the web all call these.
 */

export interface RuleCandidate {
  routineId: string;
  institutionId: string | null;
  modality: string | null;
  examTitle: string | null;
  /** The routine's importance weight: breaks ties between equally specific rules. */
  weight: number;
}

export interface Arrival {
  institutionId: string;
  modalities: readonly string[];
  examType: string | null;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/**
 * The routine of an arriving study: among the rules whose every criterion matches (institution,
 * modality, exam by title against the study description), the most specific one (most
 * criteria), then the heaviest routine; none → the account's default.
 */
export function pickRoutine(rules: readonly RuleCandidate[], arrival: Arrival, defaultRoutineId: string | null): string | null {
  let best: { routineId: string; score: number; weight: number } | null = null;
  const exam = arrival.examType ? fold(arrival.examType) : null;
  for (const r of rules) {
    if (r.institutionId && r.institutionId !== arrival.institutionId) continue;
    if (r.modality && !arrival.modalities.includes(r.modality)) continue;
    if (r.examTitle && (!exam || fold(r.examTitle) !== exam)) continue;
    const score = Number(Boolean(r.institutionId)) + Number(Boolean(r.modality)) + Number(Boolean(r.examTitle));
    if (score === 0) continue;
    if (!best || score > best.score || (score === best.score && r.weight > best.weight)) {
      best = { routineId: r.routineId, score, weight: r.weight };
    }
  }
  return best?.routineId ?? defaultRoutineId;
}

export type RoutineStatus = 'onTime' | 'alert' | 'overdue';

export interface RoutineTiming {
  /** Arrival + duration (ISO). */
  deadline: string;
  /** Deadline − alert time (ISO): from here the remaining time is shown as a warning. */
  alertAt: string;
  /** Whole minutes left (negative once overdue). */
  remainingMinutes: number;
  status: RoutineStatus;
}

const MINUTE = 60_000;

export function routineTiming(
  arrival: Date | string,
  durationMinutes: number,
  alertMinutes: number,
  now: Date = new Date(),
): RoutineTiming {
  const deadline = new Date(new Date(arrival).getTime() + durationMinutes * MINUTE);
  const alertAt = new Date(deadline.getTime() - alertMinutes * MINUTE);
  const left = deadline.getTime() - now.getTime();
  return {
    deadline: deadline.toISOString(),
    alertAt: alertAt.toISOString(),
    remainingMinutes: left >= 0 ? Math.floor(left / MINUTE) : -Math.ceil(-left / MINUTE),
    status: left <= 0 ? 'overdue' : now.getTime() >= alertAt.getTime() ? 'alert' : 'onTime',
  };
}

/** '2d 3h', '3h 05min', '12min'; overdue times carry a minus sign. */
export function formatRemaining(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(minutes);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d > 0) return `${sign}${d}d ${h}h`;
  if (h > 0) return `${sign}${h}h ${String(min).padStart(2, '0')}min`;
  return `${sign}${min}min`;
}
